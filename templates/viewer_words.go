package templates

import (
	"context"

	"github.com/a-h/templ"

	"arena.dev/i18n"
	"arena.dev/static"
)

// viewerWords is the JSON block that gives a page's <arena-replay>
// viewers their words in ctx's language (static.ViewerWords): a data
// block, which the site's CSP allows. Once per page that embeds a viewer.
func viewerWords(ctx context.Context) templ.Component {
	return templ.JSONScript(static.ViewerWordsID, static.ViewerWords(i18n.Lang(ctx)))
}
