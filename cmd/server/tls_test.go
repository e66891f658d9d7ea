package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/client"
)

// selfSigned writes a self-signed certificate for 127.0.0.1 and its key.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "gomoku test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	write := func(path, typ string, b []byte) {
		if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: b}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(certFile, "CERTIFICATE", der)
	write(keyFile, "EC PRIVATE KEY", kder)
	return certFile, keyFile
}

// runServer runs the server in-process with args and returns the URL it
// prints; it stops at the end of the test.
func runServer(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer pw.Close()
		run(ctx, append([]string{"--addr", "127.0.0.1:0", "--log-level", "warn"}, args...), pw, io.Discard)
	}()
	t.Cleanup(func() { cancel(); <-done })
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("server said nothing: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	i, j := strings.Index(line, "--server "), strings.LastIndex(line, "`")
	if i < 0 || j < i {
		t.Fatalf("start-up line %q", line)
	}
	return line[i+len("--server ") : j]
}

// TestTLS: with a certificate the server speaks wss:// only; the client
// trusts a self-signed certificate given as its CA, and plain http on the
// redirect port is sent to https.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	plain, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpAddr := plain.Addr().String()
	plain.Close()
	url := runServer(t, "--data-dir", dir, "--tls-cert", cert, "--tls-key", key, "--http-addr", httpAddr)
	if !strings.HasPrefix(url, "wss://127.0.0.1:") {
		t.Fatalf("printed URL %q, want wss://", url)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := client.Dial(ctx, url, client.Options{}); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("an untrusted self-signed certificate was accepted: %v", err)
	}
	if _, err := client.Dial(ctx, "ws"+strings.TrimPrefix(url, "wss"), client.Options{}); err == nil {
		t.Fatal("plain ws:// accepted on the TLS port")
	}
	tlsConf, err := client.LoadCA(cert)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.Dial(ctx, url, client.Options{TLS: tlsConf})
	if err != nil {
		t.Fatalf("wss with the CA: %v", err)
	}
	defer c.Close()
	if _, err := c.Guest(ctx, "tls"); err != nil {
		t.Fatalf("guest over wss: %v", err)
	}

	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get("http://" + httpAddr + "/lobby?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusMovedPermanently || loc != "https://127.0.0.1/lobby?x=1" {
		t.Fatalf("http: %d to %q, want 301 to https://127.0.0.1/lobby?x=1", resp.StatusCode, loc)
	}
}

func TestTLSFlagsRefused(t *testing.T) {
	for _, args := range [][]string{{"--tls-cert", "a.pem"}, {"--tls-key", "k.pem"},
		{"--tls-cert", "a.pem", "--tls-key", "k.pem", "--domain", "example.org"}, {"--trusted-proxies", "10.0.0.0/99"}} {
		var out strings.Builder
		if code := run(context.Background(), append([]string{"--addr", "127.0.0.1:0", "--data-dir", t.TempDir()}, args...), io.Discard, &out); code == 0 {
			t.Errorf("%v accepted", args)
		}
	}
}
