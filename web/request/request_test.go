package request

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestClientIP(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	for _, c := range []struct {
		peer, xff, real, want string
	}{
		{"192.0.2.1:5000", "198.51.100.7", "", "192.0.2.1"},                 // not a proxy: its headers are ignored
		{"10.0.0.2:5000", "198.51.100.7, 10.0.0.3", "", "198.51.100.7"},     // the rightmost hop that is not a proxy
		{"10.0.0.2:5000", "203.0.113.9, garbage, 10.0.0.3", "", "10.0.0.2"}, // a garbled hop: nothing further left
		{"10.0.0.2:5000", "", "198.51.100.8", "198.51.100.8"},
		{"[::ffff:192.0.2.5]:1", "", "", "192.0.2.5"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.real != "" {
			r.Header.Set("X-Real-IP", c.real)
		}
		if got := ClientIP(r, proxies); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %q, X-Real-IP %q: %s, want %s", c.peer, c.xff, c.real, got, c.want)
		}
	}
	if got := AddrKey("2001:db8::1"); got != "2001:db8::/64" {
		t.Errorf("IPv6 key %s", got)
	}
	if got := AddrKey("192.0.2.1"); got != "192.0.2.1" {
		t.Errorf("IPv4 key %s", got)
	}
}

func TestLimiter(t *testing.T) {
	l := NewLimiter(time.Hour, 2)
	if !l.Allow("a") || !l.Allow("a") || l.Allow("a") {
		t.Error("a burst of 2 allows 2, not 3")
	}
	if !l.Allow("b") {
		t.Error("another key has its own bucket")
	}
	undo, ok := l.Take("c")
	if !ok {
		t.Fatal("c's first turn refused")
	}
	undo() // the server failed that attempt: the turn comes back
	_, ok1 := l.Take("c")
	_, ok2 := l.Take("c")
	_, ok3 := l.Take("c")
	if !ok1 || !ok2 || ok3 {
		t.Errorf("after a turn given back, c's turns: %v %v %v; want 2 of 3", ok1, ok2, ok3)
	}
	if d := l.Delay("a", time.Second); d != time.Second {
		t.Errorf("past the burst, the delay is at most the most: %v", d)
	}
}

func TestPage(t *testing.T) {
	for q, want := range map[string]int{"": 1, "?page=3": 3, "?page=-1": 1, "?page=x": 1, "?page=100001": 1} {
		page, limit, offset := Page(httptest.NewRequest("GET", "/"+q, nil), 20)
		if page != want || limit != 20 || offset != (want-1)*20 {
			t.Errorf("%q: page %d limit %d offset %d", q, page, limit, offset)
		}
	}
}
