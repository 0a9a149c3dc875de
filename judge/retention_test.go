package judge_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	dto "github.com/prometheus/client_model/go"
	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/metrics"
	"arena.dev/service"
	"arena.dev/store"
)

// inProcess makes a bot of a new user in a game whose version plays
// in-process as the built-in bot as (house bots do the same): accepted,
// current, no compile needed.
func (e *env) inProcess(t testing.TB, gameID, name, as string) int64 {
	t.Helper()
	ctx := context.Background()
	if g, err := games.Get(gameID); err != nil {
		t.Fatal(err)
	} else if err := store.EnsureGame(ctx, e.pool, gameID, g.Info().Title); err != nil {
		t.Fatal(err)
	}
	bot, err := store.BotByName(ctx, e.pool, e.user(t), gameID, name)
	if err != nil {
		t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, bot.ID, "go", "// plays as the built-in "+as)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET builtin = $2, status = 'accepted', mu = 25, sigma = 8 WHERE id = $1;`,
		v.ID, as); err != nil {
		t.Fatal(err)
	}
	if err := store.SetCurrentVersion(ctx, e.pool, bot.ID, v.ID); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

// seats are these versions, then built-in bots.
func seats(versions []int64, builtins ...string) []domain.Seat {
	var out []domain.Seat
	for _, id := range versions {
		out = append(out, domain.Seat{VersionID: &id})
	}
	for _, b := range builtins {
		out = append(out, domain.Seat{Builtin: b})
	}
	return out
}

// queue creates n matches of a kind between these seats (seeds from
// seed) and queues their jobs, without waiting.
func (e *env) queue(t testing.TB, gameID, kind string, n int, seed int64, s []domain.Seat, settings map[string]int) []int64 {
	t.Helper()
	ctx := context.Background()
	var ids []int64
	var jobs []river.InsertManyParams
	for i := range n {
		m := &domain.Match{GameID: gameID, Kind: kind, Seed: seed + int64(i), Settings: settings}
		if kind == domain.KindChallenge {
			uid := e.user(t)
			m.ChallengerID = &uid
		}
		if err := store.CreateMatch(ctx, e.pool, m, s); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
		jobs = append(jobs, river.InsertManyParams{Args: judge.MatchArgs{MatchID: m.ID}, InsertOpts: &river.InsertOpts{Queue: judge.QueueMatch}})
	}
	if _, err := e.client.InsertMany(ctx, jobs); err != nil {
		t.Fatal(err)
	}
	return ids
}

// waitLanded waits until these matches are finished.
func (e *env) waitLanded(t testing.TB, ids []int64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var left int
		scanOne(t, e.pool.QueryRow(context.Background(), "SELECT count(*) FROM matches WHERE id = ANY($1) AND status <> 'finished'", ids), &left)
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d matches not finished after %v", left, len(ids), within)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// age makes matches look played days ago.
func (e *env) age(t testing.TB, days int, ids ...int64) {
	t.Helper()
	if _, err := e.pool.Exec(context.Background(), `UPDATE matches SET created_at = now() - make_interval(days => $2) - interval '1 minute',
		finished_at = now() - make_interval(days => $2) WHERE id = ANY($1)`, ids, days); err != nil {
		t.Fatal(err)
	}
}

// retention runs one pass of the retention job on the workers and
// returns what it did.
func (e *env) retention(t testing.TB) judge.RetentionOutput {
	t.Helper()
	ctx := context.Background()
	res, err := e.client.Insert(ctx, judge.RetentionArgs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var state string
		var output []byte
		scanOne(t, e.pool.QueryRow(ctx, "SELECT state::text, metadata->'output' FROM river_job WHERE id = $1", res.Job.ID), &state, &output)
		switch state {
		case "completed":
			var out judge.RetentionOutput
			if err := json.Unmarshal(output, &out); err != nil {
				t.Fatalf("retention output %s: %v", output, err)
			}
			return out
		case "retryable", "discarded", "cancelled":
			var errs []byte
			scanOne(t, e.pool.QueryRow(ctx, "SELECT errors::text FROM river_job WHERE id = $1", res.Job.ID), &errs)
			t.Fatalf("the retention job is %s: %s", state, errs)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the retention job is still %s", state)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// replayOf is a match's replay key and whether its blob is stored.
func (e *env) replayOf(t testing.TB, id int64) (key *string, stored bool, deleted bool) {
	t.Helper()
	scanOne(t, e.pool.QueryRow(context.Background(), `SELECT replay_key, EXISTS (SELECT 1 FROM blobs WHERE key = replay_key),
		replay_deleted_at IS NOT NULL FROM matches WHERE id = $1`, id), &key, &stored, &deleted)
	return key, stored, deleted
}

// What the database keeps of a match: results and rows for ever; a ladder
// replay while it is among each of its versions' N most recent or younger
// than D days (counted from when it was played again); every other kind's
// replay. The job deletes the rest in batches of the configured size, in
// one pass, while other matches land, and changes nothing else; a second
// pass finds nothing to do.
func TestRetentionKeepsAndDeletes(t *testing.T) {
	// A long rest between batches lets matches land during the pass
	// even on a slow, busy machine.
	e := startJudge(t, judge.Config{MaxWorkers: 4, RetentionBatch: 3, RetentionPause: 400 * time.Millisecond})
	ctx := context.Background()
	if err := store.SaveRetention(ctx, e.pool, store.Retention{Enabled: true, LadderRecent: 3, LadderDays: 2, ArtifactDays: 30}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.SaveRetention(ctx, e.pool, store.DefaultRetention) })
	a, b := e.inProcess(t, fake.ID, "ant", "Demo"), e.inProcess(t, fake.ID, "bee", "Dummy")
	c, d := e.inProcess(t, fake.ID, "cat", "Demo"), e.inProcess(t, fake.ID, "doe", "Demo")

	ab := e.queue(t, fake.ID, domain.KindLadder, 12, 1, seats([]int64{a, b}, "Null", "Null"), nil)
	few := e.queue(t, fake.ID, domain.KindLadder, 2, 20, seats([]int64{c}, "Dummy", "Null", "Null"), nil)
	dd := e.queue(t, fake.ID, domain.KindLadder, 5, 30, seats([]int64{d}, "Dummy", "Dummy", "Null"), nil)
	builtins := e.queue(t, fake.ID, domain.KindLadder, 2, 40, seats(nil, "Demo", "Dummy", "Null", "Null"), nil)
	others := slices.Concat(
		e.queue(t, fake.ID, domain.KindQualification, 1, 50, seats([]int64{a}, "Dummy", "Dummy", "Dummy"), nil),
		e.queue(t, fake.ID, domain.KindTournament, 1, 51, seats([]int64{a, b, c, d}), nil),
		e.queue(t, fake.ID, domain.KindChallenge, 1, 52, seats([]int64{a}, "Demo", "Dummy", "Null"), nil))
	all := slices.Concat(ab, few, dd, builtins, others)
	e.waitLanded(t, all, 2*time.Minute)
	e.age(t, 10, all...)
	// The oldest of d's was played again a day ago: kept like a fresh one.
	if _, err := e.pool.Exec(ctx, "UPDATE matches SET replay_regenerated_at = now() - interval '1 day' WHERE id = $1", dd[0]); err != nil {
		t.Fatal(err)
	}
	// a and b have a young match too: their 3 most recent are it and
	// their last 2 old ones.
	young := e.queue(t, fake.ID, domain.KindLadder, 1, 60, seats([]int64{a, b}, "Null", "Null"), nil)
	e.waitLanded(t, young, time.Minute)

	deleted := slices.Concat(ab[:10], dd[1:2], builtins)
	kept := slices.Concat(ab[10:], young, few, dd[:1], dd[2:], others)
	var results, ratings, rows int
	counts := func() (int, int, int) {
		var r, h, m int
		scanOne(t, e.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM match_players WHERE match_id = ANY($1) AND score IS NOT NULL),
			(SELECT count(*) FROM rating_history WHERE match_id = ANY($1)), (SELECT count(*) FROM matches WHERE id = ANY($1))`,
			slices.Concat(all, young)), &r, &h, &m)
		return r, h, m
	}
	results, ratings, rows = counts()

	// Matches of two other versions land all along the pass, two at a
	// time, until it is over.
	e1, e2 := e.inProcess(t, fake.ID, "elk", "Demo"), e.inProcess(t, fake.ID, "fox", "Dummy")
	var stream []int64
	stop, streamed := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(streamed)
		for seed := int64(100); ; seed += 2 {
			select {
			case <-stop:
				return
			default:
			}
			var jobs []river.InsertManyParams
			for i := range int64(2) {
				m := &domain.Match{GameID: fake.ID, Kind: domain.KindLadder, Seed: seed + i, Settings: map[string]int{"nb_rounds": 300, "track": 1000}}
				if err := store.CreateMatch(ctx, e.pool, m, seats([]int64{e1, e2}, "Demo", "Dummy")); err != nil {
					t.Error(err)
					return
				}
				stream = append(stream, m.ID)
				jobs = append(jobs, river.InsertManyParams{Args: judge.MatchArgs{MatchID: m.ID}, InsertOpts: &river.InsertOpts{Queue: judge.QueueMatch}})
			}
			if _, err := e.client.InsertMany(ctx, jobs); err != nil {
				t.Error(err)
				return
			}
			for {
				var left int
				if err := e.pool.QueryRow(ctx, "SELECT count(*) FROM matches WHERE id = ANY($1) AND status = 'queued'", stream).Scan(&left); err != nil {
					t.Error(err)
					return
				}
				if left == 0 {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}()
	// Hold one of the doomed matches as playing it again would: the pass
	// skips it rather than wait, and the next one deletes it.
	held := ab[0]
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", held); err != nil {
		t.Fatal(err)
	}
	// The stream is under way: its first match has landed.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		var landed int
		scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM matches m JOIN match_players mp ON mp.match_id = m.id
			WHERE mp.bot_version_id = $1 AND m.status = 'finished'`, e1), &landed)
		if landed > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no match of the stream landed within a minute")
		}
	}
	out := e.retention(t)
	tx.Rollback(ctx)
	close(stop)
	<-streamed
	e.waitLanded(t, stream, 3*time.Minute)

	if !out.Enabled || out.Replays != len(deleted)-1 || out.Unfinished {
		t.Errorf("the pass deleted %d replays (enabled %v, unfinished %v), want %d", out.Replays, out.Enabled, out.Unfinished, len(deleted)-1)
	}
	// Each batch finds up to 3 (the held one included, skipped).
	if want := (len(deleted) + 2) / 3; out.ReplayBatches != want {
		t.Errorf("the pass took %d batches, want %d of at most 3", out.ReplayBatches, want)
	}
	var during int
	scanOne(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM matches m, river_job j
		WHERE m.id = ANY($1) AND j.kind = 'retention' AND j.id = (SELECT max(id) FROM river_job WHERE kind = 'retention')
		  AND m.finished_at BETWEEN j.attempted_at AND j.finalized_at`, stream), &during)
	t.Logf("%d of the %d other matches landed during the pass (%d batches)", during, len(stream), out.ReplayBatches)
	if during == 0 {
		t.Errorf("no match landed during the pass: the test proves nothing about landing matches")
	}
	if key, stored, _ := e.replayOf(t, held); key == nil || !stored {
		t.Errorf("the held match %d lost its replay while held", held)
	}
	if out := e.retention(t); out.Replays != 1 {
		t.Errorf("the next pass deleted %d replays, want the one held before", out.Replays)
	}

	for _, id := range deleted {
		if key, stored, gone := e.replayOf(t, id); key != nil || !gone {
			t.Errorf("match %d: replay %v (stored %v, marked deleted %v), want deleted", id, key, stored, gone)
		}
		var blobs int
		scanOne(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM blobs WHERE key LIKE 'replay/' || $1::bigint || '/%'", id), &blobs)
		if blobs != 0 {
			t.Errorf("match %d: %d replay blobs left", id, blobs)
		}
	}
	for _, id := range slices.Concat(kept, stream) {
		if key, stored, gone := e.replayOf(t, id); key == nil || !stored || gone {
			t.Errorf("match %d: replay %v stored %v deleted %v, want kept", id, key, stored, gone)
		}
	}
	if r, h, m := counts(); r != results || h != ratings || m != rows {
		t.Errorf("results, rating changes and match rows went from %d, %d, %d to %d, %d, %d", results, ratings, rows, r, h, m)
	}
	if out := e.retention(t); out.Replays != 0 || out.ReplayBatches != 0 {
		t.Errorf("a pass with nothing to do deleted %d replays in %d batches", out.Replays, out.ReplayBatches)
	}

	// Off: nothing goes.
	if err := store.SaveRetention(ctx, e.pool, store.Retention{Enabled: false, LadderRecent: 0, LadderDays: 0, ArtifactDays: 1}); err != nil {
		t.Fatal(err)
	}
	if out := e.retention(t); out.Enabled || out.Replays != 0 {
		t.Errorf("retention off: the pass deleted %d replays", out.Replays)
	}
}

