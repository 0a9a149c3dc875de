package bench

import (
	"context"

	"github.com/jackc/pgx/v5"

	"arena.dev/store"
)

// FinishedLadderMatches counts the ladder's finished matches.
func FinishedLadderMatches(ctx context.Context, db store.DB) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM matches WHERE kind = 'ladder' AND status = 'finished'`).Scan(&n)
	return n, err
}

// Verdict is how a version's judging ended: its status, language and the
// seconds from its submission to the verdict.
type Verdict struct {
	ID       int64
	Status   string
	Language string
	Secs     float64
}

// Verdicts returns the verdicts of those of the versions that have one
// (accepted, rejected, a compile error, or superseded since), by id.
func Verdicts(ctx context.Context, db store.DB, ids []int64) (map[int64]Verdict, error) {
	rows, err := db.Query(ctx, `SELECT v.id, v.status, v.language, extract(epoch FROM v.status_changed_at - v.created_at)::float8 AS secs
		FROM bot_versions v WHERE v.id = ANY($1) AND v.status IN ('accepted', 'rejected', 'compile_error', 'superseded')`, ids)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByName[Verdict])
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Verdict, len(list))
	for _, v := range list {
		out[v.ID] = v
	}
	return out, nil
}

// Progress is where a rush's versions are, and the ladder's match jobs.
type Progress struct {
	Queued, Compiling, Qualifying, Judged int
	LadderQueued, LadderRunning           int
}

// RushProgress counts the versions of the users whose names start with
// prefix by stage, and the match jobs of priority ladderPriority by state.
// A count that cannot be read is left at 0 (it is only printed).
func RushProgress(ctx context.Context, db store.DB, prefix string, ladderPriority int) Progress {
	var p Progress
	db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE v.status = 'queued'), count(*) FILTER (WHERE v.status = 'compiling'),
		count(*) FILTER (WHERE v.status = 'qualifying'), count(*) FILTER (WHERE v.status IN ('accepted', 'rejected', 'compile_error', 'superseded'))
		FROM bot_versions v JOIN users u ON u.id = (SELECT owner_id FROM bots WHERE id = v.bot_id) WHERE starts_with(u.name, $1)`, prefix).
		Scan(&p.Queued, &p.Compiling, &p.Qualifying, &p.Judged)
	db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE state = 'available'), count(*) FILTER (WHERE state = 'running')
		FROM river_job WHERE kind = 'match' AND priority = $1`, ladderPriority).Scan(&p.LadderQueued, &p.LadderRunning)
	return p
}

// Costs are mean job durations in seconds of one worker; nil where no
// job was measured.
type Costs struct{ Compile, CompileGo, CompileCpp, Match *float64 }

// JobCosts measures the mean durations of the versions' compile jobs (in
// all and by language) and of their qualification match jobs.
func JobCosts(ctx context.Context, db store.DB, ids []int64) (Costs, error) {
	var c Costs
	err := db.QueryRow(ctx, `
		WITH cj AS (SELECT v.language, extract(epoch FROM j.finalized_at - j.attempted_at) AS secs
			FROM river_job j JOIN bot_versions v ON v.id = (j.args->>'version_id')::bigint
			WHERE j.kind = 'compile' AND j.state = 'completed' AND v.id = ANY($1)),
		mj AS (SELECT extract(epoch FROM j.finalized_at - j.attempted_at) AS secs
			FROM river_job j JOIN matches m ON m.id = (j.args->>'match_id')::bigint
			WHERE j.kind = 'match' AND j.state = 'completed' AND m.kind = 'qualification' AND m.bot_version_id = ANY($1))
		SELECT (SELECT avg(secs) FROM cj), (SELECT avg(secs) FROM cj WHERE language = 'go'),
			(SELECT avg(secs) FROM cj WHERE language = 'cpp'), (SELECT avg(secs) FROM mj)`, ids).
		Scan(&c.Compile, &c.CompileGo, &c.CompileCpp, &c.Match)
	return c, err
}

// DropDatabase drops the named database, ending its sessions, through
// conn, a connection to another database of the server.
func DropDatabase(ctx context.Context, conn *pgx.Conn, name string) error {
	_, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}
