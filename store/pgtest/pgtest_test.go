package pgtest

import (
	"strings"
	"testing"
)

func TestUnreachableServerFailsClearly(t *testing.T) {
	t.Setenv("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:1/postgres?sslmode=disable")
	_, err := setup()
	if err == nil || !strings.Contains(err.Error(), "TEST_DATABASE_URL") {
		t.Fatalf("got %v, want an error telling what to set", err)
	}
}

func TestReplaceDatabaseKeepsCredentials(t *testing.T) {
	got := replaceDatabase("postgres://u:p%40ss@db.example:6543/x?sslmode=disable", "fresh")
	if got != "postgres://u:p%40ss@db.example:6543/fresh?sslmode=disable" {
		t.Fatalf("got %s", got)
	}
}
