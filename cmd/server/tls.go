package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/crypto/acme/autocert"
)

// tlsSetup is how the server speaks TLS: the configuration of the main
// listener and the handler of the plain-HTTP listener beside it (a redirect
// to https, plus the ACME HTTP-01 challenge for automatic certificates).
type tlsSetup struct {
	config *tls.Config
	plain  http.Handler
}

// newTLS reads the TLS flags: a certificate and key pair, or domains for
// automatic certificates. nil, nil means plain ws://.
func newTLS(o *options) (*tlsSetup, error) {
	switch {
	case o.tlsCert != "" && len(o.domains) > 0:
		return nil, errors.New("--tls-cert and --domain exclude each other: give a certificate, or domains for automatic ones")
	case (o.tlsCert == "") != (o.tlsKey == ""):
		return nil, errors.New("--tls-cert and --tls-key go together")
	case o.tlsCert != "":
		return certTLS(o.tlsCert, o.tlsKey)
	case len(o.domains) > 0:
		return autoTLS(o)
	}
	return nil, nil
}

// certTLS serves a certificate from files. They are read again when they
// change on disk, so a renewed certificate needs no restart.
func certTLS(certFile, keyFile string) (*tlsSetup, error) {
	r := &certReloader{cert: certFile, key: keyFile}
	if _, err := r.load(); err != nil {
		return nil, err
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: r.get, NextProtos: []string{"http/1.1"}}
	return &tlsSetup{config: cfg, plain: http.HandlerFunc(redirectHTTPS)}, nil
}

// autoTLS gets certificates from Let's Encrypt for the domains (TLS-ALPN-01
// on the TLS port, HTTP-01 on the plain one), cached in the data directory.
func autoTLS(o *options) (*tlsSetup, error) {
	domains := make([]string, 0, len(o.domains))
	for _, d := range o.domains {
		if d = strings.TrimSpace(d); d != "" {
			domains = append(domains, d)
		}
	}
	if len(domains) == 0 {
		return nil, errors.New("--domain: no domain given")
	}
	cache := filepath.Join(o.dataDir, "autocert")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return nil, fmt.Errorf("certificate cache: %w", err)
	}
	m := &autocert.Manager{Prompt: autocert.AcceptTOS, HostPolicy: autocert.HostWhitelist(domains...),
		Cache: autocert.DirCache(cache), Email: o.acmeEmail}
	cfg := m.TLSConfig()
	cfg.MinVersion = tls.VersionTLS12
	cfg.NextProtos = []string{"http/1.1", "acme-tls/1"}
	return &tlsSetup{config: cfg, plain: m.HTTPHandler(http.HandlerFunc(redirectHTTPS))}, nil
}

// redirectHTTPS sends a plain-HTTP request to the same URL over https.
func redirectHTTPS(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h // the https port is the standard one behind a redirect
	}
	if host == "" {
		http.Error(w, "https only", http.StatusBadRequest)
		return
	}
	http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
}

// servePlain runs the plain-HTTP listener of a TLS server until ctx ends.
func servePlain(ctx context.Context, addr string, h http.Handler, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s (http, for redirects and certificates; --http-addr \"\" turns it off): %w", addr, err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = hs.Serve(ln) }()
	log.Info("http redirect to https", "addr", ln.Addr().String())
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}, nil
}
