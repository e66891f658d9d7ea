package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies is the set of reverse proxies whose forwarding headers the server
// believes. A request from any other peer is judged by its own address: a
// header it sends is ignored, so nobody can pose as another address to slip
// the per-address limits.
type Proxies []netip.Prefix

// ParseProxies reads a list of CIDRs or bare addresses ("10.0.0.0/8",
// "127.0.0.1", "::1").
func ParseProxies(list []string) (Proxies, error) {
	var ps Proxies
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return nil, fmt.Errorf("trusted proxy %q: not a CIDR or an address", s)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		ps = append(ps, p.Masked())
	}
	return ps, nil
}

// trusts reports whether a is one of the proxies.
func (ps Proxies) trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientIP is the address a request came from: the peer's, unless the peer
// is a trusted proxy. Then it is the nearest address that is not a trusted
// proxy in Forwarded (RFC 7239), else X-Forwarded-For, read from the right
// (the end the proxies append to; the left is whatever the client claimed),
// else X-Real-IP.
func (ps Proxies) clientIP(r *http.Request) string {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() {
		return r.RemoteAddr
	}
	if len(ps) == 0 || !ps.trusts(peer) {
		return peer.String()
	}
	chains := [][]string{forwardedFor(r.Header.Values("Forwarded")), listHeader(r.Header.Values("X-Forwarded-For"))}
	for _, chain := range chains {
		if a, ok := ps.nearestClient(chain); ok {
			return a.String()
		}
	}
	if a, err := netip.ParseAddr(strings.TrimSpace(r.Header.Get("X-Real-IP"))); err == nil {
		return a.Unmap().String()
	}
	return peer.String()
}

// nearestClient walks a forwarding chain from the right and returns the
// first address that is not a trusted proxy. A malformed entry stops the
// walk: nothing left of it can be believed. When every entry is a trusted
// proxy, the leftmost is the client.
func (ps Proxies) nearestClient(chain []string) (netip.Addr, bool) {
	var last netip.Addr
	for i := len(chain) - 1; i >= 0; i-- {
		a := parseNode(chain[i])
		if !a.IsValid() {
			return last, last.IsValid()
		}
		if !ps.trusts(a) {
			return a, true
		}
		last = a
	}
	return last, last.IsValid()
}

// peerAddr parses a RemoteAddr ("1.2.3.4:5678", "[::1]:5678").
func peerAddr(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap()
	}
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

// parseNode reads one node of a forwarding chain: an address, perhaps with
// a port, perhaps bracketed or quoted (Forwarded: for="[2001:db8::1]:80").
func parseNode(s string) netip.Addr {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap()
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// listHeader splits comma-separated header values, in order.
func listHeader(values []string) []string {
	var out []string
	for _, v := range values {
		out = append(out, strings.Split(v, ",")...)
	}
	return out
}

// forwardedFor returns the for= nodes of Forwarded headers, in order; an
// element without for= is kept as an empty (malformed) node.
func forwardedFor(values []string) []string {
	var out []string
	for _, elem := range listHeader(values) {
		node := ""
		for _, pair := range strings.Split(elem, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if ok && strings.EqualFold(k, "for") {
				node = v
			}
		}
		out = append(out, node)
	}
	return out
}
