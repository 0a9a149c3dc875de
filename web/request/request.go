// Package request reads HTTP requests: their parameters, the client's
// address, and how often a client may act (Limiter). It never writes a
// response: the handler answers (package response).
package request

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// PositiveInt reads a positive numeric URL parameter; ok is false for
// anything else, which the pages answer with 404.
func PositiveInt(r *http.Request, name string) (int64, bool) {
	n, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	return n, err == nil && n > 0
}

// QueryInt reads an optional positive query parameter (0 when absent or
// invalid).
func QueryInt(r *http.Request, name string) int64 {
	n, err := strconv.ParseInt(r.URL.Query().Get(name), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// Page reads ?page= (from 1) with a fixed page size.
func Page(r *http.Request, size int) (page, limit, offset int) {
	page, _ = strconv.Atoi(r.URL.Query().Get("page"))
	if page < 1 || page > 100000 {
		page = 1
	}
	return page, size, (page - 1) * size
}
