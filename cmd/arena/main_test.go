package main

import (
	"testing"

	"arena.dev/sandbox"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) {
	sandbox.Child() // sandboxed bots re-execute this test binary
	pgtest.Main(m)
}
