package store_test

import (
	"context"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// Queued, compiling and qualifying versions are still being judged; the
// others have their verdict.
func TestVersionStatus(t *testing.T) {
	for s, inProgress := range map[domain.VersionStatus]bool{
		domain.StatusQueued: true, domain.StatusCompiling: true, domain.StatusQualifying: true,
		domain.StatusCompileError: false, domain.StatusRejected: false, domain.StatusAccepted: false, domain.StatusSuperseded: false,
	} {
		if s.InProgress() != inProgress || s.Final() == inProgress {
			t.Errorf("%s: InProgress %v, Final %v; want InProgress %v", s, s.InProgress(), s.Final(), inProgress)
		}
	}
}

// A status set is the status read back, by every query that reads it.
func TestVersionStatusStored(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Pool(t)
	u := &domain.User{Name: "statuses", Email: "statuses@example.org", PasswordHash: "x"}
	if err := store.CreateUser(ctx, pool, u); err != nil {
		t.Fatal(err)
	}
	if err := store.EnsureGame(ctx, pool, "statusgame", "Status game"); err != nil {
		t.Fatal(err)
	}
	b, err := store.BotByName(ctx, pool, u.ID, "statusgame", "walker")
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, pool, b.ID, "go", "package main\n")
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != domain.StatusQueued {
		t.Fatalf("a new version is %q, want queued", v.Status)
	}
	for _, s := range []domain.VersionStatus{domain.StatusCompiling, domain.StatusCompileError, domain.StatusQualifying,
		domain.StatusRejected, domain.StatusAccepted, domain.StatusSuperseded} {
		if err := store.SetVersionStatus(ctx, pool, v.ID, s); err != nil {
			t.Fatal(err)
		}
		got, err := store.VersionByID(ctx, pool, v.ID)
		if err != nil || got.Status != s {
			t.Fatalf("set %s, read %v: %v", s, got, err)
		}
		refs, err := store.VersionRefs(ctx, pool, b.ID)
		if err != nil || len(refs) != 1 || refs[0].Status != s {
			t.Fatalf("set %s, VersionRefs %+v: %v", s, refs, err)
		}
		bots, _, err := store.AdminBots(ctx, pool, "statuses", "statusgame", 10, 0)
		if err != nil || len(bots) != 1 || bots[0].Latest == nil || bots[0].Latest.Status != s {
			t.Fatalf("set %s, AdminBots %+v: %v", s, bots, err)
		}
	}
}
