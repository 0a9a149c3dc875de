package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"arena.dev/store/pgtest"
)

// A worker reports its sandbox's walls at start, in one log line and on
// /metrics: as root here, all of them; run by user nobody, the walls that
// need privileges are down, said loudly, and --require-jail refuses to
// start. serve takes --require-jail for its worker pool only.
func TestWorkerReportsItsJail(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("the full jail, and running the worker as nobody, need root")
	}
	if _, err := os.Stat("/dev/cpu_dma_latency"); err != nil {
		t.Skip("no /dev/cpu_dma_latency here: the CPU clock cannot be up")
	}
	url := pgtest.FreshURL(t)
	// The data directory and a copy of the binary that nobody may use.
	shared, err := os.MkdirTemp("", "arena-jail-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(shared) })
	if err := os.Chmod(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(shared, "arena")
	copyExecutable(t, arenaBinary(t), bin)
	env := []string{"DATABASE_URL=" + url, "ARENA_DATA_DIR=" + filepath.Join(shared, "data"), "LOG_FORMAT=json", "ARENA_WORKERS=1"}

	run := func(asNobody bool, args ...string) *process {
		t.Helper()
		p := &process{cmd: exec.Command(bin, args...), stdout: &syncBuffer{}, stderr: &syncBuffer{}, done: make(chan error, 1)}
		p.cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
		p.cmd.Dir = shared
		p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
		if asNobody {
			p.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { p.done <- p.cmd.Wait() }()
		t.Cleanup(func() {
			p.cmd.Process.Kill()
			<-p.done
			if t.Failed() {
				t.Logf("arena %v stderr:\n%s", args, p.stderr)
			}
		})
		return p
	}
	metricsOf := func(port int) string {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/metrics", port))
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == 200 {
					return string(b)
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no metrics on port %d: %v", port, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	jailLines := func(p *process) []string {
		var out []string
		for line := range strings.Lines(p.stderr.String()) {
			if strings.Contains(line, `"msg":"sandbox jail`) {
				out = append(out, line)
			}
		}
		return out
	}
	walls := []string{"namespaces", "chroot", "nobody", "rlimits", "cpu_clock", "build_root"}

	// As root: every wall up, required or not.
	port := freePort(t)
	full := run(false, "worker", "--require-jail", "--metrics", fmt.Sprintf("127.0.0.1:%d", port))
	m := metricsOf(port)
	for _, w := range walls {
		if want := fmt.Sprintf(`arena_sandbox_wall_up{wall=%q} 1`, w); !strings.Contains(m, want) {
			t.Errorf("root worker's metrics lack %s", want)
		}
	}
	if lines := jailLines(full); len(lines) != 1 || !strings.Contains(lines[0], `"level":"INFO"`) ||
		!strings.Contains(lines[0], "every wall is up") || !strings.Contains(lines[0], `"namespaces":"up"`) {
		t.Errorf("root worker's jail report: %q", lines)
	}

	// As nobody, required: it refuses to start, and says what is missing.
	refused := run(true, "worker", "--require-jail")
	if code := refused.wait(t, 30*time.Second); code != 1 {
		t.Fatalf("worker --require-jail as nobody exited %d, want 1", code)
	}
	for _, want := range []string{"--require-jail", "namespaces: the kernel refused new namespaces", "nobody: not root"} {
		if !strings.Contains(refused.stderr.String(), want) {
			t.Errorf("the refusal does not say %q:\n%s", want, refused.stderr)
		}
	}

	// As nobody, not required: it starts, degraded, saying so at ERROR.
	port = freePort(t)
	degraded := run(true, "worker", "--metrics", fmt.Sprintf("127.0.0.1:%d", port))
	m = metricsOf(port)
	for w, up := range map[string]int{"namespaces": 0, "chroot": 0, "nobody": 0, "rlimits": 1, "cpu_clock": 0, "build_root": 0} {
		if want := fmt.Sprintf(`arena_sandbox_wall_up{wall=%q} %d`, w, up); !strings.Contains(m, want) {
			t.Errorf("nobody's worker's metrics lack %s", want)
		}
	}
	lines := jailLines(degraded)
	if len(lines) != 1 || !strings.Contains(lines[0], `"level":"ERROR"`) ||
		!strings.Contains(lines[0], `"missing":"namespaces,chroot,nobody,cpu_clock,build_root"`) || !strings.Contains(lines[0], `"why":{`) {
		t.Errorf("nobody's worker's jail report: %q", lines)
	}
	select {
	case err := <-degraded.done:
		degraded.done <- err // for the cleanup
		t.Fatalf("the degraded worker stopped: %v", err)
	default: // still working, as it should
	}
}

// copyExecutable copies the binary where another user may run it.
func copyExecutable(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o755); err != nil {
		t.Fatal(err)
	}
}

// --require-jail is about a worker pool: serve refuses it with --no-workers.
func TestServeRequireJailNeedsWorkers(t *testing.T) {
	p := start(t, nil, "serve", "--no-workers", "--require-jail")
	if code := p.wait(t, 30*time.Second); code != 2 || !strings.Contains(p.stderr.String(), "--no-workers runs none") {
		t.Fatalf("exit %d, stderr:\n%s", code, p.stderr)
	}
}

// The compose worker keeps the whole jail: the capabilities, AppArmor
// setting and device it needs, the default seccomp profile, and
// --require-jail (docker-compose.yml says why for each).
func TestComposeWorkerHasTheJail(t *testing.T) {
	if _, err := exec.LookPath("docker-compose"); err != nil {
		t.Fatal("docker-compose is not installed (apt-get install docker-compose; .ci/run does it)")
	}
	out, err := exec.Command("docker-compose", "-f", "../../docker-compose.yml", "config").CombinedOutput()
	if err != nil {
		t.Fatalf("docker-compose config: %v\n%s", err, out)
	}
	cfg := string(out)
	worker := cfg[strings.Index(cfg, "\n  worker:"):]
	for _, want := range []string{
		"cap_add:\n    - SYS_ADMIN\n    - SYS_CHROOT\n    - SETGID\n    - SETUID\n    - KILL\n",
		"cap_drop:\n    - ALL\n",
		"- apparmor=unconfined\n",
		"- /dev/cpu_dma_latency:/dev/cpu_dma_latency\n",
		"- worker\n    - --require-jail\n",
	} {
		if !strings.Contains(worker, want) {
			t.Errorf("the compose worker lacks %q:\n%s", want, worker)
		}
	}
	for _, bad := range []string{"privileged", "seccomp"} {
		if strings.Contains(worker, bad) {
			t.Errorf("the compose worker sets %s: more than the jail needs", bad)
		}
	}
	if web := cfg[strings.Index(cfg, "\n  web:"):strings.Index(cfg, "\n  worker:")]; strings.Contains(web, "cap_add") {
		t.Error("the web service, which runs no bot, gets capabilities")
	}
}