// steadyRace is Race whose bots report a fixed CPU time per round: bots
// deterministic in all they do, their CPU readings included, which no
// real bot is (CPU time is measured).
type steadyRace struct{ fake.Game }

const steadyRaceID = "race-steady"

func (steadyRace) Info() games.Info {
	info := fake.Game{}.Info()
	info.ID, info.Title, info.Downloads = steadyRaceID, "Race (steady CPU)", nil
	return info
}

func (g steadyRace) NewBot(name string) (games.Agent, error) {
	a, err := g.Game.NewBot(name)
	return steadyAgent{a}, err
}

type steadyAgent struct{ games.Agent }

func (a steadyAgent) Exchange(msg []byte, limit time.Duration) ([]byte, time.Duration, error) {
	reply, _, err := a.Agent.Exchange(msg, limit)
	return reply, 3 * time.Millisecond, err
}

var registerSteady sync.Once

// regenerate asks for a match to be played again as a user and waits for
// its replay.
func (e *env) regenerate(t *testing.T, userID, matchID int64) {
	t.Helper()
	if _, err := service.ReplayAgain(context.Background(), e.pool, e.client, userID, matchID); err != nil {
		t.Fatal(err)
	}
	e.waitJobs(t, 3*time.Minute, "replay")
	if key, stored, _ := e.replayOf(t, matchID); key == nil || !stored {
		t.Fatalf("match %d played again has no replay", matchID)
	}
}

