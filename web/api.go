package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/request"
	"arena.dev/web/response"
)

// The JSON API for scripts and `arena submit`. Authenticated calls carry a
// personal token: Authorization: Bearer arena_...

// registerAPIRoutes registers the JSON API under /api: the arena tool's
// and scripts'. Reads are open; the rest needs a token (requireToken).
func (s *Server) registerAPIRoutes(r chi.Router) {
	r.Use(apiLanguage)
	r.Post("/tokens", s.apiCreateToken)
	r.Get("/games/{game}/leaderboard", s.apiLeaderboard)
	r.Get("/matches/{id}", s.apiMatch)
	r.Group(func(r chi.Router) {
		r.Use(s.requireToken)
		r.Get("/me/bots", s.apiMyBots)
		r.Post("/games/{game}/submissions", s.apiSubmit)
		r.Post("/games/{game}/challenges", s.apiChallenge)
		r.Post("/matches/{id}/replay", s.apiReplayAgain)
		r.Get("/matches/{id}/log", s.matchLog)
		r.Get("/versions/{id}", s.apiVersion)
		r.Get("/boards/{id}", s.apiBoardFile)
	})
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		response.APIError(w, http.StatusNotFound, localMessage(r.Context(), errNoSuchRoute))
	})
}

// What the API says of what is not there and of a missing or wrong token,
// in the request's language (errors.toml).
var (
	errNoSuchGame    = domain.NewError(domain.NotFound, "errors.api.no_such_game", "no such game", nil)
	errNoSuchVersion = domain.NewError(domain.NotFound, "errors.api.no_such_version", "no such version", nil)
	errNoSuchMatch   = domain.NewError(domain.NotFound, "errors.api.no_such_match", "no such match", nil)
	errNoSuchBoard   = domain.NewError(domain.NotFound, "errors.api.no_such_board", "no such board", nil)
	errNoSuchRoute   = domain.NewError(domain.NotFound, "errors.api.no_such_route", "no such API route", nil)
	errNoToken       = domain.NewError(domain.Unauthorized, "errors.api.no_token", "missing API token (Authorization: Bearer ...)", nil)
	errBadToken      = domain.NewError(domain.Unauthorized, "errors.api.bad_token", "invalid or revoked API token", nil)
)

type ctxKey int

const userKey ctxKey = iota

// userFrom returns the authenticated user, or nil.
func userFrom(ctx context.Context) *domain.User {
	u, _ := ctx.Value(userKey).(*domain.User)
	return u
}

// apiLanguage puts the API request's language in its context: the one its
// Accept-Language asks for (the arena tool sends its locale's), else
// English, whatever the site's default or the account's choice, as API
// clients have always read it. The API's words (errors, queue places, the
// qualification summary) follow it; its machine-read fields do not change.
func apiLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Language")
		lang := i18n.Match(r.Header.Get("Accept-Language"))
		if lang == "" {
			lang = i18n.Default
		}
		next.ServeHTTP(w, r.WithContext(i18n.WithLang(r.Context(), lang)))
	})
}

// requireToken authenticates the request by its bearer token.
func (s *Server) requireToken(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena"`)
			response.APIError(w, http.StatusUnauthorized, localMessage(r.Context(), errNoToken))
			return
		}
		u, err := store.UserByToken(r.Context(), s.Pool, strings.TrimSpace(token))
		if errors.Is(err, domain.ErrNotFound) {
			response.APIError(w, http.StatusUnauthorized, localMessage(r.Context(), errBadToken))
			return
		}
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	})
}

// POST /api/tokens {"user", "password", "name"}: a new personal token.
func (s *Server) apiCreateToken(w http.ResponseWriter, r *http.Request) {
	var req struct {
		User     string `json:"user"`
		Password string `json:"password"`
		Name     string `json:"name"`
	}
	if err := decodeJSON(w, r, 4<<10, &req); err != nil {
		s.apiFail(w, r, err, nil)
		return
	}
	// The same limits and the same check as a web log-in: as slow for a
	// user that does not exist as for one that does.
	err := s.passwordAttempt(r, req.User)
	var u *domain.User
	if err == nil {
		u, err = s.checkLogin(r.Context(), req.User, req.Password)
	}
	if status, msg, refused := passwordRefusal(r.Context(), w, err); refused {
		response.APIError(w, status, strings.ToLower(msg[:1])+msg[1:])
		return
	}
	if errors.Is(err, errWrongLogin) || (err == nil && u.Disabled) {
		s.apiFail(w, r, domain.NewError(domain.Unauthorized, "errors.token.wrong", "wrong user name or password", nil), nil)
		return
	}
	if err != nil {
		if r.Context().Err() == nil { // else the client has gone
			s.apiServerError(w, r, err)
		}
		return
	}
	if u.MustChangePassword {
		s.apiFail(w, r, domain.NewError(domain.Forbidden, "errors.token.must_change",
			"an admin has reset your password (or gave you a one-time password): log in on the website and choose a new one first", nil), nil)
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = "api"
	}
	if len(name) > 64 {
		s.apiFail(w, r, domain.NewError(domain.Malformed, "errors.token.name", "a token name has at most 64 characters", nil), nil)
		return
	}
	token, t, err := store.CreateAPIToken(r.Context(), s.Pool, u.ID, name)
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	response.JSON(w, http.StatusCreated, map[string]any{"token": token, "id": t.ID, "name": t.Name, "user": u.Name})
}

