package wire_test

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games/gametest"
	"arena.dev/games/wire"
)

// buildEcho compiles testdata/echo.cc natively against arena/wire.hh.
func buildEcho(t *testing.T) string {
	t.Helper()
	cxx, err := exec.LookPath("clang++")
	if err != nil {
		if cxx, err = exec.LookPath("g++"); err != nil {
			t.Fatal("no C++ compiler (clang++ or g++): .ci/run installs clang")
		}
	}
	bin := filepath.Join(t.TempDir(), "echo")
	out, err := exec.Command(cxx, "-O1", "-std=c++17", "-Wall", "-Werror", "-Icpp", "-o", bin, "testdata/echo.cc").CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cxx, err, out)
	}
	return bin
}

// The C++ runtime draws Go's numbers, decodes Go's varints and keeps what
// the player prints out of the protocol.
func TestCppRuntimeMatchesGo(t *testing.T) {
	bot, err := gametest.StartProcess(buildEcho(t))
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	seed1, seed2 := uint64(0xdeadbeefcafe1234), uint64(0x6f726b)
	setup := wire.AppendUint64(wire.AppendUint64(nil, seed1), seed2)
	if reply, _, err := bot.Exchange(setup, 0); err != nil || len(reply) != 0 {
		t.Fatalf("setup: reply %q, %v", reply, err)
	}
	rng := rand.New(rand.NewPCG(seed1, seed2))
	for round := range 20 {
		var req, want []byte
		req = wire.AppendUint(req, 7)
		add := func(kind byte, arg int) {
			req = append(req, kind)
			if kind == 3 {
				req = wire.AppendInt(req, arg)
			} else {
				req = wire.AppendUint(req, arg)
			}
		}
		add(0, 0)
		want = wire.AppendUint64(want, rng.Uint64())
		n := 1 + round*round*997 // small and large ranges, powers of two included
		if round%5 == 0 {
			n = 1 << round
		}
		add(1, n)
		want = wire.AppendUint(want, rng.IntN(n))
		add(1, 3)
		want = wire.AppendUint(want, rng.IntN(3))
		add(2, round)
		for _, v := range rng.Perm(round) {
			want = wire.AppendUint(want, v)
		}
		add(3, -round*123457)
		want = wire.AppendInt(want, -round*123457)
		add(4, wire.MaxUint-1)
		want = wire.AppendUint(want, wire.MaxUint-1)
		add(3, 1-wire.MaxUint)
		want = wire.AppendInt(want, 1-wire.MaxUint)
		got, _, err := bot.Exchange(req, 0)
		if err != nil {
			t.Fatalf("round %d: %v (log %q)", round, err, bot.Stderr())
		}
		if string(got) != string(want) {
			t.Fatalf("round %d: got %x, want %x", round, got, want)
		}
	}
	if err := bot.Close(); err != nil || !bot.ExitedCleanly() {
		t.Fatalf("exit: %v (log %q)", err, bot.Stderr())
	}
	for _, line := range []string{"debug on cout", "debug on printf", "a line on cout in play"} {
		if !strings.Contains(bot.Stderr(), line) {
			t.Errorf("debug log %q lacks %q", bot.Stderr(), line)
		}
	}
}

// A malformed frame ends the bot with status 1 and a message, never a
// crash or a hang.
func TestCppRuntimeRejectsBadFrames(t *testing.T) {
	bin := buildEcho(t)
	for name, frames := range map[string][][]byte{
		"truncated setup":  {{0x80}},
		"trailing bytes":   {wire.AppendUint(wire.AppendUint64(wire.AppendUint64(nil, 1), 2), 5)},
		"count past end":   {wire.AppendUint64(wire.AppendUint64(nil, 1), 2), wire.AppendUint(nil, 100)},
		"overlong varint":  {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}},
		"value over limit": {wire.AppendUint64(wire.AppendUint64(nil, 1), 2), append(wire.AppendUint(nil, 1), append([]byte{4}, wire.AppendUint64(nil, 1<<40)...)...)},
	} {
		t.Run(name, func(t *testing.T) {
			bot, err := gametest.StartProcess(bin)
			if err != nil {
				t.Fatal(err)
			}
			var failed bool
			for _, f := range frames {
				if _, _, err := bot.Exchange(f, 0); err != nil {
					failed = true
					break
				}
			}
			bot.Close()
			if !failed || bot.ExitedCleanly() || !strings.Contains(bot.Stderr(), "sdk: ") {
				t.Fatalf("failed %v, clean exit %v, log %q", failed, bot.ExitedCleanly(), bot.Stderr())
			}
		})
	}
}

func TestMain(m *testing.M) { os.Exit(m.Run()) }

// A player file may name its globals like POSIX functions it did not
// include (the runtime declares its calls under names of its own).
func TestCppRuntimeLeavesPosixNamesFree(t *testing.T) {
	src := `#include "arena/wire.hh"
int pause = 1, sync = 2, nice = 3, alarm = 4, pipe = 5, fork = 6, sleep = 7;
struct P : arena::State {
  void setup(arena::Reader&) {}
  void update(arena::Reader&) {}
  void play(arena::Writer& w) { w.uint(pause + sync + nice + alarm + pipe + fork + sleep); }
};
int main() { P p; return arena::serve(p); }
`
	dir := t.TempDir()
	file := filepath.Join(dir, "globals.cc")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cxx, err := exec.LookPath("clang++")
	if err != nil {
		t.Skip("no clang++")
	}
	for _, target := range [][]string{nil, {"--target=wasm32-wasi", "-fno-exceptions"}} {
		args := append([]string{"-std=c++17", "-Wall", "-Werror", "-Icpp", "-o", filepath.Join(dir, "out"), file}, target...)
		if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
			t.Errorf("%v: %v\n%s", target, err, out)
		}
	}
}
