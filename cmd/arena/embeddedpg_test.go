package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"arena.dev/config"
)

func TestUseEmbedded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	listening := ln.Addr().String()
	closed := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	for _, c := range []struct {
		set  bool
		mode string
		addr string
		want bool
	}{
		{true, "on", closed, false}, // a set DATABASE_URL always wins
		{true, "auto", closed, false},
		{false, "off", closed, false},
		{false, "on", listening, true},
		{false, "auto", listening, false}, // something answers at the default address: use it
		{false, "auto", closed, true},
	} {
		cfg := config.Config{DatabaseURLSet: c.set, EmbeddedPostgres: c.mode}
		if got := useEmbedded(cfg, c.addr); got != c.want {
			t.Errorf("DATABASE_URL set %v, ARENA_EMBEDDED_POSTGRES=%s, %s answering %v: embedded %v, want %v",
				c.set, c.mode, c.addr, c.addr == listening, got, c.want)
		}
	}
}

// The library would delete a data directory it cannot reuse: another
// version's, or not one at all, is refused and left as it is.
func TestCheckDataDir(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := checkDataDir(data, "15"); err != nil {
		t.Errorf("missing data directory: %v", err)
	}
	os.Mkdir(data, 0o700)
	if err := checkDataDir(data, "15"); err != nil {
		t.Errorf("empty data directory: %v", err)
	}
	os.WriteFile(filepath.Join(data, "notes.txt"), []byte("mine"), 0o600)
	if err := checkDataDir(data, "15"); err == nil || !strings.Contains(err.Error(), "PG_VERSION") {
		t.Errorf("a directory of something else: %v, want a refusal", err)
	}
	os.WriteFile(filepath.Join(data, "PG_VERSION"), []byte("15\n"), 0o600)
	if err := checkDataDir(data, "15"); err != nil {
		t.Errorf("PostgreSQL 15's data with PostgreSQL 15: %v", err)
	}
	if err := checkDataDir(data, "16"); err == nil || !strings.Contains(err.Error(), "pg_upgrade") {
		t.Errorf("PostgreSQL 15's data with PostgreSQL 16: %v, want a refusal naming pg_upgrade", err)
	}
	if b, _ := os.ReadFile(filepath.Join(data, "notes.txt")); string(b) != "mine" {
		t.Error("the data directory was changed")
	}
}

// arena serve with no DATABASE_URL and embedding on (here something answers
// at the default address) starts PostgreSQL from the machine's binaries
// (Debian's, offline; as root, through a user namespace), keeps its data
// across a restart, and leaves no PostgreSQL process after Ctrl-C.
func TestServeEmbeddedPostgres(t *testing.T) {
	binaries, _, ok := machinePostgres()
	if !ok {
		t.Fatal("no PostgreSQL programs on this machine (apt-get install postgresql): .ci/run installs them")
	}
	dataDir := t.TempDir()
	pgData := filepath.Join(dataDir, "postgres", "data")
	t.Cleanup(func() { // after a failure: stop what is left
		for _, pid := range postgresProcesses(pgData) {
			syscall.Kill(pid, syscall.SIGQUIT)
		}
	})
	port := freePort(t)
	env := []string{"DATABASE_URL=", "ARENA_EMBEDDED_POSTGRES=on", "ARENA_DATA_DIR=" + dataDir,
		fmt.Sprint("PORT=", port), "ARENA_ADMIN_PASSWORD=admin-password-1", "ARENA_WORKERS=1"}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)

	// First start, on a new data directory: a student signs up.
	p := start(t, env, "serve")
	waitEmbedded(t, p, port, pgData)
	// The machine's programs, not a download: this works offline.
	if line := logLine(p.stderr.String(), "started an embedded PostgreSQL"); !strings.Contains(line, binaries) || strings.Contains(line, "downloaded") {
		t.Fatalf("the embedded PostgreSQL does not run %s's programs: %s", binaries, line)
	} else {
		t.Logf("%s", line)
	}
	resp, err := http.PostForm(base+"/register", url.Values{"name": {"alice"}, "email": {"alice@example.edu"},
		"password": {"alice-password"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/" {
		t.Fatalf("sign-up: %s, ended at %s; want 200 at /", resp.Status, resp.Request.URL)
	}
	stopEmbedded(t, p, pgData)

	// Second start: the same data, so alice can log in.
	p = start(t, env, "serve")
	waitEmbedded(t, p, port, pgData)
	resp, err = http.Post(base+"/api/tokens", "application/json",
		strings.NewReader(`{"user":"alice","password":"alice-password","name":"test"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		t.Fatalf("alice's log-in after a restart: %s", resp.Status)
	}
	stopEmbedded(t, p, pgData)
}

func waitEmbedded(t *testing.T, p *process, port int, pgData string) {
	t.Helper()
	waitHealthy(t, port, 2*time.Minute)
	if !strings.Contains(p.stderr.String(), "started an embedded PostgreSQL") {
		t.Fatalf("no log line about the embedded PostgreSQL:\n%s", p.stderr)
	}
	if len(postgresProcesses(pgData)) == 0 {
		t.Fatalf("no PostgreSQL process on %s", pgData)
	}
}

// logLine is the first line of log that contains s.
func logLine(log, s string) string {
	for line := range strings.Lines(log) {
		if strings.Contains(line, s) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// stopEmbedded stops arena serve with Ctrl-C, and checks that its
// PostgreSQL stopped with it.
func stopEmbedded(t *testing.T, p *process, pgData string) {
	t.Helper()
	p.cmd.Process.Signal(syscall.SIGINT)
	if code := p.wait(t, time.Minute); code != 0 {
		t.Fatalf("exit %d after Ctrl-C:\n%s", code, p.stderr)
	}
	if !strings.Contains(p.stderr.String(), "stopped the embedded PostgreSQL") {
		t.Errorf("no log line about stopping PostgreSQL:\n%s", p.stderr)
	}
	if pids := postgresProcesses(pgData); len(pids) > 0 {
		t.Fatalf("PostgreSQL processes left after a clean stop: %v", pids)
	}
}

// postgresProcesses lists the running processes whose command line names
// the data directory (zombies have none).
func postgresProcesses(data string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(data)) {
			pids = append(pids, pid)
		}
	}
	return pids
}
