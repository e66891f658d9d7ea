package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
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
wildcard host means this machine) and exits 0 on 200, 1 otherwise: over
https when --tls-cert or --domain is set, without verifying the certificate
(it checks that the server answers, not who it is). It is the health check
of container images that have no curl (distroless):

  HEALTHCHECK CMD ["/gomoku-server", "healthcheck"]`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			secure := o.tlsCert != "" || len(o.domains) > 0
			url := h.url
			if url == "" {
				url = healthURL(o.addr, secure)
			}
			if err := checkHealth(cmd.Context(), url, healthTLS(o), h.timeout); err != nil {
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

// healthURL is the /healthz URL of a server listening on addr (over https
// when secure), dialled on the loopback address when addr has no host or a
// wildcard one.
func healthURL(addr string, secure bool) string {
	scheme := "http://"
	if secure {
		scheme = "https://"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return scheme + addr + "/healthz"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return scheme + net.JoinHostPort(host, port) + "/healthz"
}

// healthTLS is how the check speaks TLS to the server. It does not verify
// the certificate: the check dials the server's own address (127.0.0.1,
// which no certificate names), sends nothing secret and reads only the
// status, and the question is whether the process answers, not who it is.
// With --domain it names the first domain (SNI): automatic certificates
// are chosen by name.
func healthTLS(o *options) *tls.Config {
	c := &tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS12} //nolint:gosec // see above
	for _, d := range o.domains {
		if d = strings.TrimSpace(d); d != "" {
			c.ServerName = d
			break
		}
	}
	return c
}

// checkHealth GETs url and fails unless it answers 200 within timeout.
func checkHealth(ctx context.Context, url string, tc *tls.Config, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("health check: %w", err)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: tc}}
	defer client.CloseIdleConnections()
	resp, err := client.Do(req)
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
