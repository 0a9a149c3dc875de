package web

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/a-h/templ"

	"arena.dev/templates"
)

// Writing responses. A handler reads its request (request.go), does its
// work, then answers with exactly one of these: a page (render), a page
// for an error (fail, notFound, forbidden, serverError), or JSON on the
// API (writeJSON, apiCreated, apiFail, apiError, apiServerError). None of
// them returns anything: after one, the handler returns.

// render writes a component with a status; it renders into a buffer first
// so a failure half-way gives a clean error page, not half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	buf.WriteTo(w)
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusNotFound, templates.ErrorPage(s.page(r, "Not found", ""), 404,
		"There is nothing here. The link may be old, or the page may belong to someone else."))
}

func (s *Server) forbidden(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusForbidden, templates.ErrorPage(s.page(r, "Not allowed", ""), 403,
		"This page is for admins only."))
}

// serverError logs the cause with context and shows the user a generic message.
func (s *Server) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger().Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	http.Error(w, "Something went wrong on our side. It has been logged.", http.StatusInternalServerError)
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

// writeJSON writes v as the JSON body of a response with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// apiError is the one shape of every API error.
func apiError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func (s *Server) apiServerError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger().Error("api request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	apiError(w, http.StatusInternalServerError, "internal error; it has been logged")
}

// apiFail answers an API request whose work failed with err, in JSON;
// notFound names what does not exist ("no such match").
func (s *Server) apiFail(w http.ResponseWriter, r *http.Request, err error, notFound string) {
	switch status := errorStatus(err); status {
	case http.StatusNotFound:
		apiError(w, status, notFound)
	case http.StatusInternalServerError:
		s.apiServerError(w, r, err)
	default:
		setRetryAfter(w, err)
		apiError(w, status, userMessage(r.Context(), err))
	}
}

// apiCreated answers 201 with what was made, its API URL in Location.
func apiCreated(w http.ResponseWriter, location string, v any) {
	w.Header().Set("Location", location)
	writeJSON(w, http.StatusCreated, v)
}
