package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/web/request"
)

// Reading requests, what needs the database or the error mapping (the
// rest is package request). These functions return what the request says,
// or an error, and never write a response: the handler answers
// (response.go).
// An id that names nothing is domain.ErrNotFound, as for a row that does
// not exist; a body the client must fix is a *domain.Error (errors.go).

// routeID reads the id a URL parameter names: domain.ErrNotFound when it
// is not a positive number, as for an id no row has.
func routeID(r *http.Request, param string) (int64, error) {
	id, ok := request.PositiveInt(r, param)
	if !ok {
		return 0, domain.ErrNotFound
	}
	return id, nil
}

// routeGame is the registered game the URL names: domain.ErrNotFound for
// a game this build does not have (enabled or not).
func routeGame(r *http.Request) (games.Game, error) {
	g, err := games.Get(chi.URLParam(r, "game"))
	if err != nil {
		return nil, domain.ErrNotFound
	}
	return g, nil
}

// publicGame loads the enabled game of the URL: domain.ErrNotFound for a
// game that does not exist or is disabled.
func (s *Server) publicGame(r *http.Request) (*store.PublicGame, error) {
	return store.PublicGameByID(r.Context(), s.Pool, chi.URLParam(r, "game"))
}

// byID loads, with get, what the URL parameter param names (routeID).
func byID[T any](r *http.Request, param string, db store.DB, get func(context.Context, store.DB, int64) (T, error)) (T, error) {
	id, err := routeID(r, param)
	if err != nil {
		var none T
		return none, err
	}
	return get(r.Context(), db, id)
}

// decodeJSON reads a JSON body of at most limit bytes into v (w only
// bounds the body). A body too large, or not the JSON v takes, is a
// refusal: 413 or 400.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return domain.NewError(domain.TooLarge, "errors.request.too_large", "request body too large: the limit is {{.KB}} KB", domain.Data{"KB": limit >> 10})
	case err != nil:
		return domain.NewError(domain.Malformed, "errors.request.json", "invalid JSON: {{.Reason}}", domain.Data{"Reason": err.Error()})
	}
	return nil
}
