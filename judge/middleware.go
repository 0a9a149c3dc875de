package judge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/metrics"
)

// jobMetrics counts every worked job by kind and outcome and times it.
type jobMetrics struct{ river.MiddlewareDefaults }

func (jobMetrics) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	start := time.Now()
	err := doInner(ctx)
	metrics.JobDuration.WithLabelValues(job.Kind).Observe(time.Since(start).Seconds())
	metrics.Jobs.WithLabelValues(job.Kind, outcome(err)).Inc()
	return err
}

func outcome(err error) string {
	var snooze *river.JobSnoozeError
	var cancel *river.JobCancelError
	switch {
	case err == nil:
		return "completed"
	case errors.As(err, &snooze):
		return "snoozed"
	case errors.As(err, &cancel):
		return "cancelled"
	default:
		return "failed"
	}
}

// jobErrors logs every failed attempt of a job (River's own log of it is
// below the level the server shows): its kind, id, attempt and error, as
// a warning while River will try again and as an error when it gives up.
// A cancelled job is not a failure: its worker meant it.
type jobErrors struct{ logger *slog.Logger }

func (h jobErrors) HandleError(ctx context.Context, job *rivertype.JobRow, err error) *river.ErrorHandlerResult {
	h.log(ctx, job, "error", err.Error())
	return nil
}

func (h jobErrors) HandlePanic(ctx context.Context, job *rivertype.JobRow, panicVal any, trace string) *river.ErrorHandlerResult {
	h.log(ctx, job, "error", fmt.Sprintf("panic: %v", panicVal), "trace", trace)
	return nil
}

func (h jobErrors) log(ctx context.Context, job *rivertype.JobRow, args ...any) {
	level, msg := slog.LevelWarn, "job failed; River will try it again"
	if job.Attempt >= job.MaxAttempts {
		level, msg = slog.LevelError, "job failed for good (discarded)"
	}
	h.logger.Log(ctx, level, msg, append([]any{"kind", job.Kind, "job_id", job.ID, "attempt", job.Attempt,
		"max_attempts", job.MaxAttempts, "args", string(job.EncodedArgs)}, args...)...)
}
