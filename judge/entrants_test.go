package judge_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/rating"
	"arena.dev/store"
)

// bot adds a bot of owner on the ladder whose versions are accepted at the
// given times with the given μ (the last is current; all share the
// compiled walker of version first), and returns the bot and its versions.
func (e *env) botWith(t *testing.T, owner int64, name string, first int64, accepted []time.Time, mus []float64) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	var bot int64
	scanOne(t, e.pool.QueryRow(ctx, "INSERT INTO bots (owner_id, game_id, name) VALUES ($1, 'orkisland', $2) RETURNING id", owner, name), &bot)
	var versions []int64
	for i, at := range accepted {
		status := "superseded"
		if i == len(accepted)-1 {
			status = "accepted"
		}
		var v int64
		scanOne(t, e.pool.QueryRow(ctx, `INSERT INTO bot_versions (bot_id, number, source, status, artifact_sha256, sdk_key, mu, sigma, accepted_at)
			SELECT $1, $2, source, $3, artifact_sha256, sdk_key, $4, 2, $5 FROM bot_versions WHERE id = $6 RETURNING id`,
			bot, i+1, status, mus[i], at, first), &v)
		versions = append(versions, v)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET current_version_id = $2 WHERE id = $1", bot, versions[len(versions)-1]); err != nil {
		t.Fatal(err)
	}
	return bot, versions
}

// entrants are a tournament's entered versions, sorted.
func (e *env) entrants(t *testing.T, id int64) []int64 {
	t.Helper()
	var vs []int64
	scanOne(t, e.pool.QueryRow(context.Background(),
		"SELECT coalesce(array_agg(bot_version_id ORDER BY bot_version_id), '{}') FROM tournament_entrants WHERE tournament_id = $1", id), &vs)
	return vs
}

