package web

import (
	"net/http"

	"github.com/a-h/templ"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/templates"
	"arena.dev/web/response"
)

// Writing responses. A handler reads its request (request.go and package
// request), does its work, then answers with exactly one of these: a page
// (render), a page for an error (fail, notFound, forbidden, serverError),
// or JSON on the API (package response's JSON, Created and APIError;
// apiFail, apiServerError). None of them returns anything: after one, the
// handler returns. These are the ones that need the server (its logger,
// the page frame) or the error mapping (errors.go).

// render writes a component with a status; it renders into a buffer first
// so a failure half-way gives a clean error page, not half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	if err := response.HTML(r.Context(), w, status, c); err != nil {
		s.serverError(w, r, err)
	}
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusNotFound, templates.ErrorPage(s.page(r, i18n.T(r.Context(), "site.error.not_found_title"), ""), 404,
		i18n.T(r.Context(), "site.error.not_found")))
}

func (s *Server) forbidden(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusForbidden, templates.ErrorPage(s.page(r, i18n.T(r.Context(), "site.error.forbidden_title"), ""), 403,
		i18n.T(r.Context(), "site.error.forbidden")))
}

// serverError logs the cause with context and shows the user a generic message.
func (s *Server) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger().Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	http.Error(w, i18n.T(r.Context(), "site.error.server"), http.StatusInternalServerError)
}

// fail answers a page request whose work failed with err. A client that
// went away (a live page closed mid-request) gets no answer and no log.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return
	}
	switch status := errorStatus(err); status {
	case http.StatusNotFound:
		s.notFound(w, r)
	case http.StatusInternalServerError:
		s.serverError(w, r, err)
	default:
		setRetryAfter(w, err)
		msg := capitalize(userMessage(r.Context(), err)) + "."
		s.render(w, r, status, templates.ErrorPage(s.page(r, "Refused", ""), status, msg))
	}
}

func (s *Server) apiServerError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger().Error("api request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	response.APIError(w, http.StatusInternalServerError, localMessage(r.Context(), errInternal))
}

// errInternal is what the API says of a failure of its own (logged).
var errInternal = domain.NewError(domain.Internal, "errors.api.internal", "internal error; it has been logged", nil)

// apiFail answers an API request whose work failed with err, in JSON;
// notFound names what does not exist ("no such match").
func (s *Server) apiFail(w http.ResponseWriter, r *http.Request, err error, notFound *domain.Error) {
	switch status := errorStatus(err); status {
	case http.StatusNotFound:
		msg := ""
		if notFound != nil {
			msg = localMessage(r.Context(), notFound)
		}
		response.APIError(w, status, msg)
	case http.StatusInternalServerError:
		s.apiServerError(w, r, err)
	default:
		setRetryAfter(w, err)
		response.APIError(w, status, userMessage(r.Context(), err))
	}
}
