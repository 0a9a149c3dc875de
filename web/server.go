// Package web is Arena's HTTP side: the router, its middleware and handlers.
package web

import (
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
	"arena.dev/downloads"
	"arena.dev/judge"
	"arena.dev/metrics"
	"arena.dev/static"
	"arena.dev/store"
)

// Server holds what the handlers need.
type Server struct {
	Pool   *pgxpool.Pool
	Jobs   *judge.Client // inserts jobs; may be a working or an insert-only client
	Blobs  store.Blobs   // replays; nil means the blobs table of Pool
	Logger *slog.Logger
	// HTTPS says users reach the site over HTTPS (ARENA_PUBLIC_URL is
	// https): the session cookie is Secure and every response sends HSTS.
	HTTPS bool
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Real-IP are believed (ARENA_TRUSTED_PROXIES); see clientIP.
	TrustedProxies []netip.Prefix
	// Boards keeps each game's ranked board for a few seconds (see
	// BoardCache); nil ranks on every request.
	Boards *BoardCache
	// PublicURL is ARENA_PUBLIC_URL ("" when unset): the site's address in
	// the install lines it shows; else the request's host.
	PublicURL string
	// Downloads finds or builds the arena tool students download; nil
	// offers none (the pages say how to build it from source).
	Downloads *downloads.Builder
	// Version is the server's version, which the downloads carry.
	Version string
	// SignupsPerHour is ARENA_SIGNUPS_PER_HOUR: the accounts one address
	// may create at once and then per hour; 0 is the default (100).
	SignupsPerHour int

	sessions *scs.SessionManager
	// The limits of password attempts and sign-ups (ratelimit.go).
	addrLimit, pairLimit, userLimit, registerLimit *limiter
	// passwords computes every password hash and check of the server, a
	// few at once.
	passwords *auth.Pool
	// durations are the recent job durations a waiting version's
	// estimate is made of (version_queue.go).
	durations jobDurations
	// events is the live pages' hub (events.go).
	events *hub
}

// Password hashing: passwordSlots hashes at once (19 MiB and ~30 ms of a
// core each; half the cores, so pages keep the rest), and a request waits
// at most passwordWait for a slot before a 429. One slot checks 30 to 50
// passwords a second: a class logging in at once waits a second or two.
var passwordSlots = min(max(runtime.NumCPU()/2, 1), 4)

const passwordWait = 3 * time.Second