func (e *env) replayBytes(t testing.TB, matchID int64) []byte {
	t.Helper()
	var gz []byte
	scanOne(t, e.pool.QueryRow(context.Background(), "SELECT b.data FROM matches m JOIN blobs b ON b.key = m.replay_key WHERE m.id = $1", matchID), &gz)
	return gz
}

// A match whose replay retention deleted is played again on request: the
// same versions, seed and settings give the same replay, byte for byte,
// for bots deterministic in everything; the results stay; the replay is
// then kept like a fresh one.
func TestReplayRegeneratedByteForByte(t *testing.T) {
	registerSteady.Do(func() { games.Register(steadyRace{}) })
	e := startJudge(t, judge.Config{MaxWorkers: 2})
	ctx := context.Background()
	a, b := e.inProcess(t, steadyRaceID, "ant", "Demo"), e.inProcess(t, steadyRaceID, "bee", "Dummy")
	ids := e.queue(t, steadyRaceID, domain.KindLadder, 1, 7, seats([]int64{a, b}, "Dummy", "Null"), map[string]int{"nb_rounds": 200, "track": 1000})
	e.waitLanded(t, ids, time.Minute)
	m := ids[0]
	original := e.replayBytes(t, m)
	var before []byte
	scanOne(t, e.pool.QueryRow(ctx, "SELECT json_agg(mp ORDER BY seat)::text FROM match_players mp WHERE match_id = $1", m), &before)

	if _, _, err := store.DeleteReplays(ctx, e.pool, ids, time.Now()); err != nil {
		t.Fatal(err)
	}
	if key, _, gone := e.replayOf(t, m); key != nil || !gone {
		t.Fatalf("the replay was not deleted")
	}
	uid := e.user(t)
	e.regenerate(t, uid, m)
	if again := e.replayBytes(t, m); !bytes.Equal(again, original) {
		t.Errorf("the replay played again (%d bytes) differs from the original (%d bytes)", len(again), len(original))
	}
	got, err := store.MatchByID(ctx, e.pool, m)
	if err != nil {
		t.Fatal(err)
	}
	if got.ReplayRegeneratedAt == nil || got.ReplayDeletedAt != nil || got.ReplayDiffers {
		t.Errorf("after playing again: regenerated %v, deleted %v, differs %v", got.ReplayRegeneratedAt, got.ReplayDeletedAt, got.ReplayDiffers)
	}
	var after []byte
	scanOne(t, e.pool.QueryRow(ctx, "SELECT json_agg(mp ORDER BY seat)::text FROM match_players mp WHERE match_id = $1", m), &after)
	if !bytes.Equal(before, after) {
		t.Errorf("the results changed:\n%s\n%s", before, after)
	}

	// Kept like a fresh one: played 10 days ago, played again now.
	e.age(t, 10, m)
	if err := store.SaveRetention(ctx, e.pool, store.Retention{Enabled: true, LadderRecent: 0, LadderDays: 2, ArtifactDays: 30}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.SaveRetention(ctx, e.pool, store.DefaultRetention) })
	e.retention(t)
	if key, _, _ := e.replayOf(t, m); key == nil {
		t.Errorf("the replay played again was deleted at once")
	}

	// Asking again while it has its replay is refused.
	if _, err := service.ReplayAgain(ctx, e.pool, e.client, uid, m); !isReplayError(err) {
		t.Errorf("playing again a match that has its replay: %v", err)
	}

	// A match whose recorded end the replay played again does not meet
	// (as when a bot froze for CPU at another moment): said, and the
	// recorded result stands.
	other := e.queue(t, steadyRaceID, domain.KindLadder, 1, 8, seats([]int64{a, b}, "Dummy", "Null"), map[string]int{"nb_rounds": 200, "track": 1000})[0]
	e.waitLanded(t, []int64{other}, time.Minute)
	if _, err := e.pool.Exec(ctx, "UPDATE match_players SET score = score + 1 WHERE match_id = $1 AND seat = 0", other); err != nil {
		t.Fatal(err)
	}
	var recorded int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT score FROM match_players WHERE match_id = $1 AND seat = 0", other), &recorded)
	if _, _, err := store.DeleteReplays(ctx, e.pool, []int64{other}, time.Now()); err != nil {
		t.Fatal(err)
	}
	e.regenerate(t, uid, other)
	if got, err := store.MatchByID(ctx, e.pool, other); err != nil || !got.ReplayDiffers {
		t.Errorf("a replay that ends otherwise than recorded is not said to differ: %v", err)
	}
	var score int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT score FROM match_players WHERE match_id = $1 AND seat = 0", other), &score)
	if score != recorded {
		t.Errorf("the recorded score %d became %d", recorded, score)
	}
}

