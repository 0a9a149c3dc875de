package web

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// One mapping from errors to statuses, wrapped errors included.
func TestErrorStatus(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		msg    string
	}{
		{store.ErrNotFound, http.StatusNotFound, ""},
		{fmt.Errorf("version 3: %w", store.ErrNotFound), http.StatusNotFound, ""},
		{rivertype.ErrNotFound, http.StatusNotFound, ""},
		{fmt.Errorf("board %q: %w", "x", store.ErrConflict), http.StatusConflict, ""},
		{fmt.Errorf("board 3 was played on: %w", store.ErrInUse), http.StatusConflict, "board 3 was played on: in use"},
		{fmt.Errorf("%w: the tournament is already finished", judge.ErrTournament), http.StatusUnprocessableEntity,
			"the tournament is already finished"},
		{&service.SubmitError{Msg: "the source is empty"}, http.StatusUnprocessableEntity, "the source is empty"},
		{errors.New("connection refused"), http.StatusInternalServerError, ""},
	} {
		if got := errorStatus(c.err); got != c.status {
			t.Errorf("%v: status %d, want %d", c.err, got, c.status)
		}
		if c.msg != "" && userMessage(c.err) != c.msg {
			t.Errorf("%v: message %q, want %q", c.err, userMessage(c.err), c.msg)
		}
	}
}
