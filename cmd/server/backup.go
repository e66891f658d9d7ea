package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/sqlite"
)

func newBackupCmd(o *options) *cobra.Command {
	return &cobra.Command{
		Use:   "backup FILE",
		Short: "Copy the SQLite store to FILE, safely while the server runs",
		Long: `backup writes a consistent copy of the embedded SQLite store (gomoku.db in
--data-dir) to FILE, a new file. It may run while the server serves and
writes: the copy holds every move stored before it began. It takes no lock
of the server's and never changes the store.

To restore, stop the server, put the copy in place as gomoku.db in the data
directory (remove gomoku.db-wal and gomoku.db-shm there) and start it.

With PostgreSQL (--database) use pg_dump instead; see the README.`,
		Example: `  gomoku-server backup --data-dir /var/lib/gomoku /backups/gomoku-$(date +%F).db`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.database != "" {
				return errors.New("backup copies the embedded SQLite store; for PostgreSQL use pg_dump (see the README)")
			}
			src := filepath.Join(o.dataDir, "gomoku.db")
			if err := sqlite.Backup(cmd.Context(), src, args[0]); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s\n", src, args[0])
			return nil
		},
	}
}
