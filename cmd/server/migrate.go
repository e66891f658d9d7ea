package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/migrations"
)

// versioned is what both stores report about their schema.
type versioned interface {
	SchemaVersion(ctx context.Context) (migrations.Status, error)
}

func newMigrateCmd(o *options, logOut io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply pending database migrations and exit",
		Long: `migrate opens the database (PostgreSQL with --database, else the SQLite file
in --data-dir), applies the migrations this binary embeds and exits. serve does
the same at start-up; migrate lets an operator do it ahead of a deploy.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			store, err := openStore(cmd.Context(), o, newLogger(logOut, o.logLevel))
			if err != nil {
				return err
			}
			defer store.Close()
			if v, ok := store.(versioned); ok {
				st, err := v.SchemaVersion(cmd.Context())
				if err != nil {
					return fmt.Errorf("schema version: %w", err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "database schema is at version %d (latest %d)\n", st.Current, st.Latest)
				return nil
			}
			fmt.Fprintln(cmd.OutOrStdout(), "database schema is up to date")
			return nil
		},
	}
}
