package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/service"
	"arena.dev/web/response"
)

// seatRef is a seat reference (service.ResolveSeat) in JSON: a string, or a
// number, which names a version (or a board) by id.
type seatRef string

func (r *seatRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, (*string)(r))
	}
	if string(b) == "null" {
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("want a name or an id, got %s", b)
	}
	*r = seatRef(strconv.FormatInt(n, 10))
	return nil
}

// POST /api/games/{game}/challenges {"version", "opponents", "seed", "board", "shuffle"}:
// starts a challenge; 201 with the match's id and URLs (Location: its API
// URL, to follow it).
func (s *Server) apiChallenge(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := userFrom(ctx)
	var req struct {
		Version   seatRef   `json:"version"`
		Opponents []seatRef `json:"opponents"`
		Seed      *int64    `json:"seed"`
		Board     seatRef   `json:"board"`
		Shuffle   bool      `json:"shuffle"`
	}
	if err := decodeJSON(w, r, 16<<10, &req); err != nil {
		s.apiFail(w, r, err, nil)
		return
	}
	game, err := games.Get(chi.URLParam(r, "game"))
	if err != nil {
		response.APIError(w, http.StatusNotFound, localMessage(r.Context(), errNoSuchGame))
		return
	}
	info := game.Info()
	if len(req.Opponents) > info.Players-1 {
		s.apiFail(w, r, domain.Refusal("errors.challenge.too_many_opponents", "{{.Game}} is played by {{.Players}}: choose at most {{.Opponents}} opponents",
			domain.Data{"Game": info.Title, "Players": info.Players, "Opponents": info.Players - 1}), nil)
		return
	}
	opponents := make([]string, len(req.Opponents))
	for i, o := range req.Opponents {
		if opponents[i] = strings.TrimSpace(string(o)); opponents[i] == "" {
			s.apiFail(w, r, domain.Refusal("errors.challenge.empty_opponent", "an empty opponent: leave it out, and the seat gets the {{.Qualifier}}",
				domain.Data{"Qualifier": info.Qualifier}), nil)
			return
		}
	}
	if strings.TrimSpace(string(req.Version)) == "" {
		s.apiFail(w, r, domain.Refusal("errors.challenge.missing_version", `"version" is missing: your bot's name (its newest version), BOT@N or a version id`, nil), nil)
		return
	}
	c, err := s.readChallenge(ctx, u.ID, info.ID, string(req.Version), opponents, "", string(req.Board), req.Shuffle, info.Qualifier)
	c.Seed = req.Seed
	var m *domain.Match
	if err == nil {
		m, err = service.StartChallenge(ctx, s.Pool, s.Jobs, u.ID, c)
	}
	if err != nil {
		s.apiFail(w, r, err, errNoSuchGame)
		return
	}
	path := "/matches/" + strconv.FormatInt(m.ID, 10)
	response.Created(w, "/api"+path, map[string]any{"id": m.ID, "kind": m.Kind, "status": m.Status, "seed": m.Seed,
		"url": path, "api": "/api" + path})
}
