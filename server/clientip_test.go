package server

import (
	"net/http"
	"testing"
)

func TestClientIP(t *testing.T) {
	proxies, err := ParseProxies([]string{"10.0.0.0/8", " 192.0.2.7 ", "", "2001:db8::/32"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, remote string
		header       http.Header
		want         string
	}{
		{"no proxy: the peer", "203.0.113.5:4000", nil, "203.0.113.5"},
		{"spoofed header from an untrusted peer is ignored", "203.0.113.5:4000",
			http.Header{"X-Forwarded-For": {"1.1.1.1"}, "X-Real-Ip": {"1.1.1.1"}, "Forwarded": {"for=1.1.1.1"}}, "203.0.113.5"},
		{"trusted proxy, X-Forwarded-For", "10.1.2.3:4000", http.Header{"X-Forwarded-For": {"198.51.100.9"}}, "198.51.100.9"},
		{"read from the right: the client's own claim is skipped", "10.1.2.3:4000",
			http.Header{"X-Forwarded-For": {"6.6.6.6, 198.51.100.9"}}, "198.51.100.9"},
		{"a chain of trusted proxies", "10.1.2.3:4000",
			http.Header{"X-Forwarded-For": {"6.6.6.6, 198.51.100.9, 10.9.9.9", "192.0.2.7"}}, "198.51.100.9"},
		{"every hop trusted: the leftmost", "10.1.2.3:4000", http.Header{"X-Forwarded-For": {"10.0.0.1, 10.0.0.2"}}, "10.0.0.1"},
		{"malformed hop stops the walk", "10.1.2.3:4000", http.Header{"X-Forwarded-For": {"6.6.6.6, junk, 10.0.0.2"}}, "10.0.0.2"},
		{"Forwarded first", "10.1.2.3:4000",
			http.Header{"Forwarded": {`for=198.51.100.1;proto=https, for="[2001:db8::1]:443"`}, "X-Forwarded-For": {"7.7.7.7"}},
			"198.51.100.1"},
		{"Forwarded IPv6 client", "10.1.2.3:4000", http.Header{"Forwarded": {`For="[2001:db9::5]:8080"`}}, "2001:db9::5"},
		{"X-Real-IP last", "10.1.2.3:4000", http.Header{"X-Real-Ip": {" 198.51.100.4 "}}, "198.51.100.4"},
		{"trusted proxy without headers: the proxy", "10.1.2.3:4000", nil, "10.1.2.3"},
		{"IPv4-mapped peer", "[::ffff:10.1.2.3]:4000", http.Header{"X-Forwarded-For": {"198.51.100.9"}}, "198.51.100.9"},
		{"IPv6 proxy", "[2001:db8::9]:4000", http.Header{"X-Forwarded-For": {"198.51.100.9"}}, "198.51.100.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &http.Request{RemoteAddr: tc.remote, Header: tc.header}
			if got := proxies.clientIP(r); got != tc.want {
				t.Fatalf("clientIP = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseProxiesRefuses(t *testing.T) {
	for _, s := range []string{"10.0.0.0/33", "example.org", "1.2.3"} {
		if _, err := ParseProxies([]string{s}); err == nil {
			t.Errorf("ParseProxies(%q) accepted", s)
		}
	}
}
