package service_test

import (
	"context"
	"sync"
	"testing"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestEnsureAdminOnce(t *testing.T) {
	ctx := context.Background()
	url := pgtest.FreshURL(t)
	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	passwords := make([]string, 3)
	for i := range passwords {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := service.EnsureAdmin(ctx, pool, "")
			if err != nil {
				t.Error(err)
			}
			passwords[i] = p
		}()
	}
	wg.Wait()
	var created []string
	for _, p := range passwords {
		if p != "" {
			created = append(created, p)
		}
	}
	if len(created) != 1 {
		t.Fatalf("admin created %d times, want once", len(created))
	}
	u, err := store.UserByName(ctx, pool, "ADMIN")
	if err != nil {
		t.Fatal(err)
	}
	if u.Role != domain.RoleAdmin {
		t.Fatalf("role %q", u.Role)
	}
	if ok, _ := auth.CheckPassword(u.PasswordHash, created[0]); !ok {
		t.Fatal("the printed password does not log in")
	}
	if p, err := service.EnsureAdmin(ctx, pool, "other"); p != "" || err != nil {
		t.Fatalf("second call: %q, %v", p, err)
	}
}
