package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/templates"
)

// Failed requests. Every failure a user is told about is a *domain.Error
// (the services', the store's, the request readers' below); its code says
// the status by the one table statusOf, its message says why. fail (pages)
// and apiFail (JSON) answer with them (response.go), so a handler's
// "parse, load, 404 or 422 or 500" is one check and one call.

// statusOf is the HTTP status of each error code.
var statusOf = map[domain.ErrorCode]int{
	domain.Invalid:      http.StatusUnprocessableEntity,
	domain.Malformed:    http.StatusBadRequest,
	domain.TooLarge:     http.StatusRequestEntityTooLarge,
	domain.NotFound:     http.StatusNotFound,
	domain.Conflict:     http.StatusConflict,
	domain.Forbidden:    http.StatusForbidden,
	domain.Unauthorized: http.StatusUnauthorized,
	domain.TooMany:      http.StatusTooManyRequests,
	domain.Unavailable:  http.StatusServiceUnavailable,
	domain.Internal:     http.StatusInternalServerError,
}

// errorStatus says how to answer a request that failed with err: its
// code's status (a River job that does not exist is not found too), 500
// for anything else (our fault: logged, never shown).
func errorStatus(err error) int {
	if errors.Is(err, rivertype.ErrNotFound) {
		return http.StatusNotFound
	}
	if status, ok := statusOf[domain.CodeOf(err)]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// userMessage is what a user is told about an error that is not a 500: an
// Error's own message in the request's language when it is the error
// itself; when a store error is wrapped with what was looked for ("board 3
// was played on: in use"), the whole text, in English.
func userMessage(ctx context.Context, err error) string {
	if e, ok := err.(*domain.Error); ok {
		return localMessage(ctx, e)
	}
	return err.Error()
}

// localMessage is e's message from the catalogue (i18n/locales/*/errors.toml)
// in ctx's language, or its English Message when the catalogue has none.
func localMessage(ctx context.Context, e *domain.Error) string {
	if e.Key == "" {
		return e.Message
	}
	if msg := i18n.T(ctx, e.Key, localData(ctx, e.Data)); msg != e.Key {
		return msg
	}
	return e.Message
}

// localData is an error's data with its moments said in ctx's language.
func localData(ctx context.Context, data domain.Data) domain.Data {
	out := domain.Data{}
	for k, v := range data {
		if m, ok := v.(domain.Moment); ok {
			v = templates.DateTime(ctx, time.Time(m))
		}
		out[k] = v
	}
	return out
}

// setRetryAfter tells the client when to try again after a refusal over a
// limit.
func setRetryAfter(w http.ResponseWriter, err error) {
	var e *domain.Error
	if errors.As(err, &e) && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(e.RetryAfter)))
	}
}

// retrySeconds is a wait in whole seconds, rounded up, as Retry-After and
// the pages' countdowns say it.
func retrySeconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }
