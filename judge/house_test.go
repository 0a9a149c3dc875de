package judge_test

import (
	"context"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// A ladder plays from its first qualified bot: with one, two and three
// owners, the Demo and the Dummy of the house fill the empty seats (and,
// with one owner, an unrated built-in Dummy the last), every match is
// rated, the house bots are rated too and shown on the board unranked, and
// a student's rank counts students only. With four owners the house stays
// out.
func TestLadderFillsEmptySeatsWithHouseBots(t *testing.T) {
	e := startJudge(t, judge.Config{LadderQueue: 3})
	ctx := context.Background()
	var house int64
	scanOne(t, e.pool.QueryRow(ctx, "SELECT id FROM users WHERE role = 'house'"), &house)
	// This test's ladder alone: the bots other tests left leave it, and
	// come back after, as the house bots go. House bots another test made
	// and disabled come back: a disabled house bot stays off the ladder.
	var others []int64
	if _, err := e.pool.Exec(ctx, `UPDATE bots SET disabled = false WHERE game_id = 'orkisland' AND owner_id = $1`, house); err != nil {
		t.Fatal(err)
	}
	rows, err := e.pool.Query(ctx, `UPDATE bots SET disabled = true WHERE game_id = 'orkisland' AND NOT disabled AND owner_id <> $1
		RETURNING id`, house)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		others = append(others, id)
	}
	rows.Close()
	if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{"nb_rounds": 20}' WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, `UPDATE bots SET disabled = (owner_id = $2)
			WHERE game_id = 'orkisland' AND (id = ANY($1) OR owner_id = $2)`, others, house); err != nil {
			t.Error(err)
		}
		if _, err := e.pool.Exec(ctx, `UPDATE games SET settings = '{}' WHERE id = 'orkisland'`); err != nil {
			t.Error(err)
		}
	})

	// Queued ladder matches other tests left (their jobs gone with their
	// clients) would count as this ladder's queue and plan nothing.
	e.waitJobs(t, 3*time.Minute, "matchmaking", "match")
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET status = 'failed'
		WHERE game_id = 'orkisland' AND kind = 'ladder' AND status = 'queued'`); err != nil {
		t.Fatal(err)
	}

	src := readSource(t, "walker.go")
	var students []int64 // versions
	for owners := 1; owners <= 4; owners++ {
		students = append(students, e.accepted(t, src))
		e.waitJobs(t, 3*time.Minute, "compile")
		var before int64
		scanOne(t, e.pool.QueryRow(ctx, "SELECT coalesce(max(id), 0) FROM matches"), &before)
		if _, err := e.client.Insert(ctx, judge.MatchmakingArgs{}, nil); err != nil {
			t.Fatal(err)
		}
		e.waitJobs(t, 3*time.Minute, "matchmaking", "match")

		type seat struct {
			version *int64
			builtin *string
			house   bool
		}
		rows, err := e.pool.Query(ctx, `SELECT m.id, m.status, m.rated, mp.bot_version_id, coalesce(mp.builtin, v.builtin),
			coalesce(b.owner_id = $2, false)
			FROM matches m JOIN match_players mp ON mp.match_id = m.id
			LEFT JOIN bot_versions v ON v.id = mp.bot_version_id LEFT JOIN bots b ON b.id = v.bot_id
			WHERE m.kind = 'ladder' AND m.id > $1 ORDER BY m.id, mp.seat`, before, house)
		if err != nil {
			t.Fatal(err)
		}
		matches := map[int64][]seat{}
		var order []int64
		for rows.Next() {
			var id int64
			var status string
			var rated bool
			var s seat
			if err := rows.Scan(&id, &status, &rated, &s.version, &s.builtin, &s.house); err != nil {
				t.Fatal(err)
			}
			if status != domain.MatchFinished || !rated {
				t.Fatalf("%d owners: match %d %s, rated %v; want finished and rated", owners, id, status, rated)
			}
			if matches[id] == nil {
				order = append(order, id)
			}
			matches[id] = append(matches[id], s)
		}
		rows.Close()
		if len(order) != 3 {
			t.Fatalf("%d owners: %d ladder matches, want 3", owners, len(order))
		}
		wantHouse := map[int]int{1: 2, 2: 2, 3: 1, 4: 0}[owners]
		for _, id := range order {
			var nStudents, nHouse, nPlain int
			for _, s := range matches[id] {
				switch {
				case s.version == nil && s.builtin != nil && *s.builtin == "Dummy":
					nPlain++
				case s.house && s.builtin != nil:
					nHouse++
				case s.version != nil && !s.house:
					nStudents++
				default:
					t.Fatalf("match %d: a seat %+v", id, s)
				}
			}
			if len(matches[id]) != 4 || nStudents != owners || nHouse != wantHouse || nPlain != 4-owners-wantHouse {
				t.Fatalf("%d owners: match %d has %d students, %d house bots and %d plain Dummies; want %d, %d, %d",
					owners, id, nStudents, nHouse, nPlain, owners, wantHouse, 4-owners-wantHouse)
			}
		}

		// The board: the students ranked 1..owners, the house bots on it
		// unranked, each rated once per match it played.
		b, err := store.LoadRanking(ctx, e.pool, "orkisland")
		if err != nil {
			t.Fatal(err)
		}
		if b.Len() != owners || len(b.Rows) != owners+2 {
			t.Fatalf("%d owners: the board ranks %d bots in %d rows, want %d in %d", owners, b.Len(), len(b.Rows), owners, owners+2)
		}
		for _, r := range b.Rows {
			if r.House != (r.OwnerID == house) || (r.House && r.Rank != 0) || (!r.House && r.Rank < 1) {
				t.Fatalf("board row %+v", r)
			}
			if r.House && owners < 4 {
				var games, history int
				scanOne(t, e.pool.QueryRow(ctx, `SELECT v.games, (SELECT count(*) FROM rating_history h
					WHERE h.bot_version_id = v.id AND h.match_id IS NOT NULL) FROM bot_versions v WHERE v.id = $1`, r.VersionID), &games, &history)
				if games == 0 || history != games || r.Mu == 25 {
					t.Fatalf("house bot %s: %d games, %d rating changes, μ %.2f", r.BotName, games, history, r.Mu)
				}
			}
		}
		var botID int64
		scanOne(t, e.pool.QueryRow(ctx, "SELECT bot_id FROM bot_versions WHERE id = $1", students[0]), &botID)
		if rank, total := b.Rank(botID); rank < 1 || total != owners {
			t.Fatalf("%d owners: the first student is #%d of %d; want of %d", owners, rank, total, owners)
		}
		t.Logf("%d owners: %d matches, each with %d house bots", owners, len(order), wantHouse)
	}
}
