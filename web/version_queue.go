package web

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
)

// queueJSON is where a version waiting for its verdict stands (GET
// /api/versions/{id}, while its status is queued, compiling or
// qualifying).
type queueJSON struct {
	Stage           string `json:"stage"`   // compile, qualification
	Running         bool   `json:"running"` // its compile, or one of its matches, is being worked now
	Ahead           int    `json:"ahead"`   // jobs handed out before its next one
	Place           int    `json:"place"`   // ahead + 1; 0 while running
	Left            int    `json:"left"`    // its own jobs left: 1 compile, or the qualification matches not played
	Workers         int    `json:"workers"` // jobs of the stage running now
	EstimateSeconds int    `json:"estimate_seconds"`
	Words           string `json:"words"` // all of it as the version page says it
}

// versionQueue is where v stands in the judge's queues; nil when it is
// not waiting.
func (s *Server) versionQueue(ctx context.Context, v *domain.Version) (*queueJSON, error) {
	p, err := s.loadVersionQueue(ctx, v)
	if err != nil || p == nil {
		return nil, err
	}
	return queueView(ctx, *p), nil
}

// loadVersionQueue reads where v stands in the judge's queues, in one
// query (and one more every 30 s for the recent durations); nil when it
// is not waiting.
func (s *Server) loadVersionQueue(ctx context.Context, v *domain.Version) (*store.QueuePlace, error) {
	if !v.Status.InProgress() {
		return nil, nil
	}
	compile, match, err := s.jobDurations(ctx)
	if err != nil {
		return nil, err
	}
	p, ok, err := store.VersionQueue(ctx, s.Pool, v.ID, games.QualificationMatches, compile, match)
	if err != nil || !ok {
		return nil, err
	}
	return &p, nil
}

// queueView is where a waiting version stands, as the API and the version
// page say it.
func queueView(ctx context.Context, p store.QueuePlace) *queueJSON {
	q := &queueJSON{Stage: p.Stage, Running: p.Running, Ahead: p.Ahead, Left: p.Left, Workers: p.Workers,
		EstimateSeconds: int(math.Ceil(p.Estimate.Seconds())), Words: queuePlaceWords(ctx, p)}
	if !p.Running {
		q.Place = p.Ahead + 1
	}
	return q
}

// jobDurations are store.RecentDurations, read at most every 30 s: every
// waiting student's page asks every 3 s.
func (s *Server) jobDurations(ctx context.Context) (compile, match time.Duration, err error) {
	d := &s.durations
	d.mu.Lock()
	defer d.mu.Unlock()
	if time.Since(d.at) < 30*time.Second {
		return d.compile, d.match, nil
	}
	if compile, match, err = store.RecentDurations(ctx, s.Pool); err != nil {
		return 0, 0, err
	}
	d.compile, d.match, d.at = compile, match, time.Now()
	return compile, match, nil
}

// jobDurations is what Server.jobDurations keeps.
type jobDurations struct {
	mu             sync.Mutex
	at             time.Time
	compile, match time.Duration
}

// queuePlaceWords says where a waiting version stands and when its verdict
// is likely: "Waiting to compile: 3 versions ahead of it, 2 compiling at
// once; verdict in about 40 s."
func queuePlaceWords(ctx context.Context, p store.QueuePlace) string {
	versions := i18n.N(ctx, "site.vqueue.versions", p.Ahead, map[string]any{"Count": p.Ahead})
	left := i18n.N(ctx, "site.vqueue.matches", p.Left, map[string]any{"Count": p.Left})
	ahead := i18n.N(ctx, "site.vqueue.matches", p.Ahead, map[string]any{"Count": p.Ahead})
	var where string
	switch {
	case p.Stage == "compile" && p.Running:
		where = i18n.T(ctx, "site.vqueue.compiling")
	case p.Stage == "compile":
		where = i18n.T(ctx, "site.vqueue.wait_compile", map[string]any{"Ahead": versions, "Workers": p.Workers})
	case p.Running:
		where = i18n.N(ctx, "site.vqueue.qual_running", p.Left, map[string]any{"Left": left})
	default:
		where = i18n.N(ctx, "site.vqueue.qual_waiting", p.Left, map[string]any{"Left": left, "Ahead": ahead})
	}
	return i18n.T(ctx, "site.vqueue.estimate", map[string]any{"Where": where, "Estimate": aboutDuration(p.Estimate),
		"Compile": aboutDuration(p.Compile), "Match": aboutDuration(p.Match)})
}

// aboutDuration rounds an estimate for people: "4 s", "40 s", "3 min".
func aboutDuration(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 1:
		return "1 s"
	case s < 90:
		return fmt.Sprintf("%d s", int(math.Ceil(s)))
	default:
		return fmt.Sprintf("%d min", int(math.Round(s/60)))
	}
}
