package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/protocol"
)

type exportOptions struct {
	global *globalOptions
	env    *Env
	GameID int64
	Format string
	Output string
}

func newExportCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &exportOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "export GAME",
		Short: "Save a game's record as text, PSQ (Piskvork) or SGF",
		Example: `  gomoku export 42 --format sgf -o game42.sgf
  gomoku export 42 --format psq > game42.psq`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGames(g, env),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseGameID(args[0])
			if err != nil {
				return err
			}
			o.GameID = id
			return runExport(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", protocol.FormatText, "txt, psq or sgf")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write to this file instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedCompletion(protocol.FormatText, protocol.FormatPSQ, protocol.FormatSGF))
	_ = cmd.MarkFlagFilename("output", "txt", "psq", "sgf")
	return cmd
}

func runExport(ctx context.Context, o *exportOptions) error {
	o.Format = strings.ToLower(o.Format)
	switch o.Format {
	case protocol.FormatText, protocol.FormatPSQ, protocol.FormatSGF:
	default:
		return fmt.Errorf("--format: %q is not txt, psq or sgf", o.Format)
	}
	return withSession(ctx, o.global, o.env, authAny, func(ctx context.Context, s *session) error {
		rec, err := s.c.Record(ctx, o.GameID, o.Format)
		if err != nil {
			return err
		}
		if o.global.JSON {
			return printJSON(o.env.Out, rec)
		}
		if o.Output == "" || o.Output == "-" {
			_, err := fmt.Fprint(o.env.Out, rec.Data)
			return err
		}
		if err := os.WriteFile(o.Output, []byte(rec.Data), 0o644); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		fmt.Fprintf(o.env.Err, "game %d saved to %s (%s)\n", o.GameID, o.Output, o.Format)
		return nil
	})
}
