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
