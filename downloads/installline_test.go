package downloads_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"

	"arena.dev/downloads"
)

// The Linux and macOS install line, run by the real curl against a server
// still building the binary (a quick 503 with Retry-After, as web serves
// it), waits and gets the binary instead of failing.
func TestInstallLineWaitsForTheBuild(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl on this machine")
	}
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if asked.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "arena for Linux is being built: ready in about 1 s", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("#!/bin/sh\necho arena\n"))
	}))
	defer srv.Close()
	dir := t.TempDir()
	cmd := exec.Command("sh", "-c", downloads.InstallLine(srv.URL, downloads.Target{OS: "linux", Arch: "amd64"}))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the install line failed: %v\n%s", err, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "arena"))
	if err != nil || string(got) != "#!/bin/sh\necho arena\n" || asked.Load() != 2 {
		t.Fatalf("after %d requests, arena is %q (%v)", asked.Load(), got, err)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "arena")); fi.Mode()&0o100 == 0 {
		t.Error("arena is not executable")
	}
}