// Handler returns the whole application; every route is listed here.
func (s *Server) Handler() http.Handler {
	s.addrLimit = newLimiter(addrEvery, addrBurst)
	s.pairLimit = newLimiter(pairEvery, pairBurst)
	s.userLimit = newLimiter(userEvery, userBurst)
	s.registerLimit = signupLimit(s.SignupsPerHour)
	s.passwords = auth.NewPool(passwordSlots, passwordWait)

	s.sessions = newSessions(s.Pool, s.HTTPS)
	events := newHub(s.Pool, s.logger()) // one LISTEN per process, while someone follows
	s.events = events

	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, measure, middleware.Recoverer, secureHeaders(s.HTTPS), crossOrigin, s.checkInput)
	r.NotFound(s.notFound)

	r.Get("/healthz", s.healthz)
	r.Handle("/metrics", metrics.Handler())
	r.Handle("/static/*", http.StripPrefix("/static/", static.Handler()))
	r.Get("/matches/{id}/replay", s.replay)
	r.Get("/tournaments/{id}/events", s.tournamentEvents(events)) // public, no session to load
	r.Get("/downloads/arena/{os}/{arch}", s.downloadArena)        // the arena tool, for curl

	// Pages: sessions and the logged-in user.
	r.Group(func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, s.loadUser, s.language)
		r.NotFound(s.notFound)
		r.Get("/", s.home)
		r.Get("/downloads", s.downloadsPage)
		r.Get("/login", s.loginPage)
		r.Post("/login", s.login)
		r.Get("/register", s.registerPage)
		r.Post("/register", s.register)
		r.Post("/logout", s.logout)
		r.Post("/language", s.setLanguage)
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			r.Get("/account", s.accountPage)
			r.Post("/account/password", s.changePassword)
			r.Post("/account/tokens", s.createToken)
			r.Post("/account/tokens/{id}/delete", s.deleteToken)
			r.Post("/account/sessions/{id}/revoke", s.revokeSession)
		})

		// --- public pages: games, leaderboards, matches, bots ---
		r.Get("/games/{game}", s.gamePage)
		r.Get("/games/{game}/leaderboard", s.leaderboardPage)
		r.Get("/games/{game}/leaderboard/events", s.boardEvents(events))
		r.Get("/games/{game}/matches", s.gameMatchesPage)
		r.Get("/games/{game}/kit.zip", s.kitZip)
		r.Get(`/games/{game}/{file:[a-z0-9_-]+\.wasm}`, s.builtinWasm)
		r.Get("/matches/{id}", s.matchPage)
		r.Get("/matches/{id}/live", s.matchLivePart)
		r.Get("/bots/{id}", s.botPage)
		// --- end public pages ---

		// --- submitting and following one's bots ---
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			r.Get("/games/{game}/submit", s.submitPage)
			r.Post("/games/{game}/submit", s.submit)
			r.Get("/bots", s.myBots)
			r.Get("/bots/events", s.botEvents(events))
			r.Get("/bots/{id}/versions/{n}", s.versionPage)
			r.Get("/bots/{id}/versions/{n}/live", s.versionLivePart)
			r.Get("/boards/{id}", s.boardFile)
			r.Get("/games/{game}/challenge", s.challengePage)
			r.Post("/games/{game}/challenge", s.startChallenge)
			r.Post("/matches/{id}/again", s.matchAgain)
			r.Post("/matches/{id}/replay/again", s.matchReplayAgain)
		})
		// --- end submitting ---

		// --- tournaments ---
		r.Get("/tournaments", s.tournamentsPage)
		r.Get("/tournaments/{id}", s.tournamentPage)
		r.Get("/tournaments/{id}/live", s.tournamentLivePart)
		r.Group(func(r chi.Router) {
			r.Use(s.requireAdmin)
			r.Get("/admin/tournaments/new", s.adminTournamentNew)
			r.Get("/admin/tournaments/new/game", s.adminTournamentGameFields)
			r.Post("/admin/tournaments", s.adminTournamentCreate)
			r.Post("/admin/tournaments/{id}/pause", s.adminTournamentPause)
			r.Post("/admin/tournaments/{id}/resume", s.adminTournamentResume)
			r.Post("/admin/tournaments/{id}/cancel", s.adminTournamentCancel)
			r.Get("/admin/tournaments/{id}/matches/{match}/rerun", s.adminTournamentRerunPage)
			r.Post("/admin/tournaments/{id}/matches/{match}/rerun", s.adminTournamentRerun)
		})
		// --- end tournaments ---

		// --- admin ---
		r.Group(func(r chi.Router) {
			r.Use(s.requireAdmin)
			r.Get("/admin", s.adminDashboard)
			r.Get("/admin/users", s.adminUsers)
			r.Post("/admin/users/{id}/role", s.adminSetRole)
			r.Post("/admin/users/{id}/disable", s.adminDisableUser)
			r.Post("/admin/users/{id}/enable", s.adminEnableUser)
			r.Get("/admin/users/{id}/password", s.adminResetPasswordConfirm)
			r.Post("/admin/users/{id}/password", s.adminResetPassword)
			r.Post("/admin/users/import", s.adminImportRoster)
			r.Post("/admin/roster/{id}/credentials", s.adminRosterCredentials)
			r.Post("/admin/users/passwords", s.adminRegeneratePasswords)
			r.Post("/admin/games/{game}/deadline", s.adminGameDeadline)
			r.Get("/admin/grades", s.adminGrades)
			r.Get("/admin/games/{game}/grades.csv", s.adminGameGrades)
			r.Get("/admin/tournaments/{id}/grades.csv", s.adminTournamentGrades)
			r.Get("/admin/games", s.adminGames)
			r.Post("/admin/games/{game}/enable", s.adminEnableGame)
			r.Post("/admin/games/{game}/disable", s.adminDisableGame)
			r.Post("/admin/games/{game}/settings", s.adminGameSettings)
			r.Post("/admin/games/{game}/boards", s.adminUploadBoard)
			r.Post("/admin/games/{game}/ladder", s.adminBoardChoice(store.ForLadder))
			r.Post("/admin/games/{game}/qualification", s.adminBoardChoice(store.ForQualification))
			r.Post("/admin/games/{game}/challenges", s.adminGameChallenges)
			r.Post("/admin/games/{game}/pace", s.adminGamePace)
			r.Get("/admin/games/{game}/copies", s.adminCopies)
			r.Get("/admin/games/{game}/copies.csv", s.adminCopiesCSV)
			r.Post("/admin/games/{game}/copies/base", s.adminCopyBaseUpload)
			r.Post("/admin/games/{game}/copies/base/{id}/delete", s.adminCopyBaseDelete)
			r.Get("/admin/copies", s.adminCopiesIndex)
			r.Post("/admin/copies/backfill", s.adminCopiesBackfill)
			r.Get("/admin/copies/{a}/{b}", s.adminCopyPair)
			r.Get("/admin/boards/{id}", s.adminBoardFile)
			r.Post("/admin/boards/{id}/delete", s.adminDeleteBoard)
			r.Get("/admin/bots", s.adminBots)
			r.Post("/admin/bots/{id}/disable", s.adminDisableBot)
			r.Post("/admin/bots/{id}/enable", s.adminEnableBot)
			r.Post("/admin/versions/{id}/rejudge", s.adminRejudge)
			r.Get("/admin/jobs", s.adminJobs)
			r.Post("/admin/jobs/{id}/retry", s.adminRetryJob)
			r.Post("/admin/jobs/{id}/cancel", s.adminCancelJob)
			r.Get("/admin/settings", s.adminSettings)
			r.Post("/admin/settings", s.adminSaveSettings)
			r.Get("/admin/storage", s.adminStorage)
			r.Post("/admin/storage", s.adminSaveRetention)
			r.Post("/admin/storage/run", s.adminRunRetention)
		})
		// --- end admin ---
	})

	r.Route("/api", func(r chi.Router) {
		r.Post("/tokens", s.apiCreateToken)
		r.Get("/games/{game}/leaderboard", s.apiLeaderboard)
		r.Get("/matches/{id}", s.apiMatch)
		r.Group(func(r chi.Router) {
			r.Use(s.requireToken)
			r.Get("/me/bots", s.apiMyBots)
			r.Post("/games/{game}/submissions", s.apiSubmit)
			r.Post("/games/{game}/challenges", s.apiChallenge)
			r.Post("/matches/{id}/replay", s.apiReplayAgain)
			r.Get("/versions/{id}", s.apiVersion)
			r.Get("/boards/{id}", s.apiBoardFile)
		})
		r.NotFound(func(w http.ResponseWriter, r *http.Request) { apiError(w, http.StatusNotFound, "no such API route") })
	})
	return r
}

func (s *Server) blobs() store.Blobs {
	if s.Blobs != nil {
		return s.Blobs
	}
	return store.PGBlobs{DB: s.Pool}
}
