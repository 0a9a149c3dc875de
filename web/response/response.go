// Package response writes HTTP responses: a rendered page, or JSON. A
// handler answers with exactly one of them, then returns.
package response

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/a-h/templ"
)

// HTML writes a component with a status. It renders into a buffer first:
// on a failure half-way nothing is written, and the caller answers with
// an error page instead of half a page.
func HTML(ctx context.Context, w http.ResponseWriter, status int, c templ.Component) error {
	var buf bytes.Buffer
	if err := c.Render(ctx, &buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	buf.WriteTo(w)
	return nil
}

// JSON writes v as the JSON body of a response with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// APIError is the one shape of every API error: {"error": msg}.
func APIError(w http.ResponseWriter, status int, msg string) {
	JSON(w, status, map[string]string{"error": msg})
}

// Created answers 201 with what was made, its API URL in Location.
func Created(w http.ResponseWriter, location string, v any) {
	w.Header().Set("Location", location)
	JSON(w, http.StatusCreated, v)
}
