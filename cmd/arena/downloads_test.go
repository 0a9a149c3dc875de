package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"arena.dev/downloads"
	"arena.dev/store/pgtest"
)

// download GETs url, and while the server answers that the file is being
// built (503 with Retry-After), tries again, as curl --retry does.
func download(t *testing.T, url string) (*http.Response, []byte, error) {
	for deadline := time.Now().Add(10 * time.Minute); ; {
		resp, err := http.Get(url)
		if err != nil {
			return nil, nil, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "being built") || time.Now().After(deadline) {
			return resp, body, err
		}
		if resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: a 503 without Retry-After", url)
		}
		time.Sleep(time.Second)
	}
}

// The site offers the arena tool: arena serve, run from its source tree as
// make run runs it, builds arena in the background from its start (two
// requests at once get the one build), and the file runs and says the
// server's version; the game page shows its install line with the site's
// address; macOS and Windows downloads build too, as their systems'
// executables.
func TestServeDownloadsArena(t *testing.T) {
	port := freePort(t)
	dataDir := t.TempDir()
	env := []string{"DATABASE_URL=" + pgtest.FreshURL(t), fmt.Sprint("PORT=", port), "ARENA_DATA_DIR=" + dataDir,
		"ARENA_DOWNLOADS_BUILD=start"}
	p := start(t, env, "serve", "--no-workers")
	waitHealthy(t, port, time.Minute)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)

	var wg sync.WaitGroup
	bodies := make([][]byte, 2)
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, body, err := download(t, base+"/downloads/arena/linux/amd64")
			if err != nil {
				t.Error(err)
				return
			}
			if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), `filename="arena"`) {
				t.Errorf("download %d: %s %v\n%.500s", i, resp.Status, resp.Header, body)
			}
			bodies[i] = body
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	if !bytes.Equal(bodies[0], bodies[1]) {
		t.Fatal("two downloads at once got different files")
	}
	built, _ := filepath.Glob(filepath.Join(dataDir, "downloads", "*", "linux-amd64", "*"))
	if len(built) != 1 {
		t.Errorf("the cache holds %v, want one build", built)
	}
	tool := filepath.Join(t.TempDir(), "arena")
	if err := os.WriteFile(tool, bodies[0], 0o755); err != nil {
		t.Fatal(err)
	}
	if err := downloads.Check(tool, downloads.Target{OS: "linux", Arch: "amd64"}); err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(tool, "version").Output()
	if err != nil {
		t.Fatalf("the downloaded arena: %v", err)
	}
	want, err := exec.Command(arenaBinary(t), "version").Output()
	if err != nil || string(got) != string(want) {
		t.Fatalf("the downloaded arena says %q, the server %q (%v)", got, want, err)
	}

	for path, wants := range map[string][]string{
		"/games/orkisland": {"curl -fL --retry 10 -o arena " + base + "/downloads/arena/linux/amd64 &amp;&amp; chmod +x arena",
			"curl -fL --retry 10 -o arena " + base + "/downloads/arena/darwin/arm64 &amp;&amp; chmod +x arena",
			"Invoke-WebRequest " + base + "/downloads/arena/windows/amd64 -OutFile arena.exe"},
		"/downloads": {"macOS (Apple silicon)", `href="/downloads/arena/darwin/arm64"`, `href="/downloads/arena/windows/arm64"`,
			"Windows (ARM64)", "Linux (ARM64)", "macOS (Intel)"},
	} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, w := range wants {
			if resp.StatusCode != 200 || !strings.Contains(string(body), w) {
				t.Errorf("%s (%s) lacks %q", path, resp.Status, w)
			}
		}
	}
	// macOS and Windows get theirs too, built from the same source (their
	// sandbox is portable.go's), each an executable of its system. One
	// architecture each: a cold cross build takes minutes here, and the
	// code that differs is per system (sandbox/*_windows.go, *_unix.go).
	for _, target := range []downloads.Target{{OS: "darwin", Arch: "arm64"}, {OS: "windows", Arch: "amd64"}} {
		wg.Go(func() {
			resp, body, err := download(t, base+target.Path())
			if err != nil {
				t.Error(err)
				return
			}
			file := filepath.Join(t.TempDir(), target.File())
			if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), `filename="`+target.File()+`"`) {
				t.Errorf("%s: %s %v\n%.500s", target, resp.Status, resp.Header, body)
				return
			}
			if err := os.WriteFile(file, body, 0o755); err != nil {
				t.Error(err)
				return
			}
			if err := downloads.Check(file, target); err != nil {
				t.Errorf("%s: %v", target, err)
			}
		})
	}
	wg.Wait()
	if resp, err := http.Get(base + "/downloads/arena/plan9/386"); err != nil || resp.StatusCode != 404 {
		t.Errorf("an unknown system: %v %v, want 404", resp.Status, err)
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	if code := p.wait(t, time.Minute); code != 0 {
		t.Errorf("exit %d after Ctrl-C", code)
	}
}
