package config

import (
	"strings"
	"testing"
)

func TestCPUPoll(t *testing.T) {
	for _, c := range []struct {
		env  string
		want bool
		err  string
	}{
		{"", true, ""},
		{"on", true, ""},
		{"off", false, ""},
		{"no", false, "ARENA_CPU_POLL"},
	} {
		t.Setenv("ARENA_CPU_POLL", c.env)
		cfg, err := Load()
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ARENA_CPU_POLL=%q: error %v, want one naming %s", c.env, err, c.err)
			}
			continue
		}
		if err != nil || cfg.CPUPoll != c.want {
			t.Errorf("ARENA_CPU_POLL=%q: CPUPoll %v (%v), want %v", c.env, cfg.CPUPoll, err, c.want)
		}
	}
}

func TestCacheMax(t *testing.T) {
	for env, want := range map[string]int64{
		"": 10 << 30, "0": 0, "12345": 12345, "500M": 500 << 20, "10G": 10 << 30, "10GB": 10 << 30,
		"10GiB": 10 << 30, "2t": 2 << 40, "64k": 64 << 10,
	} {
		t.Setenv("ARENA_CACHE_MAX", env)
		cfg, err := Load()
		if err != nil || cfg.CacheMax != want {
			t.Errorf("ARENA_CACHE_MAX=%q: %d (%v), want %d", env, cfg.CacheMax, err, want)
		}
	}
	for _, bad := range []string{"ten", "-1", "5X", "G", "1.5G", "99999999999T"} {
		t.Setenv("ARENA_CACHE_MAX", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "ARENA_CACHE_MAX") {
			t.Errorf("ARENA_CACHE_MAX=%q: error %v, want one naming the variable", bad, err)
		}
	}
}

func TestPublicURLAndProxies(t *testing.T) {
	t.Setenv("ARENA_PUBLIC_URL", "https://arena.example.edu/")
	t.Setenv("ARENA_TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16,::1")
	cfg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.PublicURL != "https://arena.example.edu" || !cfg.HTTPS() {
		t.Errorf("public URL %q, HTTPS %v", cfg.PublicURL, cfg.HTTPS())
	}
	var got []string
	for _, p := range cfg.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.1/32 192.168.0.0/16 ::1/128" {
		t.Errorf("trusted proxies %v", got)
	}
	t.Setenv("ARENA_PUBLIC_URL", "http://localhost:8080")
	if cfg, err := Load(); err != nil || cfg.HTTPS() {
		t.Errorf("http URL: HTTPS %v (%v)", cfg.HTTPS(), err)
	}
	for env, bad := range map[string]string{"ARENA_PUBLIC_URL": "arena.example.edu", "ARENA_TRUSTED_PROXIES": "10.0.0.300"} {
		t.Setenv(env, bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), env) {
			t.Errorf("%s=%q: error %v, want one naming the variable", env, bad, err)
		}
		t.Setenv(env, "")
	}
}

func TestSignupsPerHour(t *testing.T) {
	for env, want := range map[string]int{"": DefaultSignupsPerHour, "1": 1, "250": 250} {
		t.Setenv("ARENA_SIGNUPS_PER_HOUR", env)
		cfg, err := Load()
		if err != nil || cfg.SignupsPerHour != want {
			t.Errorf("ARENA_SIGNUPS_PER_HOUR=%q: %d (%v), want %d", env, cfg.SignupsPerHour, err, want)
		}
	}
	for _, bad := range []string{"0", "-5", "many", "100001"} {
		t.Setenv("ARENA_SIGNUPS_PER_HOUR", bad)
		if _, err := Load(); err == nil || !strings.Contains(err.Error(), "ARENA_SIGNUPS_PER_HOUR") {
			t.Errorf("ARENA_SIGNUPS_PER_HOUR=%q: error %v, want one naming the variable", bad, err)
		}
	}
}
