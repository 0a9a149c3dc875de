// Package rules holds each game's rules as written for the platform, in our
// own words (the original statements are the specification; these are the
// players' introduction). They are trusted HTML fragments, written by hand
// and embedded: no user ever supplies them.
package rules

import "embed"

//go:embed *.html
var files embed.FS

// HTML returns the rules of a game as an HTML fragment, or false when none
// are written yet.
func HTML(gameID string) (string, bool) {
	b, err := files.ReadFile(gameID + ".html")
	if err != nil {
		return "", false
	}
	return string(b), true
}