// versionJSON is what the API shows of a version; the source only to its
// owner and admins, on request.
type versionJSON struct {
	ID         int64           `json:"id"`
	BotID      int64           `json:"bot_id"`
	Number     int             `json:"number"`
	Language   domain.Language `json:"language"`
	Status     string          `json:"status"`
	Final      bool            `json:"final"` // no further change without a new submission
	CompileLog string          `json:"compile_log,omitempty"`
	Mu         *float64        `json:"mu,omitempty"`
	Sigma      *float64        `json:"sigma,omitempty"`
	Games      int             `json:"games"`
	CreatedAt  time.Time       `json:"created_at"`
	// Qualification: each match of its qualification, and how far from
	// passing it is.
	Qualification       []qualMatchJSON `json:"qualification,omitempty"`
	QualificationResult *qualResultJSON `json:"qualification_result,omitempty"`
	Source              string          `json:"source,omitempty"`
	ArtifactSHA256      *string         `json:"artifact_sha256,omitempty"`
	// Queue: while it waits for its verdict, where it stands (version_queue.go).
	Queue *queueJSON `json:"queue,omitempty"`
}

// qualMatchJSON is one qualification match of a version.
type qualMatchJSON struct {
	ID        int64            `json:"id"`
	Status    string           `json:"status"`
	URL       string           `json:"url"`
	Number    int              `json:"number"` // from 1
	Seed      int64            `json:"seed"`
	Seat      int              `json:"seat"`
	Board     *boardJSON       `json:"board"`              // null: generated from the seed
	Settings  map[string]int   `json:"settings,omitempty"` // the game's defaults changed for it
	Players   []qualPlayerJSON `json:"players"`            // in seat order
	Place     int              `json:"place,omitempty"`    // the version's, from 1, once played
	Tied      bool             `json:"tied,omitempty"`
	First     bool             `json:"first"` // alone on top
	Frozen    string           `json:"frozen,omitempty"`
	Command   string           `json:"command,omitempty"` // plays it locally, once it ended without the version alone on top
	ReplayURL string           `json:"replay_url,omitempty"`
}

type qualPlayerJSON struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Score *int64 `json:"score"`
}

type boardJSON struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	File   string `json:"file"` // the name it downloads as
	URL    string `json:"url"`
	APIURL string `json:"api_url"`
}

// qualResultJSON is how far a version's qualification is from passing.
type qualResultJSON struct {
	Matches int    `json:"matches"`
	Ended   int    `json:"ended"`
	Firsts  int    `json:"firsts"`
	Needs   int    `json:"needs"`
	Final   bool   `json:"final"`
	Passed  bool   `json:"passed"`
	Summary string `json:"summary"` // "first in 2 of 4; needs 3"
}

// qualificationJSON is a version's qualification for the API.
func qualificationJSON(ctx context.Context, q qualification) ([]qualMatchJSON, *qualResultJSON) {
	if len(q.Rows) == 0 {
		return nil, nil
	}
	var out []qualMatchJSON
	for _, m := range q.Rows {
		id := strconv.FormatInt(m.Match.ID, 10)
		j := qualMatchJSON{ID: m.Match.ID, Status: m.Match.Status, URL: "/matches/" + id, Number: m.N, Seed: m.Match.Seed,
			Seat: m.Seat, Settings: m.Match.Settings, Place: m.Place, Tied: m.Tied, First: m.First, Command: m.Command,
			Players: []qualPlayerJSON{}}
		if len(j.Settings) == 0 {
			j.Settings = nil
		}
		if m.Board != nil {
			j.Board = &boardJSON{ID: m.Board.ID, Name: m.Board.Name, File: m.BoardFile, URL: boardURL(m.Board.ID),
				APIURL: "/api" + boardURL(m.Board.ID)}
		}
		if m.Match.ReplayKey != nil {
			j.ReplayURL = "/matches/" + id + "/replay"
		}
		for _, st := range m.Seats {
			j.Players = append(j.Players, qualPlayerJSON{st.Seat, st.BotName, st.Score})
			if st.Seat == m.Seat {
				j.Frozen = frozenWords(ctx, st) // prose arena submit prints: the request's language
			}
		}
		out = append(out, j)
	}
	return out, &qualResultJSON{q.Matches, q.Ended, q.Firsts, q.Needs, q.Final(), q.Passed(), q.Summary(ctx)}
}

