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
	"arena.dev/web/request"
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
	// X-Real-IP are believed (ARENA_TRUSTED_PROXIES); see request.ClientIP.
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
	addrLimit, pairLimit, userLimit, registerLimit *request.Limiter
	// passwords computes every password hash and check of the server, a
	// few at once.
	passwords *auth.Pool
	// durations are the recent job durations a waiting version's
	// estimate is made of (version_queue.go).
	durations jobDurations
	// events is the live pages' hub (events.go).
	events *hub
	// settings keeps the site's name and default language a few seconds.
	settings siteSettings
}

// Password hashing: passwordSlots hashes at once (19 MiB and ~30 ms of a
// core each; half the cores, so pages keep the rest), and a request waits
// at most passwordWait for a slot before a 429. One slot checks 30 to 50
// passwords a second: a class logging in at once waits a second or two.
var passwordSlots = min(max(runtime.NumCPU()/2, 1), 4)

const passwordWait = 3 * time.Second

// Handler returns the whole application. Each audience registers its own
// routes: the public site (public.go), the admin (admin.go), the API
// (api.go) and the live streams (live.go).
func (s *Server) Handler() http.Handler {
	s.addrLimit = request.NewLimiter(addrEvery, addrBurst)
	s.pairLimit = request.NewLimiter(pairEvery, pairBurst)
	s.userLimit = request.NewLimiter(userEvery, userBurst)
	s.registerLimit = signupLimit(s.SignupsPerHour)
	s.passwords = auth.NewPool(passwordSlots, passwordWait)
	s.sessions = newSessions(s.Pool, s.HTTPS)
	s.events = newHub(s.Pool, s.logger()) // one LISTEN per process, while someone follows

	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, measure, middleware.Recoverer, secureHeaders(s.HTTPS), crossOrigin, s.checkInput)
	r.NotFound(s.notFound)
	r.Get("/healthz", s.healthz)
	r.Handle("/metrics", metrics.Handler())
	r.Handle("/static/*", http.StripPrefix("/static/", static.Handler()))

	s.registerPublicRoutes(r)
	s.registerAdminRoutes(r)
	s.registerLiveRoutes(r)
	r.Route("/api", s.registerAPIRoutes)
	return r
}

// pages registers routes that are pages: they load the session and the
// user logged in (userFrom), if any.
func (s *Server) pages(r chi.Router, routes func(r chi.Router)) {
	r.Group(func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, s.loadUser, s.language)
		routes(r)
	})
}

func (s *Server) blobs() store.Blobs {
	if s.Blobs != nil {
		return s.Blobs
	}
	return store.PGBlobs{DB: s.Pool}
}
