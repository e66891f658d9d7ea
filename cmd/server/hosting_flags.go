package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// addHostingFlags adds the flags of internet hosting: TLS, automatic
// certificates and trusted proxies.
func addHostingFlags(root *cobra.Command, o *options) {
	f := root.PersistentFlags()
	f.StringVar(&o.tlsCert, "tls-cert", envOr("", "GOMOKU_TLS_CERT"),
		"serve TLS (wss://, https://) with this PEM certificate chain; read again when it changes (env GOMOKU_TLS_CERT)")
	f.StringVar(&o.tlsKey, "tls-key", envOr("", "GOMOKU_TLS_KEY"), "the PEM private key of --tls-cert (env GOMOKU_TLS_KEY)")
	f.StringSliceVar(&o.domains, "domain", splitEnv("GOMOKU_DOMAIN"),
		"get certificates for these names from Let's Encrypt, cached in --data-dir/autocert; needs ports 443 and 80 (env GOMOKU_DOMAIN)")
	f.StringVar(&o.acmeEmail, "acme-email", envOr("", "GOMOKU_ACME_EMAIL"),
		"contact address for the Let's Encrypt account, optional (env GOMOKU_ACME_EMAIL)")
	f.StringVar(&o.httpAddr, "http-addr", envOr(":80", "GOMOKU_HTTP_ADDR"),
		`with TLS, plain HTTP here redirects to https and answers certificate challenges; "" turns it off (env GOMOKU_HTTP_ADDR)`)
	f.StringSliceVar(&o.trustedProxies, "trusted-proxies", splitEnv("GOMOKU_TRUSTED_PROXIES"),
		"reverse proxies (CIDRs or addresses) whose X-Forwarded-For, Forwarded and X-Real-IP give the client's address (env GOMOKU_TRUSTED_PROXIES)")
	_ = root.MarkPersistentFlagFilename("tls-cert", "pem", "crt")
	_ = root.MarkPersistentFlagFilename("tls-key", "pem", "key")
}

// splitEnv reads a comma-separated environment variable.
func splitEnv(name string) []string {
	if v := envOr("", name); v != "" {
		return strings.Split(v, ",")
	}
	return nil
}
