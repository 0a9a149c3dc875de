package request

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientIP is the address of whoever sent the request: the connection's
// peer, or, when the peer is one of the trusted reverse proxies, the
// client the proxy names: the rightmost X-Forwarded-For address that is
// not itself a trusted proxy, else X-Real-IP. From anyone else these
// headers are ignored: a client could name any address in them.
func ClientIP(r *http.Request, trustedProxies []netip.Prefix) string {
	trusted := func(a netip.Addr) bool {
		for _, p := range trustedProxies {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	peer, ok := parseAddr(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if !trusted(peer) {
		return peer.String()
	}
	if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
		hops := strings.Split(strings.Join(xff, ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			a, ok := parseAddr(strings.TrimSpace(hops[i]))
			if !ok {
				break // a garbled hop: believe nothing further left
			}
			if !trusted(a) {
				return a.String()
			}
		}
	}
	if a, ok := parseAddr(strings.TrimSpace(r.Header.Get("X-Real-IP"))); ok {
		return a.String()
	}
	return peer.String()
}

// parseAddr reads an address with or without a port.
func parseAddr(s string) (netip.Addr, bool) {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// AddrKey is the rate limits' key for a client address: the address, or
// for IPv6 its /64, since one machine commonly has a whole /64 to pick
// addresses from.
func AddrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Is4() {
		return ip
	}
	p, _ := a.Prefix(64)
	return p.String()
}
