package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// RecordPing records which worker worked a ping job (arena ping).
func RecordPing(ctx context.Context, db DB, jobID int64, worker string) error {
	_, err := db.Exec(ctx, "INSERT INTO pings (job_id, worker) VALUES ($1, $2)", jobID, worker)
	return err
}

// PingsDone counts the ping jobs among ids that a worker has worked.
func PingsDone(ctx context.Context, db DB, ids []int64) (int, error) {
	var n int
	err := db.QueryRow(ctx, "SELECT count(*) FROM pings WHERE job_id = ANY($1)", ids).Scan(&n)
	return n, err
}

// PingWorkers is how many of the ping jobs among ids each worker worked.
type PingWorkers struct {
	Worker string `db:"worker"`
	Jobs   int    `db:"jobs"`
}

// PingsByWorker counts the ping jobs among ids by the worker that worked
// them, by worker name.
func PingsByWorker(ctx context.Context, db DB, ids []int64) ([]PingWorkers, error) {
	rows, err := db.Query(ctx, "SELECT worker, count(*)::int AS jobs FROM pings WHERE job_id = ANY($1) GROUP BY worker ORDER BY worker", ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[PingWorkers])
}
