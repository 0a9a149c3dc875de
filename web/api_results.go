package web

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/request"
	"arena.dev/web/response"
	"github.com/go-chi/chi/v5"
)

// The API's results: the leaderboard, a match, playing a match again.

// GET /api/games/{game}/leaderboard[?page=N]: public standings.
func (s *Server) apiLeaderboard(w http.ResponseWriter, r *http.Request) {
	game := chi.URLParam(r, "game")
	page, limit, offset := request.Page(r, 50)
	rows, total, err := s.leaderboard(r.Context(), game, 0, limit, offset)
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	type standingJSON struct {
		Rank       int             `json:"rank"`            // 0 for a house bot
		House      bool            `json:"house,omitempty"` // the game's own reference bot: on the board, unranked
		BotID      int64           `json:"bot_id"`
		Bot        string          `json:"bot"`
		Owner      string          `json:"owner"`
		Version    int             `json:"version"`
		Language   domain.Language `json:"language"`
		Score      float64         `json:"score"` // μ − 3σ
		Mu         float64         `json:"mu"`
		Sigma      float64         `json:"sigma"`
		Games      int             `json:"games"`
		LastChange *time.Time      `json:"last_change"`
	}
	out := []standingJSON{}
	for _, s := range rows {
		out = append(out, standingJSON{s.Rank, s.House, s.BotID, s.BotName, s.OwnerName, s.Version, s.Language, s.Ordinal, s.Mu, s.Sigma, s.Games, s.LastChange})
	}
	response.JSON(w, http.StatusOK, map[string]any{"game": game, "page": page, "per_page": limit, "total": total, "standings": out})
}

// GET /api/matches/{id}: a match's players and results (public).
func (s *Server) apiMatch(w http.ResponseWriter, r *http.Request) {
	m, seats, err := s.matchWithSeats(r, "id")
	if err != nil {
		s.apiFail(w, r, err, errNoSuchMatch)
		return
	}
	type seatJSON struct {
		Seat         int             `json:"seat"`
		Bot          string          `json:"bot"`
		BotID        *int64          `json:"bot_id,omitempty"`
		Owner        string          `json:"owner,omitempty"`
		VersionID    *int64          `json:"version_id,omitempty"`
		Language     domain.Language `json:"language,omitempty"` // "" for a built-in bot
		Score        *int64          `json:"score"`
		Rank         *int            `json:"rank"`
		CPUSeconds   *float64        `json:"cpu_seconds"`
		FrozenRound  *int            `json:"frozen_round,omitempty"` // from 0, as the SDK's round(); -1 at setup
		FrozenKind   string          `json:"frozen_kind,omitempty"`
		FrozenReason *string         `json:"frozen_reason,omitempty"`
		Frozen       string          `json:"frozen,omitempty"` // in words, as the match page says it
	}
	players := []seatJSON{}
	for _, p := range seats {
		players = append(players, seatJSON{p.Seat, p.BotName, p.BotID, p.OwnerName, p.VersionID, p.Language, p.Score, p.Rank,
			p.CPUSeconds, p.FrozenRound, p.FrozenKind, p.FrozenReason, frozenWords(apiWords, p)})
	}
	out := map[string]any{"id": m.ID, "game": m.GameID, "kind": m.Kind, "status": m.Status, "seed": m.Seed,
		"settings": m.Settings, "rated": m.Rated, "created_at": m.CreatedAt, "finished_at": m.FinishedAt, "players": players}
	if m.ReplayKey != nil {
		out["replay"] = "/matches/" + strconv.FormatInt(m.ID, 10) + "/replay"
	}
	if m.ReplayRegeneratedAt != nil { // played again after retention deleted it
		out["replay_regenerated_at"], out["replay_differs"] = m.ReplayRegeneratedAt, m.ReplayDiffers
	}
	if m.Status == domain.MatchFinished && m.ReplayKey == nil { // deleted by retention: POST replay_again plays it again
		out["replay_deleted_at"] = m.ReplayDeletedAt
		out["replay_again"] = "/api/matches/" + strconv.FormatInt(m.ID, 10) + "/replay"
		state, ahead, lastErr, err := store.ReplayJob(r.Context(), s.Pool, m.ID)
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		if state != "" {
			job := map[string]any{"state": state, "ahead": ahead}
			if state == "cancelled" {
				job["error"] = lastErr
			}
			out["replay_job"] = job
		}
	}
	if m.ChallengerID != nil { // who started a challenge
		u, err := store.UserByID(r.Context(), s.Pool, *m.ChallengerID)
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		out["challenger"] = u.Name
	}
	if m.Status == domain.MatchQueued { // where it stands: "running", or "available" with the jobs ahead of it
		state, ahead, err := store.MatchJob(r.Context(), s.Pool, m.ID)
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		out["job"] = map[string]any{"state": state, "ahead": ahead}
	}
	response.JSON(w, http.StatusOK, out)
}

// POST /api/matches/{id}/replay: play again a finished match whose replay
// retention deleted; 202 with where its request stands (GET
// /api/matches/{id} follows it: replay_job, then replay).
func (s *Server) apiReplayAgain(w http.ResponseWriter, r *http.Request) {
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		response.APIError(w, http.StatusNotFound, localMessage(r.Context(), errNoSuchMatch))
		return
	}
	ctx := r.Context()
	queued, err := service.ReplayAgain(ctx, s.Pool, s.Jobs, userFrom(ctx).ID, id)
	if err != nil {
		s.apiFail(w, r, err, errNoSuchMatch)
		return
	}
	api := "/api/matches/" + strconv.FormatInt(id, 10)
	w.Header().Set("Location", api)
	response.JSON(w, http.StatusAccepted, map[string]any{"id": id, "queued": queued, "api": api,
		"url": "/matches/" + strconv.FormatInt(id, 10)})
}

// apiWords is the language of a match's "frozen" (GET /api/matches/{id}):
// English, whoever asks, as arena challenge prints it in its machine-read
// "player P NAME score S frozen: ..." lines.
var apiWords = i18n.WithLang(context.Background(), i18n.Default)
