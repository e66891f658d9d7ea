package main

import (
	"crypto/tls"
	"fmt"
	"os"
	"sync"
	"time"
)

// certReloader serves a certificate pair from files, reading them again
// when the certificate file's modification time changes (a renewal by
// certbot or an operator), checked at most once a minute.
type certReloader struct {
	cert, key string

	mu      sync.Mutex
	current *tls.Certificate
	modTime time.Time
	checked time.Time
}

// get is tls.Config.GetCertificate. On a failed reload the old certificate
// is kept: a half-written renewal must not take the server down.
func (r *certReloader) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if time.Since(r.checked) > time.Minute {
		r.checked = time.Now()
		if st, err := os.Stat(r.cert); err == nil && !st.ModTime().Equal(r.modTime) {
			if c, err := r.loadLocked(); err == nil {
				r.current = c
			}
		}
	}
	return r.current, nil
}

// load reads the pair now.
func (r *certReloader) load() (*tls.Certificate, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, err := r.loadLocked()
	if err == nil {
		r.current, r.checked = c, time.Now()
	}
	return c, err
}

func (r *certReloader) loadLocked() (*tls.Certificate, error) {
	st, err := os.Stat(r.cert)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate: %w", err)
	}
	c, err := tls.LoadX509KeyPair(r.cert, r.key)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate and key: %w", err)
	}
	r.modTime = st.ModTime()
	return &c, nil
}
