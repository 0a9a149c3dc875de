package main

import (
	"testing"

	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }
