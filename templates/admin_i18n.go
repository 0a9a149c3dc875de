package templates

import (
	"context"

	"arena.dev/i18n"
)

// The admin pages' helpers for their words (i18n/locales/*/admin.toml).

// adminLabel is the message prefix+value (a status, a state, a kind), or
// value itself when the catalogues have no words for it.
func adminLabel(ctx context.Context, prefix, value string) string {
	if value == "" {
		return ""
	}
	if s := i18n.T(ctx, prefix+value); s != prefix+value {
		return s
	}
	return value
}

// adminStatus is a version's status in words.
func adminStatus(ctx context.Context, status string) string {
	return adminLabel(ctx, "admin.status.", status)
}

// adminTournamentStatus is a tournament's status in words.
func adminTournamentStatus(ctx context.Context, status string) string {
	return adminLabel(ctx, "admin.tournament_status.", status)
}

// adminJobState is a River job state in words.
func adminJobState(ctx context.Context, state string) string {
	return adminLabel(ctx, "admin.jobs.state.", state)
}
