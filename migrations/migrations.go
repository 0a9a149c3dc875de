// Package migrations holds the application's SQL migrations, embedded in the
// binary and applied by package store (goose), before River's own.
package migrations

import "embed"

//go:embed *.sql
var FS embed.FS
