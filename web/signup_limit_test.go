package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"arena.dev/config"
	"arena.dev/web"
)

// A lab of 100 behind one NAT signs up together under the default limit;
// the next sign-up from that address is refused, while another address
// still signs up. A configured limit is the one enforced.
func TestSignupsOfALab(t *testing.T) {
	e := newSecEnv(t, nil)
	const lab = config.DefaultSignupsPerHour
	codes := make([]int, lab)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8) // eight browsers at a time, as fast as the password checks go
	for i := range lab {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			codes[i] = signUp(e.client("203.0.113.7", ""), fmt.Sprintf("lab%03d", i))
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c == http.StatusTooManyRequests { // the password pool was busy: the student tries again
			codes[i] = signUp(e.client("203.0.113.7", ""), fmt.Sprintf("lab%03d", i))
		}
	}
	for i, c := range codes {
		if c != http.StatusSeeOther {
			t.Fatalf("sign-up %d of a lab of %d from one address: %d, want 303", i+1, lab, c)
		}
	}
	r := e.client("203.0.113.7", "").post("/register", signUpForm("lab_extra"))
	if r.code != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Fatalf("sign-up %d from the same address: %d (Retry-After %q), want 429", lab+1, r.code, r.header.Get("Retry-After"))
	}
	if c := signUp(e.client("198.51.100.9", ""), "elsewhere"); c != http.StatusSeeOther {
		t.Fatalf("a sign-up from another address: %d, want 303", c)
	}

	small := newSecEnv(t, func(s *web.Server) { s.SignupsPerHour = 3 })
	for i := range 3 {
		if c := signUp(small.client("203.0.113.8", ""), fmt.Sprintf("few%d", i)); c != http.StatusSeeOther {
			t.Fatalf("sign-up %d of 3 allowed: %d", i+1, c)
		}
	}
	if c := signUp(small.client("203.0.113.8", ""), "few3"); c != http.StatusTooManyRequests {
		t.Fatalf("4th sign-up with SignupsPerHour 3: %d, want 429", c)
	}
}

func signUpForm(name string) url.Values {
	return url.Values{"name": {name}, "email": {name + "@lab.example.org"}, "password": {"class-of-2026"}}
}

func signUp(c *secClient, name string) int {
	c.e.t.Helper()
	return c.post("/register", signUpForm(name)).code
}