// Who enters a tournament: by default one bot per student, the best rated,
// so two of one student's bots never share a group; both when the admin
// asks. With "versions before", each bot's last version accepted before
// that time, and a bot with none stays out. House bots enter only when
// chosen.
func TestTournamentEntrants(t *testing.T) {
	e := startJudge(t, judge.Config{})
	ctx := context.Background()
	first := e.accepted(t, readSource(t, "walker.go"))
	e.waitJobs(t, 3*time.Minute, "compile")
	now := time.Now()
	ago := func(h int) time.Time { return now.Add(-time.Duration(h) * time.Hour) }
	ann, bob, cid := e.user(t), e.user(t), e.user(t)
	annBest, annBest1 := e.botWith(t, ann, "best", first, []time.Time{ago(5)}, []float64{30})
	annOther, annOther1 := e.botWith(t, ann, "other", first, []time.Time{ago(5)}, []float64{20})
	bobBot, bobVs := e.botWith(t, bob, "b", first, []time.Time{ago(5), ago(1)}, []float64{22, 28})
	cidBot, cidVs := e.botWith(t, cid, "c", first, []time.Time{ago(1)}, []float64{25})
	chosen := []int64{annBest, annOther, bobBot, cidBot}

	// One bot per student (the form's default): Ann's best only.
	one := &domain.Tournament{Format: domain.FormatElimination, BotIDs: chosen, OnePerStudent: true, GroupMatches: 1, FinalMatches: 1, DropCount: 1}
	e.createTournament(t, one)
	got := e.waitTournament(t, one.ID, 2*time.Minute, "finished", finished)
	if want := []int64{annBest1[0], bobVs[1], cidVs[0]}; !slices.Equal(e.entrants(t, one.ID), sorted(want)) {
		t.Fatalf("one bot per student: entrants %v, want %v", e.entrants(t, one.ID), sorted(want))
	}
	if got.Note == "" {
		t.Fatal("the page does not say why Ann's other bot stays out")
	}
	// Every bot, as the admin asked: Ann's two bots share the one group.
	both := &domain.Tournament{Format: domain.FormatElimination, BotIDs: chosen, GroupMatches: 1, FinalMatches: 1, DropCount: 1}
	e.createTournament(t, both)
	e.waitTournament(t, both.ID, 2*time.Minute, "finished", finished)
	if n := len(e.entrants(t, both.ID)); n != 4 {
		t.Fatalf("every chosen bot: %d entrants, want 4", n)
	}
	groups, err := store.TournamentGroups(ctx, e.pool, both.ID)
	if err != nil || len(groups) == 0 || !slices.Contains(groups[0].Versions, annBest1[0]) || !slices.Contains(groups[0].Versions, annOther1[0]) {
		t.Fatalf("groups %+v, %v: want Ann's two bots in round 1's group", groups, err)
	}

	// Versions accepted before two hours ago: Bob's first, Ann's best; Cid's
	// only version came after and stays out.
	before := ago(2)
	old := &domain.Tournament{Format: domain.FormatLeague, BotIDs: chosen, OnePerStudent: true, VersionsBefore: &before, LeagueRounds: 1, GroupMatches: 1}
	e.createTournament(t, old)
	got = e.waitTournament(t, old.ID, 2*time.Minute, "finished", finished)
	if want := []int64{annBest1[0], bobVs[0]}; !slices.Equal(e.entrants(t, old.ID), sorted(want)) {
		t.Fatalf("versions before %v: entrants %v, want %v", before, e.entrants(t, old.ID), sorted(want))
	}
	if got.Note == "" {
		t.Fatal("the page does not say that Cid's bot had no version accepted before the time")
	}

	// House bots: never in "every bot"; in when chosen.
	r := rating.Default().Initial()
	if err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		return store.EnsureHouseBots(ctx, tx, "orkisland", []store.HouseBot{{Name: "Dummy"}, {Name: "Demo"}}, r.Mu, r.Sigma)
	}); err != nil {
		t.Fatal(err)
	}
	var houseBots []int64
	scanOne(t, e.pool.QueryRow(ctx, `SELECT array_agg(b.id ORDER BY b.id) FROM bots b JOIN users u ON u.id = b.owner_id
		WHERE u.role = 'house' AND b.game_id = 'orkisland'`), &houseBots)
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET disabled = false WHERE id = ANY($1)", houseBots); err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		all := &domain.Tournament{Name: "all", GameID: "orkisland", Format: domain.FormatLeague, GroupMatches: 1, FinalMatches: 1, DropCount: 2, LeagueRounds: 1, Seed: 1, StartAt: now}
		if err := store.CreateTournament(ctx, tx, all); err != nil {
			return err
		}
		if _, _, err := store.FreezeField(ctx, tx, all); err != nil {
			return err
		}
		var house int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM tournament_entrants e JOIN bot_versions v ON v.id = e.bot_version_id
			JOIN bots b ON b.id = v.bot_id WHERE e.tournament_id = $1 AND b.id = ANY($2)`, all.ID, houseBots).Scan(&house); err != nil {
			return err
		}
		if house != 0 {
			t.Errorf("every bot: %d house bots entered, want none", house)
		}
		picked := &domain.Tournament{Name: "picked", GameID: "orkisland", Format: domain.FormatLeague, GroupMatches: 1, FinalMatches: 1, DropCount: 2, LeagueRounds: 1,
			Seed: 1, StartAt: now, BotIDs: append([]int64{cidBot}, houseBots...), OnePerStudent: true}
		if err := store.CreateTournament(ctx, tx, picked); err != nil {
			return err
		}
		if eligible, entered, err := store.FreezeField(ctx, tx, picked); err != nil || eligible != 3 || entered != 3 {
			t.Errorf("Cid's bot and the two house bots chosen: %d eligible, %d entered (%v); want 3 and 3 (each house bot its own)", eligible, entered, err)
		}
		return pgx.ErrTxClosed // roll back: nothing to play
	})
	if err != pgx.ErrTxClosed {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE bots SET disabled = true WHERE id = ANY($1)", houseBots); err != nil {
		t.Fatal(err)
	}
}

func sorted(s []int64) []int64 { return slices.Sorted(slices.Values(s)) }
