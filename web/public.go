package web

import (
	"github.com/go-chi/chi/v5"
)

// registerPublicRoutes registers the site everyone sees: the home page,
// logging in and one's account, the games with their leaderboards and
// matches, bots, tournaments, and (logged in) submitting and challenging.
func (s *Server) registerPublicRoutes(r chi.Router) {
	// No session: files that curl and the replay viewer fetch.
	r.Get("/matches/{id}/replay", s.replay)
	r.Get("/downloads/arena/{os}/{arch}", s.downloadArena) // the arena tool, for curl

	s.pages(r, func(r chi.Router) {
		r.NotFound(s.notFound) // a page's 404 knows who is logged in
		r.Get("/", s.home)
		r.Get("/downloads", s.downloadsPage)
		r.Get("/login", s.loginPage)
		r.Post("/login", s.login)
		r.Get("/register", s.registerPage)
		r.Post("/register", s.register)
		r.Post("/logout", s.logout)
		r.Post("/language", s.setLanguage)

		// Games, leaderboards, matches, bots and tournaments.
		r.Get("/games/{game}", s.gamePage)
		r.Get("/games/{game}/leaderboard", s.leaderboardPage)
		r.Get("/games/{game}/matches", s.gameMatchesPage)
		r.Get("/games/{game}/kit.zip", s.kitZip)
		r.Get(`/games/{game}/{file:[a-z0-9_-]+\.wasm}`, s.builtinWasm)
		r.Get("/matches/{id}", s.matchPage)
		r.Get("/matches/{id}/live", s.matchLivePart)
		r.Get("/matches/{id}/log", s.matchLog)
		r.Get("/bots/{id}", s.botPage)
		r.Get("/tournaments", s.tournamentsPage)
		r.Get("/tournaments/{id}", s.tournamentPage)
		r.Get("/tournaments/{id}/live", s.tournamentLivePart)

		// One's account, and submitting and following one's bots.
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			r.Get("/account", s.accountPage)
			r.Post("/account/password", s.changePassword)
			r.Post("/account/tokens", s.createToken)
			r.Post("/account/tokens/{id}/delete", s.deleteToken)
			r.Post("/account/sessions/{id}/revoke", s.revokeSession)
			r.Get("/games/{game}/submit", s.submitPage)
			r.Post("/games/{game}/submit", s.submit)
			r.Get("/bots", s.myBots)
			r.Get("/bots/{id}/versions/{n}", s.versionPage)
			r.Get("/bots/{id}/versions/{n}/live", s.versionLivePart)
			r.Get("/boards/{id}", s.boardFile)
			r.Get("/games/{game}/challenge", s.challengePage)
			r.Post("/games/{game}/challenge", s.startChallenge)
			r.Post("/matches/{id}/again", s.matchAgain)
			r.Post("/matches/{id}/replay/again", s.matchReplayAgain)
		})
	})
}
