package judge

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"arena.dev/games"
	"arena.dev/store"
)

// Tournaments. A tournament is a row whose status moves
// scheduled → running ⇄ paused → finished (or → cancelled from any of the
// first three). A River job scheduled at the start time freezes the field
// and creates round 1; every later round is created by the transaction
// that lands the previous round's last match (finish → advanceTournament).
// Each step locks the tournament row first and re-checks the state it
// expects, so a retried, rescued or duplicated job changes nothing twice,
// and tournament_matches' key (tournament, round, group, index) makes a
// doubled round impossible rather than merely unlikely.
//
// Elimination: groups of at most four seeded by μ−3σ in snake order; a
// round with n > 4 bots has ceil(n/4) groups (3–4 bots, or 2 when n = 5), a
// group short of four fills its empty seats with the Dummy, whose results
// count for no one. Each group plays N matches, seats rotating; the last K
// of each group drop out (at least one stays), until at most four remain
// and play the final group's M matches.
// League: R rounds; each round shuffles the field with the tournament's
// seed and splits it into groups the same way, N matches per group.

// TournamentStartArgs starts a tournament; it is inserted scheduled at the
// tournament's start time.
type TournamentStartArgs struct {
	TournamentID int64 `json:"tournament_id"`
}

func (TournamentStartArgs) Kind() string { return "tournament_start" }

func (TournamentStartArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 25, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TournamentStartWorker freezes the field and creates the first round, and
// completes its own job in that transaction.
type TournamentStartWorker struct {
	river.WorkerDefaults[TournamentStartArgs]
	j *judge
}

func (w *TournamentStartWorker) Work(ctx context.Context, job *river.Job[TournamentStartArgs]) error {
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		if err := startTournament(ctx, tx, insertJobs, job.Args.TournamentID); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

// inserter inserts jobs in a transaction: insertJobs inside a worker, a
// client's InsertManyTx in the web server.
type inserter func(ctx context.Context, tx pgx.Tx, jobs []river.InsertManyParams) error

func clientInserter(c *Client) inserter {
	return func(ctx context.Context, tx pgx.Tx, jobs []river.InsertManyParams) error {
		if len(jobs) == 0 {
			return nil
		}
		_, err := c.InsertManyTx(ctx, tx, jobs)
		return err
	}
}

// ErrTournament is a request that the tournament's state refuses (pausing
// a finished one...): the user's mistake, not the system's.
var ErrTournament = errors.New("tournament")

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrTournament, fmt.Sprintf(format, args...))
}

// CreateTournament validates t, inserts it and its start job (scheduled at
// t.StartAt) in tx.
func CreateTournament(ctx context.Context, tx pgx.Tx, client *Client, t *store.Tournament) error {
	game, err := games.Get(t.GameID)
	if err != nil {
		return refuse("unknown game %q", t.GameID)
	}
	if err := game.Info().Check(games.Settings(t.Settings)); err != nil {
		return refuse("settings: %v", err)
	}
	if t.Format != store.FormatElimination && t.Format != store.FormatLeague {
		return refuse("unknown format %q", t.Format)
	}
	if t.GroupMatches < 1 || t.GroupMatches > 100 || t.FinalMatches < 1 || t.FinalMatches > 100 ||
		t.LeagueRounds < 1 || t.LeagueRounds > 100 || t.DropCount < 1 || t.DropCount > 3 {
		return refuse("matches and rounds must be between 1 and 100, and the drop count between 1 and 3")
	}
	var known bool
	if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = $1 AND enabled)", t.GameID).Scan(&known); err != nil {
		return err
	}
	if !known {
		return refuse("game %q is not enabled on this site", t.GameID)
	}
	if len(t.BoardIDs) > 0 {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM boards WHERE id = ANY($1) AND game_id = $2",
			t.BoardIDs, t.GameID).Scan(&n); err != nil {
			return err
		}
		if n != len(t.BoardIDs) {
			return refuse("a chosen board does not exist or is not a board of %s", t.GameID)
		}
	}
	if t.Seed == 0 {
		t.Seed = newSeed()
	}
	if err := store.CreateTournament(ctx, tx, t); err != nil {
		return err
	}
	_, err = client.InsertTx(ctx, tx, TournamentStartArgs{TournamentID: t.ID}, &river.InsertOpts{ScheduledAt: t.StartAt})
	return err
}

