package web

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// The job queue page is a small River UI: River's own is not available
// here, and the client API has all that is needed.

func (s *Server) adminJobs(w http.ResponseWriter, r *http.Request) {
	s.renderAdminJobs(w, r, http.StatusOK, r.URL.Query(), "")
}

func (s *Server) renderAdminJobs(w http.ResponseWriter, r *http.Request, status int, q url.Values, errMsg string) {
	ctx := r.Context()
	state := q.Get("state")
	if !slices.Contains(adminJobStates, state) {
		state = "available"
	}
	kind, tag := q.Get("kind"), q.Get("tag")
	counts, err := store.JobCounts(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	kinds, err := store.JobKinds(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := templates.AdminJobsData{State: state, Kind: kind, Kinds: kinds, Tag: tag, Tags: adminJobTags, Error: errMsg, NoClient: s.Jobs == nil}
	for _, st := range adminJobStates {
		d.States = append(d.States, templates.AdminJobState{State: st, Count: counts[st]})
	}
	base := url.Values{"state": {state}}
	if kind != "" {
		base.Set("kind", kind)
	}
	if tag != "" {
		base.Set("tag", tag)
	}
	d.Back = "/admin/jobs?" + base.Encode()
	if s.Jobs != nil {
		// Newest first; "after" is River's opaque cursor of the last row shown.
		params := river.NewJobListParams().States(rivertype.JobState(state)).
			OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(adminPageSize)
		if kind != "" {
			params = params.Kinds(kind)
		}
		if tag != "" { // a match job's tag is its match's kind: challenges, say
			params = params.TagsAny(tag)
		}
		if after := q.Get("after"); after != "" {
			var cursor river.JobListCursor
			if err := cursor.UnmarshalText([]byte(after)); err == nil {
				params = params.After(&cursor)
				d.First = d.Back
				d.Back += "&after=" + url.QueryEscape(after)
			}
		}
		res, err := s.Jobs.JobList(ctx, params)
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		for _, j := range res.Jobs {
			d.Rows = append(d.Rows, adminJobRow(j))
		}
		if len(res.Jobs) == adminPageSize && res.LastCursor != nil {
			if text, err := res.LastCursor.MarshalText(); err == nil {
				next := url.Values{"state": {state}, "after": {string(text)}}
				if kind != "" {
					next.Set("kind", kind)
				}
				if tag != "" {
					next.Set("tag", tag)
				}
				d.Next = "/admin/jobs?" + next.Encode()
			}
		}
	}
	s.render(w, r, status, templates.AdminJobs(s.page(r, adminTitle(r.Context(), "admin.jobs.page"), "admin"), d))
}

func adminJobRow(j *rivertype.JobRow) templates.AdminJobRow {
	row := templates.AdminJobRow{ID: j.ID, Kind: j.Kind, Queue: j.Queue, Tags: j.Tags, Priority: j.Priority, State: string(j.State),
		Args: adminClip(string(j.EncodedArgs), 300), Attempt: j.Attempt, MaxAttempts: j.MaxAttempts, Errors: len(j.Errors),
		Created: adminTime(&j.CreatedAt), Scheduled: adminTime(&j.ScheduledAt),
		Attempted: adminTime(j.AttemptedAt), Finalized: adminTime(j.FinalizedAt)}
	if n := len(j.Errors); n > 0 {
		row.LastError = adminClip(j.Errors[n-1].Error, 2000)
	}
	// River retries any job but a running one (an available one has nothing
	// to retry) and cancels any job not finalized yet.
	switch j.State {
	case rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable, rivertype.JobStatePending:
		row.CanCancel = true
	case rivertype.JobStateRunning:
		row.CanCancel = true
	}
	row.CanRetry = j.State != rivertype.JobStateRunning && j.State != rivertype.JobStateAvailable
	return row
}

// adminJobTags are the tags the job queue filters by: match jobs carry
// their match's kind (judge.matchJob).
var adminJobTags = []string{domain.KindChallenge, domain.KindLadder, domain.KindQualification, domain.KindTournament}

func adminTime(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

// clip shortens s to at most n runes.
func adminClip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func (s *Server) adminRetryJob(w http.ResponseWriter, r *http.Request) { s.adminJobAction(w, r, true) }
func (s *Server) adminCancelJob(w http.ResponseWriter, r *http.Request) {
	s.adminJobAction(w, r, false)
}

// adminJobAction retries or cancels one job through River's client, which
// also tells a worker running the job to stop.
func (s *Server) adminJobAction(w http.ResponseWriter, r *http.Request, retry bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	if s.Jobs == nil {
		s.renderAdminJobs(w, r, http.StatusServiceUnavailable, adminBackQuery(r), i18n.T(r.Context(), "admin.jobs.no_client_short"))
		return
	}
	var job *rivertype.JobRow
	var err error
	if retry {
		job, err = s.Jobs.JobRetry(r.Context(), id)
	} else {
		job, err = judge.CancelJob(r.Context(), s.Pool, s.Jobs, id)
	}
	if errors.Is(err, rivertype.ErrNotFound) {
		s.renderAdminJobs(w, r, http.StatusNotFound, adminBackQuery(r), i18n.T(r.Context(), "admin.jobs.not_found", map[string]any{"Job": id}))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	ctx := r.Context()
	data := map[string]any{"Job": id, "Kind": job.Kind, "State": i18n.T(ctx, "admin.jobs.state."+string(job.State))}
	var msg string
	switch {
	case retry && job.State == rivertype.JobStateRunning:
		msg = i18n.T(ctx, "admin.jobs.left_alone", data)
	case retry:
		msg = i18n.T(ctx, "admin.jobs.retried", data)
	case job.State == rivertype.JobStateRunning:
		msg = i18n.T(ctx, "admin.jobs.stopping", data)
	default:
		msg = i18n.T(ctx, "admin.jobs.cancelled", data)
	}
	s.adminDone(w, r, "/admin/jobs", msg)
}