func isReplayError(err error) bool {
	var re *domain.Error
	return errors.As(err, &re) && (re.Code == domain.Invalid || re.Code == domain.TooMany)
}

// A real bot, sandboxed, whose CPU time is measured: played again, its
// match is the same in everything but the CPU readings, and ends as
// recorded.
func TestReplayRegeneratedSandboxed(t *testing.T) {
	e := startJudge(t, judge.Config{MaxWorkers: 2})
	ctx := context.Background()
	dummy, err := games.BotProgram(fake.ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	uid := e.user(t)
	v := e.compiled(t, uid, "gopher", dummy)
	ids := e.queue(t, fake.ID, domain.KindLadder, 1, 11, seats([]int64{v}, "Demo", "Dummy", "Null"), map[string]int{"nb_rounds": 200, "track": 1000})
	e.waitLanded(t, ids, time.Minute)
	m := ids[0]
	original := e.replayBytes(t, m)
	if _, _, err := store.DeleteReplays(ctx, e.pool, ids, time.Now()); err != nil {
		t.Fatal(err)
	}
	e.regenerate(t, uid, m)
	again := e.replayBytes(t, m)
	if bytes.Equal(original, again) {
		t.Logf("byte for byte the same, CPU readings included")
	}
	r1, r2 := readReplay(t, original), readReplay(t, again)
	for _, r := range []*games.Replay{r1, r2} {
		for i := range r.Rounds {
			r.Rounds[i].CPU = nil
		}
		r.End.CPU = nil
	}
	j1, _ := json.Marshal(r1)
	j2, _ := json.Marshal(r2)
	if !bytes.Equal(j1, j2) {
		t.Errorf("played again, the match differs in more than CPU readings")
	}
	got, err := store.MatchByID(ctx, e.pool, m)
	if err != nil {
		t.Fatal(err)
	}
	if got.ReplayDiffers {
		t.Errorf("the match played again does not end as recorded")
	}
}

func readReplay(t *testing.T, gz []byte) *games.Replay {
	t.Helper()
	r, err := games.ReadReplay(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// compiled submits source for a user's bot in Race and waits for its
// verdict; it returns the version.
func (e *env) compiled(t *testing.T, uid int64, name string, source []byte) int64 {
	t.Helper()
	v, err := service.Submit(context.Background(), e.pool, e.client, uid, fake.ID, name, "go", string(source))
	if err != nil {
		t.Fatal(err)
	}
	got := e.waitStatus(t, v.ID, 3*time.Minute, domain.StatusAccepted, domain.StatusRejected, domain.StatusCompileError)
	if got.Status == domain.StatusCompileError {
		t.Fatalf("version %d did not compile:\n%s", v.ID, got.CompileLog)
	}
	e.waitJobs(t, 3*time.Minute, "match", "compile")
	return v.ID
}

// The compiled artifact of a version that is not current, in no
// unfinished tournament and in no waiting match, idle for the set days, is
// dropped (its blob deleted once no kept version shares it); a worker that
// needs it again, on a machine without it, builds it from the source and
// plays.
func TestArtifactDroppedAndRebuilt(t *testing.T) {
	e := startJudge(t, judge.Config{MaxWorkers: 2})
	ctx := context.Background()
	if err := store.SaveRetention(ctx, e.pool, store.Retention{Enabled: true, LadderRecent: 10, LadderDays: 3, ArtifactDays: 7}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.SaveRetention(ctx, e.pool, store.DefaultRetention) })
	dummy, err := games.BotProgram(fake.ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	demo, err := games.BotProgram(fake.ID, "Demo")
	if err != nil {
		t.Fatal(err)
	}
	// A build of its own: no other test's version shares it.
	dummy = append(dummy, "\nvar retentionMark = []byte(\"the retention test's own build\")\n\nfunc init() {\n\tif retentionMark[0] == 0 {\n\t\tretentionMark = nil\n\t}\n}\n"...)
	uid := e.user(t)
	old := e.compiled(t, uid, "gopher", dummy)
	current := e.compiled(t, uid, "gopher", demo)
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET status = CASE WHEN id = $1 THEN 'superseded' ELSE 'accepted' END
		WHERE id IN ($1, $2)`, old, current); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $1 WHERE id = (SELECT bot_id FROM bot_versions WHERE id = $1)", current); err != nil {
		t.Fatal(err)
	}
	sha := func(id int64) string {
		v, err := store.VersionByID(ctx, e.pool, id)
		if err != nil || v.ArtifactSHA256 == nil {
			t.Fatalf("version %d: %v, artifact %v", id, err, v)
		}
		return *v.ArtifactSHA256
	}
	oldSHA := sha(old)
	// Versions of other bots on the old build, each kept for a reason:
	// one current, one in a waiting match, one in a running tournament,
	// one used lately; and one that is not.
	copyOf := func(name, status string, of int64) (bot, version int64) {
		t.Helper()
		b, err := store.BotByName(ctx, e.pool, e.user(t), fake.ID, name)
		if err != nil {
			t.Fatal(err)
		}
		scanOne(t, e.pool.QueryRow(ctx, `INSERT INTO bot_versions (bot_id, number, source, language, status, artifact_sha256, sdk_key, mu, sigma)
			SELECT $1, 1, source, language, $3, artifact_sha256, sdk_key, 25, 8 FROM bot_versions WHERE id = $2 RETURNING id`,
			b.ID, of, status), &version)
		return b.ID, version
	}
	twinBot, twin := copyOf("twin", "accepted", old)
	if err := store.SetCurrentVersion(ctx, e.pool, twinBot, twin); err != nil {
		t.Fatal(err)
	}
	_, waiting := copyOf("waiting", "superseded", old)
	queued := &domain.Match{GameID: fake.ID, Kind: domain.KindLadder, Seed: 5}
	if err := store.CreateMatch(ctx, e.pool, queued, seats([]int64{waiting}, "Null", "Null", "Null")); err != nil {
		t.Fatal(err)
	}
	_, entrant := copyOf("entrant", "superseded", old)
	var tournament int64
	scanOne(t, e.pool.QueryRow(ctx, `INSERT INTO tournaments (name, game_id, format, seed, status, start_at)
		VALUES ('cup', $1, 'league', 1, 'running', now()) RETURNING id`, fake.ID), &tournament)
	if _, err := e.pool.Exec(ctx, "INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating) VALUES ($1, $2, 0)", tournament, entrant); err != nil {
		t.Fatal(err)
	}
	_, lately := copyOf("lately", "superseded", current) // another build
	_, idle := copyOf("idle", "rejected", old)
	t.Cleanup(func() {
		e.pool.Exec(ctx, "UPDATE tournaments SET status = 'cancelled' WHERE id = $1", tournament)
		e.pool.Exec(ctx, "DELETE FROM matches WHERE id = $1", queued.ID)
	})
	// All of them idle for 30 days but lately, which played a match
	// yesterday.
	all := []int64{old, current, twin, waiting, entrant, lately, idle}
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET created_at = now() - interval '30 days',
		status_changed_at = now() - interval '30 days' WHERE id = ANY($1)`, all); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET created_at = now() - interval '30 days'
		WHERE id IN (SELECT match_id FROM match_players WHERE bot_version_id = ANY($1)) AND status <> 'queued'`, all); err != nil {
		t.Fatal(err)
	}
	played := e.queue(t, fake.ID, domain.KindChallenge, 1, 9, seats([]int64{lately}, "Null", "Null", "Null"), nil)
	e.waitLanded(t, played, time.Minute)
	if _, err := e.pool.Exec(ctx, "UPDATE matches SET created_at = now() - interval '1 day' WHERE id = $1", played[0]); err != nil {
		t.Fatal(err)
	}

	dropped := func() []int64 {
		rows, err := e.pool.Query(ctx, "SELECT id FROM bot_versions WHERE id = ANY($1) AND artifact_dropped_at IS NOT NULL ORDER BY id", all)
		if err != nil {
			t.Fatal(err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	stored := func(sha string) bool {
		ok, err := store.BlobExists(ctx, e.pool, "wasm/"+sha)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	out := e.retention(t)
	if got, want := dropped(), []int64{old, idle}; !slices.Equal(got, want) {
		t.Errorf("dropped the artifacts of %v, want %v (old and idle; kept: current %d, twin %d, waiting %d, entrant %d, lately %d)",
			got, want, current, twin, waiting, entrant, lately)
	}
	if !stored(oldSHA) || out.ArtifactBlobs != 0 {
		t.Errorf("the old build's blob was deleted (%d blobs) while the twin, current, keeps it", out.ArtifactBlobs)
	}

	// The twin is current no more: its build goes, blob and all.
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = NULL WHERE id = $1", twinBot); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET status = 'failed', created_at = now() - interval '30 days', finished_at = now()
		WHERE id = $1`, queued.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE tournaments SET status = 'finished' WHERE id = $1", tournament); err != nil {
		t.Fatal(err)
	}
	out = e.retention(t)
	if got, want := dropped(), []int64{old, twin, waiting, entrant, idle}; !slices.Equal(got, want) {
		t.Errorf("dropped the artifacts of %v, want %v", got, want)
	}
	if stored(oldSHA) || out.ArtifactBlobs != 1 || out.ArtifactBytes <= 0 {
		t.Fatalf("the old build's blob: stored %v; the pass deleted %d blobs (%d bytes), want 1", stored(oldSHA), out.ArtifactBlobs, out.ArtifactBytes)
	}

	// A worker on a machine without it: the old version plays, built again.
	if err := os.Remove(filepath.Join(sandboxDir(), "artifacts", oldSHA+".wasm")); err != nil {
		t.Fatal(err)
	}
	rebuilt := func() float64 {
		var m dto.Metric
		if err := metrics.Rebuilds.WithLabelValues(fake.ID, lang.Go.ID, "rebuilt").Write(&m); err != nil {
			t.Fatal(err)
		}
		return m.GetCounter().GetValue()
	}
	before := rebuilt()
	again := e.queue(t, fake.ID, domain.KindChallenge, 1, 9, seats([]int64{old}, "Demo", "Dummy", "Null"), nil)
	e.waitLanded(t, again, 3*time.Minute)
	if s := e.seatOf(t, again[0], old); s.frozenRound != nil {
		t.Fatalf("the version whose artifact was dropped was frozen: %s %s\n%s", s.kind, s.reason, s.log)
	}
	if n := rebuilt() - before; n != 1 {
		t.Errorf("rebuilt %v times, want once", n)
	}
	v, err := store.VersionByID(ctx, e.pool, old)
	if err != nil {
		t.Fatal(err)
	}
	if v.ArtifactSHA256 == nil || !stored(*v.ArtifactSHA256) || slices.Contains(dropped(), old) || v.RebuiltAt == nil {
		t.Errorf("after its rebuild: artifact %v stored %v, still dropped %v", v.ArtifactSHA256, v.ArtifactSHA256 != nil && stored(*v.ArtifactSHA256), slices.Contains(dropped(), old))
	}
	t.Logf("the rebuilt artifact is the same build: %v", *v.ArtifactSHA256 == oldSHA)
}