func toVersionJSON(v *domain.Version) versionJSON {
	return versionJSON{ID: v.ID, BotID: v.BotID, Number: v.Number, Language: v.Language, Status: string(v.Status), Final: v.Status.Final(),
		CompileLog: v.CompileLog, Mu: v.Mu, Sigma: v.Sigma, Games: v.Games, CreatedAt: v.CreatedAt,
		ArtifactSHA256: v.ArtifactSHA256}
}

// POST /api/games/{game}/submissions {"bot", "source", "language", "file"}:
// a new version. The language is "language" (package lang's id), else the
// one of the file name's extension, else Go.
func (s *Server) apiSubmit(w http.ResponseWriter, r *http.Request) {
	u := userFrom(r.Context())
	var req struct {
		Bot      string `json:"bot"`
		Source   string `json:"source"`
		Language string `json:"language"`
		File     string `json:"file"`
	}
	if err := decodeJSON(w, r, service.MaxSource+8<<10, &req); err != nil {
		s.apiFail(w, r, err, nil)
		return
	}
	language, err := submitLanguage(req.Language, req.File)
	var v *domain.Version
	if err == nil {
		v, err = service.Submit(r.Context(), s.Pool, s.Jobs, u.ID, chi.URLParam(r, "game"), req.Bot, language, req.Source)
	}
	if err != nil {
		s.apiFail(w, r, err, errNoSuchGame)
		return
	}
	response.Created(w, "/api/versions/"+strconv.FormatInt(v.ID, 10), toVersionJSON(v))
}

// GET /api/versions/{id}[?source=1]: a version's status, for its owner and admins.
func (s *Server) apiVersion(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	v, err := byID(r, "id", s.Pool, store.VersionByID)
	if err != nil {
		s.apiFail(w, r, err, errNoSuchVersion)
		return
	}
	bot, err := store.BotByID(ctx, s.Pool, v.BotID)
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	u := userFrom(ctx)
	if u.ID != bot.OwnerID && u.Role != domain.RoleAdmin {
		// Not "forbidden": whether another user's version exists is not
		// this user's business.
		response.APIError(w, http.StatusNotFound, localMessage(ctx, errNoSuchVersion))
		return
	}
	out := toVersionJSON(v)
	if r.URL.Query().Get("source") == "1" {
		out.Source = v.Source
	}
	q, err := s.versionQualification(ctx, v)
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	out.Qualification, out.QualificationResult = qualificationJSON(ctx, q)
	if out.Queue, err = s.versionQueue(ctx, v); err != nil {
		s.apiServerError(w, r, err)
		return
	}
	response.JSON(w, http.StatusOK, out)
}

// GET /api/me/bots[?game=ID]: the caller's bots and their statuses.
func (s *Server) apiMyBots(w http.ResponseWriter, r *http.Request) {
	u := userFrom(r.Context())
	bots, err := store.BotsOfOwner(r.Context(), s.Pool, u.ID, r.URL.Query().Get("game"))
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	type botJSON struct {
		ID     int64        `json:"id"`
		Game   string       `json:"game"`
		Name   string       `json:"name"`
		Latest *versionJSON `json:"latest,omitempty"`
		Active *versionJSON `json:"active,omitempty"`
	}
	out := []botJSON{}
	for _, b := range bots {
		j := botJSON{ID: b.Bot.ID, Game: b.Bot.GameID, Name: b.Bot.Name}
		if b.Latest != nil {
			v := toVersionJSON(b.Latest)
			j.Latest = &v
		}
		if b.Active != nil {
			v := toVersionJSON(b.Active)
			j.Active = &v
		}
		out = append(out, j)
	}
	response.JSON(w, http.StatusOK, map[string]any{"user": u.Name, "bots": out})
}

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
