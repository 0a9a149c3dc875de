package store_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestOpenCreatesMissingDatabase(t *testing.T) {
	ctx := context.Background()
	url := pgtest.FreshURL(t)
	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatalf("Open on a missing database: %v", err)
	}
	defer pool.Close()
	if err := pool.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestOpenUnreachable(t *testing.T) {
	_, err := store.Open(context.Background(), "postgres://bob:s3cret@127.0.0.1:1/arena?sslmode=disable")
	var ue *store.UnreachableError
	if !errors.As(err, &ue) {
		t.Fatalf("got %v, want an UnreachableError", err)
	}
	msg := err.Error()
	if strings.Contains(msg, "s3cret") || !strings.Contains(msg, "postgres://bob:xxxxx@127.0.0.1:1/arena") || strings.Contains(msg, "\n") {
		t.Fatalf("message should name the redacted URL on one line: %q", msg)
	}
}

func TestConcurrentMigrations(t *testing.T) {
	ctx := context.Background()
	url := pgtest.FreshURL(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pool, err := store.Open(ctx, url)
			if err != nil {
				errs[i] = err
				return
			}
			defer pool.Close()
			errs[i] = store.Migrate(ctx, pool)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("migration %d: %v", i, err)
		}
	}
	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	states, err := store.MigrationStatus(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	var app, river int
	for _, s := range states {
		if !s.Applied {
			t.Errorf("%s migration %d (%s) not applied", s.Source, s.Version, s.Name)
		}
		if s.Source == "app" {
			app++
		} else {
			river++
		}
	}
	if app < 2 || river < 1 {
		t.Fatalf("got %d app and %d River migrations", app, river)
	}
}

func TestCreateUserConflict(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	if err := store.CreateUser(ctx, pool, &domain.User{Name: "Ada", Email: "ada@example.org", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	err := store.CreateUser(ctx, pool, &domain.User{Name: "ada", Email: "other@example.org", PasswordHash: "x"})
	if !errors.Is(err, domain.ErrConflict) {
		t.Fatalf("same name in another case: got %v, want ErrConflict", err)
	}
	if _, err := store.UserByName(ctx, pool, "nobody"); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("got %v, want ErrNotFound", err)
	}
}
