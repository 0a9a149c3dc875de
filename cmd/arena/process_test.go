package main

// Tests that start the real arena binary, as a user or an operator would.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/store/pgtest"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// arenaBinary builds cmd/arena once per test run.
func arenaBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "arena-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "arena")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

type process struct {
	cmd            *exec.Cmd
	stdout, stderr *syncBuffer
	done           chan error
}

// start runs the binary with extra environment entries; it is killed when the
// test ends if still running.
func start(t *testing.T, env []string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(arenaBinary(t), args...), stdout: &syncBuffer{}, stderr: &syncBuffer{}, done: make(chan error, 1)}
	// The arena tool's downloads are built on request only, unless a test
	// says otherwise: every server of the tests building six of them at
	// start would take the machine's cores (the last of a name wins).
	p.cmd.Env = append(os.Environ(), append([]string{"LOG_FORMAT=json", "ARENA_DOWNLOADS_BUILD=request"}, env...)...)
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		if t.Failed() {
			t.Logf("arena %v stdout:\n%s\nstderr:\n%s", args, p.stdout, p.stderr)
		}
	})
	return p
}

// wait waits for the process to exit and returns its exit code.
func (p *process) wait(t *testing.T, timeout time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
		p.done <- nil // let the cleanup's receive go through
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(timeout):
		t.Fatalf("arena %v still running after %v", p.cmd.Args[1:], timeout)
		return -1
	}
}

