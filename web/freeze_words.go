package web

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
)

// freezeWords is games.FreezeWords in ctx's language: the kind and when
// are translated (site.freeze.*), and so are the reason's details, which
// the replay records in the engine's English, when reasons.toml knows
// them (i18n.Reason); other details stay as written.
func freezeWords(ctx context.Context, kind string, round int, reason string) string {
	what := i18n.T(ctx, "site.freeze.frozen")
	if slices.Contains(games.FreezeKinds(), kind) {
		what = i18n.T(ctx, "site.freeze."+kind)
	}
	switch {
	case kind == games.FreezeStart:
	case round < 0:
		what = i18n.T(ctx, "site.freeze.at_setup", map[string]any{"What": what})
	default:
		what = i18n.T(ctx, "site.freeze.in_round", map[string]any{"What": what, "Round": strconv.Itoa(round)})
	}
	if reason = strings.Join(strings.Fields(reason), " "); reason != "" {
		what += ": " + i18n.Reason(ctx, reason)
	}
	return what
}

// frozenWords says when and why a seat was frozen in ctx's language; ""
// when it was not. GET /api/matches/{id} says it in English (apiWords).
func frozenWords(ctx context.Context, st store.SeatResult) string {
	if st.FrozenRound == nil {
		return ""
	}
	reason := ""
	if st.FrozenReason != nil {
		reason = *st.FrozenReason
	}
	return freezeWords(ctx, st.FrozenKind, *st.FrozenRound, reason)
}
