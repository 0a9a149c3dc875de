package service_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
)

func TestRejudge(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	owner := newUser(t, pool, domain.RoleStudent)
	v := newVersion(t, pool, owner.ID, newGame(t, pool), false)
	if err := store.SetCompileError(ctx, pool, v.ID, "boom"); err != nil {
		t.Fatal(err)
	}

	was, err := service.Rejudge(ctx, pool, jobs, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if was.ID != v.ID || was.Status != domain.StatusCompileError || was.CompileLog != "boom" {
		t.Fatalf("returned %+v, want the version as it was (compile error, its log)", was)
	}
	now, err := store.VersionByID(ctx, pool, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if now.Status != domain.StatusQueued || now.CompileLog != "" {
		t.Fatalf("after: status %q, log %q; want queued with no log", now.Status, now.CompileLog)
	}
	var rejudged bool
	if err := pool.QueryRow(ctx, "SELECT rejudged_at IS NOT NULL FROM bot_versions WHERE id = $1", v.ID).Scan(&rejudged); err != nil {
		t.Fatal(err)
	}
	if !rejudged {
		t.Fatal("rejudged_at not set")
	}
	if n := jobCount(t, pool, "compile", "version_id", v.ID); n != 1 {
		t.Fatalf("%d compile jobs, want 1", n)
	}
}

func TestRejudgeMissingVersion(t *testing.T) {
	pool, jobs := env(t)
	_, err := service.Rejudge(context.Background(), pool, jobs, 1<<40)
	wantCode(t, err, domain.NotFound)
	if n := jobCount(t, pool, "compile", "version_id", 1<<40); n != 0 {
		t.Fatalf("%d compile jobs for a missing version", n)
	}
}

// A job that cannot be queued leaves the version as it was: never queued
// without a job to move it on.
func TestRejudgeAtomic(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	owner := newUser(t, pool, domain.RoleStudent)
	v := newVersion(t, pool, owner.ID, newGame(t, pool), false)
	if err := store.SetCompileError(ctx, pool, v.ID, "boom"); err != nil {
		t.Fatal(err)
	}
	failJobs(t, pool, "compile")
	_, err := service.Rejudge(ctx, pool, jobs, v.ID)
	wantRefused(t, err)
	now, err := store.VersionByID(ctx, pool, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if now.Status != domain.StatusCompileError || now.CompileLog != "boom" {
		t.Fatalf("after a failed rejudge: status %q, log %q; want it unchanged", now.Status, now.CompileLog)
	}
}

// baseNames lists the names of a game's copy check base files.
func baseNames(t *testing.T, gameID string) []string {
	t.Helper()
	pool, _ := env(t)
	files, err := store.CopyBaseFiles(context.Background(), pool, gameID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name+"="+f.Source)
	}
	return names
}

func baseFile(gameID, name, source string) store.CopyBaseFile {
	return store.CopyBaseFile{GameID: gameID, Name: name, Language: "go", Source: source}
}

func TestAddCopyBaseFiles(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	admin := newUser(t, pool, domain.RoleAdmin)
	student := newUser(t, pool, domain.RoleStudent)
	game := newGame(t, pool)
	compiled := []*domain.Version{newVersion(t, pool, student.ID, game, true), newVersion(t, pool, student.ID, game, true)}
	uncompiled := newVersion(t, pool, student.ID, game, false)
	// An indexed version: the new base code starts the game's check over.
	cv := &store.CopyVersion{VersionID: compiled[0].ID, GameID: game, OwnerID: student.ID, Hashes: []int64{1}, StartLines: []int32{1}, EndLines: []int32{2}}
	if err := store.CopyPutVersion(ctx, pool, cv, "s1", []int64{1}); err != nil {
		t.Fatal(err)
	}

	queued, err := service.AddCopyBaseFiles(ctx, pool, jobs, game,
		[]store.CopyBaseFile{baseFile(game, "a.go", "A"), baseFile(game, "b.go", "B")}, admin.ID, 3)
	if err != nil {
		t.Fatal(err)
	}
	if queued != 2 {
		t.Fatalf("queued %d, want the 2 compiled versions", queued)
	}
	for _, v := range compiled {
		if n := jobCount(t, pool, "copycheck", "version_id", v.ID); n != 1 {
			t.Fatalf("version %d: %d copy checks queued, want 1", v.ID, n)
		}
	}
	if n := jobCount(t, pool, "copycheck", "version_id", uncompiled.ID); n != 0 {
		t.Fatalf("an uncompiled version got %d copy checks", n)
	}
	if scheme, err := store.CopyScheme(ctx, pool, compiled[0].ID); err != nil || scheme != "" {
		t.Fatalf("the game's index was kept (scheme %q, %v)", scheme, err)
	}
	files, err := store.CopyBaseFiles(ctx, pool, game)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Name != "a.go" || files[0].AddedBy != admin.Name {
		t.Fatalf("files %+v", files)
	}

	// The checks were done: the next upload queues them again.
	completeJobs(t, pool, "copycheck", "version_id", compiled[1].ID)
	// At the limit, a file of a name already there replaces it.
	if _, err := service.AddCopyBaseFiles(ctx, pool, jobs, game,
		[]store.CopyBaseFile{baseFile(game, "b.go", "B2"), baseFile(game, "c.go", "C")}, admin.ID, 3); err != nil {
		t.Fatal(err)
	}
	if got, want := baseNames(t, game), []string{"a.go=A", "b.go=B2", "c.go=C"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	// Over it, nothing is stored and nothing queued.
	_, err = service.AddCopyBaseFiles(ctx, pool, jobs, game,
		[]store.CopyBaseFile{baseFile(game, "a.go", "A3"), baseFile(game, "d.go", "D")}, admin.ID, 3)
	if !errors.Is(err, service.ErrTooManyBaseFiles) {
		t.Fatalf("over the limit: %v, want ErrTooManyBaseFiles", err)
	}
	if got, want := baseNames(t, game), []string{"a.go=A", "b.go=B2", "c.go=C"}; !slices.Equal(got, want) {
		t.Fatalf("after a refused upload: files %v, want %v", got, want)
	}
	if n := jobCount(t, pool, "copycheck", "version_id", compiled[1].ID); n != 2 {
		t.Fatalf("%d copy checks after two uploads and a refused one, want 2", n)
	}
}

// Base code whose checks cannot be queued is not stored either.
func TestAddCopyBaseFilesAtomic(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	admin := newUser(t, pool, domain.RoleAdmin)
	game := newGame(t, pool)
	newVersion(t, pool, admin.ID, game, true)
	failJobs(t, pool, "copycheck")
	_, err := service.AddCopyBaseFiles(ctx, pool, jobs, game, []store.CopyBaseFile{baseFile(game, "a.go", "A")}, admin.ID, 3)
	wantRefused(t, err)
	if got := baseNames(t, game); len(got) != 0 {
		t.Fatalf("files %v stored by a failed upload", got)
	}
}

func TestDeleteCopyBaseFile(t *testing.T) {
	ctx := context.Background()
	pool, jobs := env(t)
	admin := newUser(t, pool, domain.RoleAdmin)
	game, other := newGame(t, pool), newGame(t, pool)
	v := newVersion(t, pool, admin.ID, game, true)
	if _, err := service.AddCopyBaseFiles(ctx, pool, jobs, game,
		[]store.CopyBaseFile{baseFile(game, "a.go", "A"), baseFile(game, "b.go", "B")}, admin.ID, 5); err != nil {
		t.Fatal(err)
	}
	completeJobs(t, pool, "copycheck", "version_id", v.ID)
	files, err := store.CopyBaseFiles(ctx, pool, game)
	if err != nil {
		t.Fatal(err)
	}

	// Another game's id, or one that does not exist: not found, nothing queued.
	for _, c := range []struct {
		game string
		id   int64
	}{{other, files[0].ID}, {game, 1 << 40}} {
		_, _, err := service.DeleteCopyBaseFile(ctx, pool, jobs, c.game, c.id)
		wantCode(t, err, domain.NotFound)
	}
	if n := jobCount(t, pool, "copycheck", "version_id", v.ID); n != 1 {
		t.Fatalf("%d copy checks after refused deletions, want the upload's 1", n)
	}

	name, queued, err := service.DeleteCopyBaseFile(ctx, pool, jobs, game, files[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if name != "a.go" || queued != 1 {
		t.Fatalf("deleted %q, queued %d; want a.go, 1", name, queued)
	}
	if got, want := baseNames(t, game), []string{"b.go=B"}; !slices.Equal(got, want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	if n := jobCount(t, pool, "copycheck", "version_id", v.ID); n != 2 {
		t.Fatalf("%d copy checks, want 2", n)
	}

	failJobs(t, pool, "copycheck")
	_, _, err = service.DeleteCopyBaseFile(ctx, pool, jobs, game, files[1].ID)
	wantRefused(t, err)
	if got, want := baseNames(t, game), []string{"b.go=B"}; !slices.Equal(got, want) {
		t.Fatalf("after a failed deletion: files %v, want %v", got, want)
	}
}

func TestTakeRosterCredentials(t *testing.T) {
	ctx := context.Background()
	pool, _ := env(t)
	admin, other := newUser(t, pool, domain.RoleAdmin), newUser(t, pool, domain.RoleAdmin)
	id, err := store.SaveRosterCredentials(ctx, pool, admin.ID, []byte("sealed"), 2)
	if err != nil {
		t.Fatal(err)
	}
	open := func(sealed []byte) ([]byte, error) { return append([]byte("open:"), sealed...), nil }

	// Another admin's: not found, and they stay.
	_, err = service.TakeRosterCredentials(ctx, pool, id, other.ID, open)
	wantCode(t, err, domain.NotFound)
	// Opening fails: its error, and they stay.
	broken := errors.New("cannot open")
	if _, err := service.TakeRosterCredentials(ctx, pool, id, admin.ID, func([]byte) ([]byte, error) { return nil, broken }); !errors.Is(err, broken) {
		t.Fatalf("opening failed: %v, want its error", err)
	}
	csv, err := service.TakeRosterCredentials(ctx, pool, id, admin.ID, open)
	if err != nil {
		t.Fatal(err)
	}
	if string(csv) != "open:sealed" {
		t.Fatalf("csv %q", csv)
	}
	// Once.
	_, err = service.TakeRosterCredentials(ctx, pool, id, admin.ID, open)
	wantCode(t, err, domain.NotFound)
	var left int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM roster_credentials WHERE id = $1", id).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatal("credentials kept after they were handed out")
	}

	// Expired ones are not handed out.
	old, err := store.SaveRosterCredentials(ctx, pool, admin.ID, []byte("old"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "UPDATE roster_credentials SET created_at = now() - interval '2 hours' WHERE id = $1", old); err != nil {
		t.Fatal(err)
	}
	_, err = service.TakeRosterCredentials(ctx, pool, old, admin.ID, open)
	wantCode(t, err, domain.NotFound)
}
