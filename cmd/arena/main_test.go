package main

import (
	"os"
	"testing"

	"arena.dev/sandbox"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) {
	sandbox.Child() // sandboxed bots re-execute this test binary
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(v) // the tests read English messages, whatever the developer's locale
	}
	pgtest.Main(m)
}
