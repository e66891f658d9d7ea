package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"
)

// healthOptions are the healthcheck command's own flags.
type healthOptions struct {
	url     string // overrides the URL derived from --addr
	timeout time.Duration
}

func newHealthcheckCmd(o *options) *cobra.Command {
	h := &healthOptions{}
	cmd := &cobra.Command{
		Use:   "healthcheck",
		Short: "Exit 0 when the server on --addr answers /healthz, 1 otherwise",
		Long: `healthcheck GETs /healthz of the server listening on --addr (GOMOKU_ADDR; a
wildcard host means this machine) and exits 0 on 200, 1 otherwise. It is
the health check of container images that have no curl (distroless):

  HEALTHCHECK CMD ["/gomoku-server", "healthcheck"]`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			url := h.url
			if url == "" {
				url = healthURL(o.addr)
			}
			if err := checkHealth(cmd.Context(), url, h.timeout); err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), "ok")
			return nil
		},
	}
	cmd.Flags().StringVar(&h.url, "url", "", "check this URL instead of http://ADDR/healthz")
	cmd.Flags().DurationVar(&h.timeout, "timeout", 5*time.Second, "give up after this long")
	return cmd
}

// healthURL is the /healthz URL of a server listening on addr, dialled on
// the loopback address when addr has no host or a wildcard one.
func healthURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr + "/healthz"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz"
}

// checkHealth GETs url and fails unless it answers 200 within timeout.
func checkHealth(ctx context.Context, url string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("health check: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("health check: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health check: %s answered %s: %s", url, resp.Status, body)
	}
	return nil
}
