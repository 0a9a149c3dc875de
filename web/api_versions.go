package web

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"arena.dev/domain"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/response"
	"github.com/go-chi/chi/v5"
)

// The API's submissions and versions: submit, follow a version, list
// one's bots.

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
