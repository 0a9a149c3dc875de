package judge

import (
	"context"
	"errors"
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
