package judge

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"arena.dev/metrics"
	"arena.dev/store"
)

// Retention (store.Retention says what is kept). A periodic job deletes
// the ladder replays and drops the compiled artifacts the rules do not
// keep, a small batch a transaction, while matches land: a batch finds its
// rows without locking, then deletes them in one short transaction that
// skips any row another holds, and the job pauses between batches. Then it
// measures the database and keeps the day's first measurement (Admin →
// Storage shows the growth).

// RetentionArgs asks for one pass of the retention rules.
type RetentionArgs struct{}

func (RetentionArgs) Kind() string { return "retention" }

func (RetentionArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3}
}

// Defaults of the retention job (Config.RetentionEvery, RetentionBatch,
// RetentionPause).
const (
	defaultRetentionEvery = 10 * time.Minute
	defaultRetentionBatch = 200
	// defaultRetentionPause is the rest between two batches, so that the
	// job never holds the database's attention for long.
	defaultRetentionPause = 50 * time.Millisecond
	// retentionBudget bounds one pass, well within the job's timeout; the
	// next pass goes on where the rules still apply.
	retentionBudget = 40 * time.Second
)

// RetentionOutput is what one pass did, recorded as the job's output
// (Admin → Job queue shows it).
type RetentionOutput struct {
	Enabled        bool  `json:"enabled"`
	ReplayBatches  int   `json:"replay_batches"`
	Replays        int   `json:"replays_deleted"`
	ReplayBytes    int64 `json:"replay_bytes"`
	ArtifactBatch  int   `json:"artifact_batches"`
	Artifacts      int   `json:"artifacts_dropped"` // versions marked
	ArtifactBlobs  int   `json:"artifact_blobs_deleted"`
	ArtifactBytes  int64 `json:"artifact_bytes"`
	Unfinished     bool  `json:"unfinished,omitempty"` // the budget ran out: the next pass goes on
	SampleRecorded bool  `json:"sample_recorded"`
}

// RetentionWorker applies the retention rules in force.
type RetentionWorker struct {
	river.WorkerDefaults[RetentionArgs]
	j *judge
}

func (w *RetentionWorker) Work(ctx context.Context, job *river.Job[RetentionArgs]) error {
	pool := w.j.pool
	r, err := store.LoadRetention(ctx, pool)
	if err != nil {
		return err
	}
	out := RetentionOutput{Enabled: r.Enabled}
	batch := w.j.cfg.RetentionBatch
	deadline := time.Now().Add(retentionBudget)
	rest := func() bool { // between batches; false when the pass must stop
		if time.Now().After(deadline) {
			out.Unfinished = true
			return false
		}
		select {
		case <-time.After(w.j.cfg.RetentionPause):
			return true
		case <-ctx.Done():
			return false
		}
	}
	if r.Enabled {
		for after := int64(0); ; {
			p, err := store.PruneReplays(ctx, pool, r, after, batch)
			if err != nil {
				return err
			}
			after = p.Next
			if p.Scanned > 0 {
				out.ReplayBatches++
			}
			out.Replays += p.Deleted
			out.ReplayBytes += p.Bytes
			metrics.RetentionDeleted.WithLabelValues("replays").Add(float64(p.Deleted))
			metrics.RetentionBytes.WithLabelValues("replays").Add(float64(p.Bytes))
			if p.Scanned < batch || !rest() {
				break
			}
		}
		for after := int64(0); !out.Unfinished; {
			p, err := store.DropArtifacts(ctx, pool, r.ArtifactDays, after, batch)
			if err != nil {
				return err
			}
			after = p.Next
			if p.Scanned > 0 {
				out.ArtifactBatch++
			}
			out.Artifacts += p.Scanned
			out.ArtifactBlobs += p.Deleted
			out.ArtifactBytes += p.Bytes
			metrics.RetentionDeleted.WithLabelValues("artifacts").Add(float64(p.Deleted))
			metrics.RetentionBytes.WithLabelValues("artifacts").Add(float64(p.Bytes))
			if p.Scanned < batch || !rest() {
				break
			}
		}
	}
	s, err := store.MeasureStorage(ctx, pool)
	if err != nil {
		return err
	}
	if out.SampleRecorded, err = store.RecordStorageSample(ctx, pool, s); err != nil {
		return err
	}
	if out.Replays > 0 || out.Artifacts > 0 {
		w.j.logger.Info("retention", "replays_deleted", out.Replays, "replay_bytes", out.ReplayBytes,
			"artifacts_dropped", out.Artifacts, "artifact_bytes", out.ArtifactBytes, "batches", out.ReplayBatches+out.ArtifactBatch,
			"unfinished", out.Unfinished)
	}
	return river.RecordOutput(ctx, out)
}
