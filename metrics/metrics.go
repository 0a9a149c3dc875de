// Package metrics defines Arena's Prometheus metrics, served on /metrics.
package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds Arena's metrics plus the Go runtime and process collectors.
var Registry = prometheus.NewRegistry()

var (
	// HTTPRequests counts requests by method, chi route pattern and status code.
	HTTPRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arena_http_requests_total",
		Help: "HTTP requests by method, route and status code.",
	}, []string{"method", "route", "code"})

	// HTTPDuration measures request latency by method and route.
	HTTPDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "arena_http_request_duration_seconds",
		Help:    "HTTP request latency by method and route.",
		Buckets: prometheus.DefBuckets,
	}, []string{"method", "route"})

	// Jobs counts worked jobs by kind and outcome (completed, failed, cancelled, snoozed).
	Jobs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arena_jobs_total",
		Help: "Jobs worked by kind and outcome.",
	}, []string{"kind", "outcome"})

	// JobDuration measures how long jobs take by kind.
	JobDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "arena_job_duration_seconds",
		Help:    "Time to work a job, by kind.",
		Buckets: []float64{.005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"kind"})

	// Rebuilds counts stored versions a worker built again from their
	// source before a match, because their SDK changed or retention
	// dropped their artifact (judge's rebuild),
	// by game, language and outcome: rebuilt, or failed (the source no
	// longer builds; its seats are frozen at setup).
	Rebuilds = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arena_rebuilds_total",
		Help: "Stored versions rebuilt from their source before a match (their SDK changed, or their artifact was dropped), by game, language and outcome (rebuilt, failed).",
	}, []string{"game", "language", "outcome"})

	// SandboxWalls says which walls of the sandbox's jail this process's
	// bots stand behind (1 up, 0 down or turned off), as probed when its
	// workers started (sandbox.ProbeJail).
	SandboxWalls = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "arena_sandbox_wall_up",
		Help: "Walls of the sandbox's jail around bots, by wall: 1 up, 0 down or turned off (probed at start).",
	}, []string{"wall"})

	// RetentionDeleted counts what the retention job deleted, by kind:
	// replays, artifacts (compiled bots' blobs).
	RetentionDeleted = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arena_retention_deleted_total",
		Help: "Blobs the retention job deleted, by kind (replays, artifacts).",
	}, []string{"kind"})

	// RetentionBytes counts the bytes (as stored) of what it deleted.
	RetentionBytes = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "arena_retention_deleted_bytes_total",
		Help: "Bytes (as stored) of the blobs the retention job deleted, by kind (replays, artifacts).",
	}, []string{"kind"})

	// BoardSnapshots counts the reads of a game's leaderboard made to
	// update the live pages that follow it: one per change (coalesced
	// within a second), whatever the number of viewers.
	BoardSnapshots = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "arena_board_snapshots_total",
		Help: "Reads of a game's leaderboard for the live pages that follow it (one per change, coalesced, shared by all viewers).",
	})
)

func init() {
	Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		HTTPRequests, HTTPDuration, Jobs, JobDuration, Rebuilds, SandboxWalls, RetentionDeleted, RetentionBytes, BoardSnapshots,
	)
}

// Handler serves the registry in the Prometheus text format.
func Handler() http.Handler {
	return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{})
}