// waitOutput waits until the process has printed want on stdout.
func (p *process) waitOutput(t *testing.T, want string, timeout time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(timeout); !strings.Contains(p.stdout.String(), want); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("arena %v did not print %q within %v:\n%s", p.cmd.Args[1:], want, timeout, p.stdout)
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func waitHealthy(t *testing.T, port int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", port))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("/healthz did not answer 200 within %v", within)
}

// One web server without workers and two worker processes on one database
// work a batch of 200 jobs, each exactly once, and all stop gracefully.
func TestProcessesWorkEachJobOnce(t *testing.T) {
	url := pgtest.FreshURL(t)
	port := freePort(t)
	env := []string{"DATABASE_URL=" + url, fmt.Sprint("PORT=", port), "ARENA_WORKERS=4"}
	web := start(t, env, "serve", "--no-workers")
	waitHealthy(t, port, 60*time.Second)
	w1 := start(t, env, "worker")
	w2 := start(t, env, "worker")

	ping := start(t, env, "ping", "-n", "200", "--timeout", "2m")
	if code := ping.wait(t, 3*time.Minute); code != 0 {
		t.Fatalf("arena ping exited %d: %s", code, ping.stderr)
	}

	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var pings, distinct int
	if err := pool.QueryRow(ctx, "SELECT count(*), count(DISTINCT job_id) FROM pings").Scan(&pings, &distinct); err != nil {
		t.Fatal(err)
	}
	if pings != 200 || distinct != 200 {
		t.Fatalf("pings recorded: %d (%d distinct), want 200", pings, distinct)
	}
	var jobs, completedFirstTry int
	err = pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE state = 'completed' AND attempt = 1)
		FROM river_job WHERE kind = 'ping'`).Scan(&jobs, &completedFirstTry)
	if err != nil {
		t.Fatal(err)
	}
	if jobs != 200 || completedFirstTry != 200 {
		t.Fatalf("river_job: %d ping jobs, %d completed at the first attempt; want 200 and 200", jobs, completedFirstTry)
	}
	rows, err := pool.Query(ctx, "SELECT worker, count(*) FROM pings GROUP BY worker")
	if err != nil {
		t.Fatal(err)
	}
	workers := map[string]bool{}
	for _, w := range []*process{w1, w2} {
		workers[fmt.Sprintf(":%d", w.cmd.Process.Pid)] = true
	}
	for rows.Next() {
		var name string
		var n int
		if err := rows.Scan(&name, &n); err != nil {
			t.Fatal(err)
		}
		if !workers[name[strings.LastIndex(name, ":"):]] {
			t.Errorf("%d jobs worked by %s, which is not a worker process (the web server has --no-workers)", n, name)
		}
		t.Logf("%s worked %d jobs", name, n)
	}
	rows.Close()

	for _, p := range []*process{web, w1, w2} {
		p.cmd.Process.Signal(syscall.SIGINT)
	}
	for _, p := range []*process{web, w1, w2} {
		if code := p.wait(t, 40*time.Second); code != 0 {
			t.Errorf("arena %v exited %d after Ctrl-C", p.cmd.Args[1:], code)
		}
	}
}

func TestMigrateTwiceAtOnce(t *testing.T) {
	url := pgtest.FreshURL(t)
	env := []string{"DATABASE_URL=" + url}
	a, b := start(t, env, "migrate"), start(t, env, "migrate")
	for _, p := range []*process{a, b} {
		if code := p.wait(t, 2*time.Minute); code != 0 {
			t.Fatalf("arena migrate exited %d: %s", code, p.stderr)
		}
	}
	st := start(t, env, "migrate", "status")
	code := st.wait(t, time.Minute)
	lines := strings.Split(strings.TrimSpace(st.stdout.String()), "\n")
	if code != 0 || len(lines) < 3 {
		t.Fatalf("status after migrating (exit %d):\n%s", code, st.stdout)
	}
	for _, l := range lines {
		if f := strings.Fields(l); len(f) < 3 || f[2] != "applied" {
			t.Errorf("not applied after two concurrent migrations: %q", l)
		}
	}
}

func TestUnreachableDatabase(t *testing.T) {
	for _, args := range [][]string{{"migrate"}, {"serve"}, {"worker"}} {
		p := start(t, []string{"DATABASE_URL=postgres://alice:hunter2@127.0.0.1:1/arena?sslmode=disable", fmt.Sprint("PORT=", freePort(t))}, args...)
		code := p.wait(t, 30*time.Second)
		out := p.stderr.String()
		if code == 0 {
			t.Errorf("%v: exit 0 with an unreachable database", args)
		}
		if strings.Count(out, "\n") != 1 || strings.Contains(out, "hunter2") || !strings.Contains(out, "postgres://alice:xxxxx@127.0.0.1:1/arena") {
			t.Errorf("%v: want one line naming the URL without its password, got %q", args, out)
		}
	}
}

// serve on an empty database creates the admin once, answers /healthz and
// stops with status 0 on Ctrl-C.
func TestServeFirstStart(t *testing.T) {
	url := pgtest.FreshURL(t)
	port := freePort(t)
	env := []string{"DATABASE_URL=" + url, fmt.Sprint("PORT=", port)}
	first := start(t, env, "serve")
	waitHealthy(t, port, 60*time.Second)
	// Output reaches us through a pipe, possibly after the first answer.
	first.waitOutput(t, fmt.Sprintf("http://localhost:%d", port), 10*time.Second)
	if !strings.Contains(first.stdout.String(), "password: ") {
		t.Fatalf("first start should print the admin password:\n%s", first.stdout)
	}
	// The database's size by kind is on /metrics (Admin → Storage).
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/metrics", port))
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`arena_storage_bytes{kind="replays"}`, `arena_storage_bytes{kind="rows"}`, "arena_database_bytes "} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("serve's /metrics lack %s", want)
		}
	}
	first.cmd.Process.Signal(syscall.SIGINT)
	if code := first.wait(t, 40*time.Second); code != 0 {
		t.Fatalf("exit %d after Ctrl-C", code)
	}
	second := start(t, env, "serve")
	waitHealthy(t, port, 60*time.Second)
	second.waitOutput(t, fmt.Sprintf("http://localhost:%d", port), 10*time.Second) // printed after any password
	if strings.Contains(second.stdout.String(), "password") {
		t.Fatalf("second start printed a password again:\n%s", second.stdout)
	}
}
