package store

import "context"

// RecordPing records which worker worked a ping job (arena ping).
func RecordPing(ctx context.Context, db DB, jobID int64, worker string) error {
	_, err := db.Exec(ctx, "INSERT INTO pings (job_id, worker) VALUES ($1, $2)", jobID, worker)
	return err
}
