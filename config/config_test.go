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
