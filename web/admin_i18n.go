package web

import (
	"context"

	"arena.dev/i18n"
)

// adminTitle is an admin page's title: the page's own (message id) and
// the area's, "Users · Admin".
func adminTitle(ctx context.Context, id string, data ...map[string]any) string {
	return i18n.T(ctx, "admin.title_suffix", map[string]any{"Page": i18n.T(ctx, id, data...)})
}
