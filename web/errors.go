package web

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// Failed requests. errorStatus is the one mapping from an error to the
// status that answers it; fail (pages) and apiFail (JSON) answer with it
// (response.go), so a handler's "parse, load, 404 or 422 or 500" is one
// check and one call.

// refusal is a request refused for a reason its sender can fix, with the
// status that answers it: a body too large (413), one that does not parse
// (400), a value that makes no sense (422). msg says what.
type refusal struct {
	status int
	msg    string
}

func (e *refusal) Error() string { return e.msg }

// errorStatus says how to answer a request that failed with err: a
// refusal's own status, 404 when what it names does not exist, 409 when a
// unique name is taken or a row is still referred to, 413 for a source
// over the limit, 422 when the user asked for something else they can fix
// (the message says what), 429 over a submission, challenge or replay
// limit, 403
// for a challenge where challenges are off, 500 for anything else (our
// fault: logged, never shown).
func errorStatus(err error) int {
	var refused *refusal
	var submit *service.SubmitError
	var limit *service.SubmitLimitError
	var challenge *service.ChallengeError
	var again *judge.ReplayError
	switch {
	case errors.As(err, &refused):
		return refused.status
	case errors.As(err, &again) && again.RetryAfter > 0:
		return http.StatusTooManyRequests
	case errors.As(err, &again):
		return http.StatusUnprocessableEntity
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
	var refused *refusal
	var submit *service.SubmitError
	var limit *service.SubmitLimitError
	var challenge *service.ChallengeError
	var again *judge.ReplayError
	switch {
	case errors.As(err, &refused):
		return refused.msg
	case errors.As(err, &again):
		return again.Msg
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
	var limit *service.SubmitLimitError
	var challenge *service.ChallengeError
	var again *judge.ReplayError
	switch {
	case errors.As(err, &limit):
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(limit.RetryAfter)))
	case errors.As(err, &again) && again.RetryAfter > 0:
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(again.RetryAfter)))
	case errors.As(err, &challenge) && challenge.RetryAfter > 0:
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(challenge.RetryAfter)))
	}
}

// retrySeconds is a wait in whole seconds, rounded up, as Retry-After and
// the pages' countdowns say it.
func retrySeconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }
