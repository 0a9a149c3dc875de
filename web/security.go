package web

import (
	"net/http"
	"net/url"
)

// csp allows only the site's own scripts and styles: no inline script, no
// eval, nothing from elsewhere.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// hsts tells browsers to reach the site over HTTPS only, for a year.
const hsts = "max-age=31536000"

// secureHeaders sets the security headers of every response, with HSTS
// when the site is served over HTTPS.
func secureHeaders(https bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			if https {
				h.Set("Strict-Transport-Security", hsts)
			}
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "same-origin")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
			next.ServeHTTP(w, r)
		})
	}
}

// crossOrigin refuses state-changing browser requests from other origins
// (CSRF), with Go's own protection: POST, PUT, DELETE... must come from a
// page of this site. Requests without browser headers (scripts with a
// token) pass.
func crossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Cross-origin request refused: reload the page and try again.", http.StatusForbidden)
	}))
	return cop.Handler(next)
}

func urlQueryEscape(s string) string { return url.QueryEscape(s) }

// safeNext keeps a post-login redirect on this site.
func safeNext(next string) string {
	u, err := url.Parse(next)
	if err != nil || next == "" || u.IsAbs() || u.Host != "" || len(next) < 1 || next[0] != '/' || (len(next) > 1 && (next[1] == '/' || next[1] == '\\')) {
		return "/"
	}
	return next
}
