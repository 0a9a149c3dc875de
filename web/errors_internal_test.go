package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
)

// One mapping from errors to statuses, wrapped errors included.
func TestErrorStatus(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		msg    string
	}{
		{domain.ErrNotFound, http.StatusNotFound, ""},
		{fmt.Errorf("version 3: %w", domain.ErrNotFound), http.StatusNotFound, ""},
		{rivertype.ErrNotFound, http.StatusNotFound, ""},
		{fmt.Errorf("board %q: %w", "x", domain.ErrConflict), http.StatusConflict, ""},
		{fmt.Errorf("board 3 was played on: %w", domain.ErrInUse), http.StatusConflict, "board 3 was played on: in use"},
		{domain.Refusal("errors.tournament.cancel", "the tournament is already {{.Status}}", domain.Data{"Status": "finished"}),
			http.StatusUnprocessableEntity, "the tournament is already finished"},
		{domain.Refusal("errors.submit.empty", "the source is empty", nil), http.StatusUnprocessableEntity, "the source is empty"},
		{domain.NewError(domain.TooLarge, "errors.request.too_large", "request body too large: the limit is {{.KB}} KB", domain.Data{"KB": 64}),
			http.StatusRequestEntityTooLarge, "request body too large: the limit is 64 KB"},
		{domain.NewError(domain.Forbidden, "errors.challenge.closed", "{{.Game}} is closed: an admin has disabled it", domain.Data{"Game": "Race"}),
			http.StatusForbidden, "Race is closed: an admin has disabled it"},
		{&domain.Error{Code: domain.TooMany, Message: "wait", RetryAfter: time.Second}, http.StatusTooManyRequests, "wait"},
		{domain.NewError(domain.Unavailable, "errors.no_jobs", "this server inserts no jobs", nil), http.StatusServiceUnavailable, ""},
		{errors.New("connection refused"), http.StatusInternalServerError, ""},
	} {
		if got := errorStatus(c.err); got != c.status {
			t.Errorf("%v: status %d, want %d", c.err, got, c.status)
		}
		if c.msg != "" && userMessage(context.Background(), c.err) != c.msg {
			t.Errorf("%v: message %q, want %q", c.err, userMessage(context.Background(), c.err), c.msg)
		}
	}
}