// startTournament freezes the field and plays round 1, once.
func startTournament(ctx context.Context, tx pgx.Tx, insert inserter, id int64) error {
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil || t.Status != store.TournamentScheduled {
		return err // already started, or cancelled before its start
	}
	// The field: each bot's current accepted version, rated μ−3σ now.
	q := `INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating)
		SELECT $1, v.id, coalesce(v.mu - 3 * v.sigma, 0)
		FROM bots b JOIN bot_versions v ON v.id = b.current_version_id JOIN users u ON u.id = b.owner_id
		WHERE b.game_id = $2 AND v.status = 'accepted' AND NOT b.disabled AND NOT u.disabled
		  AND ($3::bigint[] IS NULL OR b.id = ANY($3))`
	if _, err := tx.Exec(ctx, q, t.ID, t.GameID, t.BotIDs); err != nil {
		return err
	}
	t.Status = store.TournamentRunning
	field, err := fieldOf(ctx, tx, t.ID, "TRUE")
	if err != nil {
		return err
	}
	if t.BotIDs != nil && len(field) < len(t.BotIDs) {
		// Said on the page: a chosen bot that has no playable version stays out.
		t.Note = fmt.Sprintf("%d of the %d chosen bots had no accepted version at the start and do not play",
			len(t.BotIDs)-len(field), len(t.BotIDs))
	}
	if _, err := tx.Exec(ctx, "UPDATE tournaments SET status = 'running', started_at = now(), note = $2 WHERE id = $1",
		t.ID, t.Note); err != nil {
		return err
	}
	if len(field) < 2 {
		if len(field) == 1 {
			if _, err := tx.Exec(ctx, "UPDATE tournament_entrants SET place = 1 WHERE tournament_id = $1", t.ID); err != nil {
				return err
			}
		}
		return finishTournament(ctx, tx, t, strings.TrimPrefix(t.Note+"; ", "; ")+
			fmt.Sprintf("%d entrant(s): nothing to play", len(field)))
	}
	return playRound(ctx, tx, insert, t, 1, field)
}

// entrant is a bot version in the field with its seed rating.
type entrant struct {
	version int64
	rating  float64
}

// fieldOf lists the entrants matching cond, best seed first.
func fieldOf(ctx context.Context, tx pgx.Tx, id int64, cond string) ([]entrant, error) {
	rows, err := tx.Query(ctx, `SELECT bot_version_id, seed_rating FROM tournament_entrants
		WHERE tournament_id = $1 AND `+cond+` ORDER BY seed_rating DESC, bot_version_id`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (entrant, error) {
		var e entrant
		err := r.Scan(&e.version, &e.rating)
		return e, err
	})
}

// groupCount is how many groups of at most four n bots make.
func groupCount(n int) int { return (n + 3) / 4 }

// snakeGroups splits a field sorted best first into g groups in snake
// order (1..g, g..1, ...), so every group gets a balanced mix of seeds.
func snakeGroups[T any](field []T, g int) [][]T {
	groups := make([][]T, g)
	for i, e := range field {
		k := i % g
		if (i/g)%2 == 1 {
			k = g - 1 - k
		}
		groups[k] = append(groups[k], e)
	}
	return groups
}

// leagueGroups shuffles the field with a seed of the tournament and round,
// so a re-run gives the same groups, and deals it into groups.
func leagueGroups[T any](field []T, seed int64, round int) [][]T {
	f := slices.Clone(field)
	r := rand.New(rand.NewPCG(uint64(seed), uint64(round)))
	r.Shuffle(len(f), func(i, j int) { f[i], f[j] = f[j], f[i] })
	g := groupCount(len(f))
	groups := make([][]T, g)
	for i, e := range f {
		groups[i%g] = append(groups[i%g], e)
	}
	return groups
}

// matchSeed derives a match's seed from the tournament's, so the matches
// of a round are the same whoever creates them.
func matchSeed(seed int64, round, grp, idx int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d/%d", seed, round, grp, idx)
	return int64(h.Sum64() >> 1)
}

// playRound creates round r's groups, matches and jobs for the field.
func playRound(ctx context.Context, tx pgx.Tx, insert inserter, t *store.Tournament, r int, field []entrant) error {
	var groups [][]entrant
	final, matches := false, t.GroupMatches
	switch {
	case t.Format == store.FormatLeague:
		groups = leagueGroups(field, t.Seed, r)
	case len(field) <= 4:
		groups, final, matches = [][]entrant{field}, true, t.FinalMatches
	default:
		groups = snakeGroups(field, groupCount(len(field)))
	}
	var jobs []river.InsertManyParams
	for g, members := range groups {
		for _, e := range members {
			if _, err := tx.Exec(ctx, `INSERT INTO tournament_groups (tournament_id, round, grp, bot_version_id)
				VALUES ($1, $2, $3, $4)`, t.ID, r, g, e.version); err != nil {
				return err
			}
		}
		// Four seats, the Dummy in empty ones; seats rotate between matches
		// so no seat advantage decides a group.
		base := make([]store.Seat, 4)
		for i := range base {
			base[i] = store.Seat{Builtin: QualifierBot}
			if i < len(members) {
				base[i] = store.Seat{VersionID: &members[i].version}
			}
		}
		for idx := 0; idx < matches; idx++ {
			seats := make([]store.Seat, 4)
			for i := range seats {
				seats[i] = base[(i+idx)%4]
			}
			m := &store.Match{GameID: t.GameID, Kind: store.KindTournament, Seed: matchSeed(t.Seed, r, g, idx), Settings: t.Settings}
			if len(t.BoardIDs) > 0 { // the boards in turn, across the round's groups
				m.BoardID = &t.BoardIDs[(g*matches+idx)%len(t.BoardIDs)]
			}
			if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO tournament_matches (tournament_id, round, grp, idx, match_id)
				VALUES ($1, $2, $3, $4, $5)`, t.ID, r, g, idx, m.ID); err != nil {
				return err
			}
			jobs = append(jobs, matchJob(m))
		}
	}
	if _, err := tx.Exec(ctx, "UPDATE tournaments SET round = $2, final_round = $3 WHERE id = $1", t.ID, r, final); err != nil {
		return err
	}
	t.Round, t.FinalRound = r, final
	return insert(ctx, tx, jobs)
}

// advanceTournament is called by finish() in the transaction that lands a
// tournament match: when that was the round's last match, it ends the
// round (the next one, or the end).
func advanceTournament(ctx context.Context, tx pgx.Tx, matchID int64) error {
	id, round, ok, err := store.TournamentMatchOf(ctx, tx, matchID)
	if err != nil || !ok {
		return err // a re-play or a stray match: it counts for nothing
	}
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if err != nil || t.Status != store.TournamentRunning || t.Round != round {
		return err // paused (resume continues), cancelled, or an old round
	}
	return checkRound(ctx, tx, insertJobs, t)
}

// checkRound ends the current round of a running, locked tournament if
// all its matches have landed.
func checkRound(ctx context.Context, tx pgx.Tx, insert inserter, t *store.Tournament) error {
	var pending int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
		WHERE tm.tournament_id = $1 AND tm.round = $2 AND m.status IN ('queued', 'running')`, t.ID, t.Round).Scan(&pending); err != nil {
		return err
	}
	if pending > 0 || t.Round == 0 {
		return nil
	}
	if t.Format == store.FormatLeague {
		if t.Round < t.LeagueRounds {
			field, err := fieldOf(ctx, tx, t.ID, "TRUE")
			if err != nil {
				return err
			}
			return playRound(ctx, tx, insert, t, t.Round+1, field)
		}
		st, err := store.TournamentStandings(ctx, tx, t.ID, 0, t.Format)
		if err != nil {
			return err
		}
		for i, s := range st {
			if _, err := tx.Exec(ctx, "UPDATE tournament_entrants SET place = $3 WHERE tournament_id = $1 AND bot_version_id = $2",
				t.ID, s.VersionID, i+1); err != nil {
				return err
			}
		}
		return finishTournament(ctx, tx, t, "")
	}
	st, err := store.TournamentStandings(ctx, tx, t.ID, t.Round, t.Format)
	if err != nil {
		return err
	}
	// place holds the position in the group for now; finishTournament
	// turns it into the final place.
	sizes := map[int]int{}
	for _, s := range st {
		sizes[s.Group]++
	}
	pos := map[int]int{}
	for _, s := range st {
		pos[s.Group]++
		p := pos[s.Group]
		out := !t.FinalRound && p > max(1, sizes[s.Group]-t.DropCount)
		if !out && !t.FinalRound {
			continue
		}
		var outRound *int
		if out {
			outRound = &t.Round
		}
		if _, err := tx.Exec(ctx, `UPDATE tournament_entrants SET out_round = $3, place = $4
			WHERE tournament_id = $1 AND bot_version_id = $2`, t.ID, s.VersionID, outRound, p); err != nil {
			return err
		}
	}
	if t.FinalRound {
		// Finalists by their final position, then the rest by how late
		// they went out and their position in that group.
		if _, err := tx.Exec(ctx, `UPDATE tournament_entrants e SET place = o.n FROM (
				SELECT bot_version_id, row_number() OVER (ORDER BY out_round DESC NULLS FIRST, place, seed_rating DESC, bot_version_id) n
				FROM tournament_entrants WHERE tournament_id = $1) o
			WHERE e.tournament_id = $1 AND e.bot_version_id = o.bot_version_id`, t.ID); err != nil {
			return err
		}
		return finishTournament(ctx, tx, t, "")
	}
	field, err := fieldOf(ctx, tx, t.ID, "out_round IS NULL")
	if err != nil {
		return err
	}
	return playRound(ctx, tx, insert, t, t.Round+1, field)
}

func finishTournament(ctx context.Context, tx pgx.Tx, t *store.Tournament, note string) error {
	_, err := tx.Exec(ctx, `UPDATE tournaments SET status = 'finished', finished_at = now(),
		note = CASE WHEN $2 = '' THEN note ELSE $2 END WHERE id = $1`, t.ID, note)
	t.Status = store.TournamentFinished
	return err
}

// PauseTournament stops a running tournament between rounds: matches
// already queued still play, but no new round starts until it resumes.
func PauseTournament(ctx context.Context, tx pgx.Tx, id int64) error {
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	if t.Status != store.TournamentRunning {
		return refuse("only a running tournament can be paused (this one is %s)", t.Status)
	}
	_, err = tx.Exec(ctx, "UPDATE tournaments SET status = 'paused' WHERE id = $1", id)
	return err
}

// ResumeTournament continues a paused tournament: if its round ended while
// it was paused, the next round starts now. On a running tournament it
// re-checks the round, which un-sticks one whose match failed.
func ResumeTournament(ctx context.Context, tx pgx.Tx, client *Client, id int64) error {
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	if t.Status != store.TournamentPaused && t.Status != store.TournamentRunning {
		return refuse("only a paused tournament can be resumed (this one is %s)", t.Status)
	}
	if _, err := tx.Exec(ctx, "UPDATE tournaments SET status = 'running' WHERE id = $1", id); err != nil {
		return err
	}
	t.Status = store.TournamentRunning
	return checkRound(ctx, tx, clientInserter(client), t)
}

// CancelTournament stops a tournament for good: its queued matches are
// marked failed and their jobs (and a pending start job) cancelled; a
// match being played when this commits finds its match failed and lands
// nothing.
func CancelTournament(ctx context.Context, tx pgx.Tx, client *Client, id int64) error {
	// Match rows before the tournament row: the order finish() takes them
	// in, so the two never wait for each other.
	rows, err := tx.Query(ctx, `SELECT m.id FROM matches m JOIN tournament_matches tm ON tm.match_id = m.id
		WHERE tm.tournament_id = $1 AND m.status IN ('queued', 'running') ORDER BY m.id FOR UPDATE OF m`, id)
	if err != nil {
		return err
	}
	queued, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	t, err := store.TournamentForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	if t.Status == store.TournamentFinished || t.Status == store.TournamentCancelled {
		return refuse("the tournament is already %s", t.Status)
	}
	if _, err := tx.Exec(ctx, `UPDATE matches SET status = 'failed', error = 'tournament cancelled', finished_at = now()
		WHERE id = ANY($1)`, queued); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "UPDATE tournaments SET status = 'cancelled', finished_at = now() WHERE id = $1", id); err != nil {
		return err
	}
	jobRows, err := tx.Query(ctx, `SELECT id FROM river_job
		WHERE state IN ('available', 'scheduled', 'retryable', 'pending')
		  AND ((kind = 'match' AND (args->>'match_id')::bigint = ANY($1))
		    OR (kind = 'tournament_start' AND (args->>'tournament_id')::bigint = $2))`, queued, id)
	if err != nil {
		return err
	}
	jobs, err := pgx.CollectRows(jobRows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if _, err := client.JobCancelTx(ctx, tx, j); err != nil {
			return err
		}
	}
	return nil
}

// ReplayTournamentMatch plays a finished tournament match again from its
// seed, as a new match linked to the original: it is shown on the
// tournament's page but never changes the standings.
func ReplayTournamentMatch(ctx context.Context, tx pgx.Tx, client *Client, tournamentID, matchID int64) (int64, error) {
	id, _, ok, err := store.TournamentMatchOf(ctx, tx, matchID)
	if err != nil {
		return 0, err
	}
	if !ok || id != tournamentID {
		return 0, refuse("match %d is not a match of tournament %d", matchID, tournamentID)
	}
	orig, err := store.MatchByID(ctx, tx, matchID)
	if err != nil {
		return 0, err
	}
	if orig.Status != store.MatchFinished && orig.Status != store.MatchFailed {
		return 0, refuse("match %d has not been played yet", matchID)
	}
	rows, err := tx.Query(ctx, "SELECT bot_version_id, coalesce(builtin, '') FROM match_players WHERE match_id = $1 ORDER BY seat", matchID)
	if err != nil {
		return 0, err
	}
	seats, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Seat, error) {
		var s store.Seat
		err := r.Scan(&s.VersionID, &s.Builtin)
		return s, err
	})
	if err != nil {
		return 0, err
	}
	m := &store.Match{GameID: orig.GameID, Kind: store.KindTournament, Seed: orig.Seed, Settings: orig.Settings, BoardID: orig.BoardID}
	if err := store.CreateMatch(ctx, tx, m, seats); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO tournament_replays (match_id, tournament_id, original_id) VALUES ($1, $2, $3)",
		m.ID, tournamentID, matchID); err != nil {
		return 0, err
	}
	return m.ID, clientInserter(client)(ctx, tx, []river.InsertManyParams{matchJob(m)})
}

