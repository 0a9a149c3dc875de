package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// Failed requests. errorStatus is the one mapping from an error to the
// status that answers it; fail (pages) and apiFail (JSON) answer with it,
// and byID loads what a URL's id names, so a handler's "parse the id, load
// the row, 404 or 500" is one call and one check.

// errorStatus says how to answer a request that failed with err: 404 when
// what it names does not exist, 409 when a unique name is taken or a row is
// still referred to, 413 for a source over the limit, 422 when the user
// asked for something else they can fix (the message says what), 429 over
// a submission or challenge limit, 403 for a challenge where challenges
// are off, 500 for anything else (our fault: logged, never shown).
func errorStatus(err error) int {
	var submit *judge.SubmitError
	var limit *judge.SubmitLimitError
	var challenge *judge.ChallengeError
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, rivertype.ErrNotFound):
		return http.StatusNotFound
	case errors.As(err, &challenge) && challenge.RetryAfter > 0:
		return http.StatusTooManyRequests
	case errors.As(err, &challenge) && challenge.Closed:
		return http.StatusForbidden
	case errors.As(err, &challenge):
		return http.StatusUnprocessableEntity
	case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrInUse):
		return http.StatusConflict
	case errors.As(err, &submit) && submit.TooLarge:
		return http.StatusRequestEntityTooLarge
	case errors.As(err, &limit):
		return http.StatusTooManyRequests
	case errors.Is(err, judge.ErrTournament), errors.As(err, &submit):
		return http.StatusUnprocessableEntity
	default:
		return http.StatusInternalServerError
	}
}

// userMessage is what a user is told about an error that is not a 500.
func userMessage(err error) string {
	var submit *judge.SubmitError
	var limit *judge.SubmitLimitError
	var challenge *judge.ChallengeError
	switch {
	case errors.As(err, &submit):
		return submit.Msg
	case errors.As(err, &limit):
		return limit.Msg
	case errors.As(err, &challenge):
		return challenge.Msg
	}
	return strings.TrimPrefix(err.Error(), judge.ErrTournament.Error()+": ")
}

// setRetryAfter tells the client when to try again after a refusal over a
// limit.
func setRetryAfter(w http.ResponseWriter, err error) {
	var limit *judge.SubmitLimitError
	var challenge *judge.ChallengeError
	switch {
	case errors.As(err, &limit):
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(limit.RetryAfter.Seconds()))))
	case errors.As(err, &challenge) && challenge.RetryAfter > 0:
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(challenge.RetryAfter.Seconds()))))
	}
}

// fail answers a page request whose work failed with err. A client that
// went away (a live page closed mid-request) gets no answer and no log.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return
	}
	switch status := errorStatus(err); status {
	case http.StatusNotFound:
		s.notFound(w, r)
	case http.StatusInternalServerError:
		s.serverError(w, r, err)
	default:
		setRetryAfter(w, err)
		msg := capitalize(userMessage(err)) + "."
		s.render(w, r, status, templates.ErrorPage(s.page(r, "Refused", ""), status, msg))
	}
}

// apiFail answers an API request whose work failed with err, in JSON;
// notFound names what does not exist ("no such match").
func (s *Server) apiFail(w http.ResponseWriter, r *http.Request, err error, notFound string) {
	switch status := errorStatus(err); status {
	case http.StatusNotFound:
		apiError(w, status, notFound)
	case http.StatusInternalServerError:
		s.apiServerError(w, r, err)
	default:
		setRetryAfter(w, err)
		apiError(w, status, userMessage(err))
	}
}

// byID loads, with get, what the URL parameter param names. An id that is
// not a positive number names nothing: store.ErrNotFound, as for an id no
// row has.
func byID[T any](r *http.Request, param string, db store.DB, get func(context.Context, store.DB, int64) (T, error)) (T, error) {
	id, ok := urlInt64(r, param)
	if !ok {
		var none T
		return none, store.ErrNotFound
	}
	return get(r.Context(), db, id)
}