// TournamentStartJob says when a tournament's start job is due and in what
// state it is; ok is false when there is none.
func TournamentStartJob(ctx context.Context, db store.DB, id int64) (state string, at time.Time, ok bool, err error) {
	err = db.QueryRow(ctx, `SELECT state::text, scheduled_at FROM river_job
		WHERE kind = 'tournament_start' AND (args->>'tournament_id')::bigint = $1 ORDER BY id DESC LIMIT 1`, id).Scan(&state, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", time.Time{}, false, nil
	}
	return state, at, err == nil, err
}

// PlannedMatches is how many matches a tournament of n entrants plays in
// all (for progress bars).
func PlannedMatches(t *store.Tournament, n int) int {
	if n < 2 {
		return 0
	}
	if t.Format == store.FormatLeague {
		return t.LeagueRounds * groupCount(n) * t.GroupMatches
	}
	total := 0
	for n > 4 {
		g := groupCount(n)
		total += g * t.GroupMatches
		next := 0
		for _, size := range snakeSizes(n, g) {
			next += max(1, size-t.DropCount)
		}
		n = next
	}
	return total + t.FinalMatches
}

// snakeSizes are the sizes of g groups dealt from n bots.
func snakeSizes(n, g int) []int {
	sizes := make([]int, g)
	for i := range n {
		sizes[i%g]++
	}
	return sizes
}
