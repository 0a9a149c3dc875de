package web

import (
	"context"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// adminDashboardView is the admin's dashboard from the site's counts (one
// query, store.AdminOverview): people, bots, matches, versions by status
// and jobs by state, each linking to its list where there is one, then
// the admin's usual errands.
func adminDashboardView(ctx context.Context, o *store.Overview) ([]templates.AdminCountGroup, []templates.AdminLink) {
	t := func(id string) string { return i18n.T(ctx, "admin.dashboard."+id) }
	people := templates.AdminCountGroup{Title: t("users"), Href: "/admin/users", Counts: []templates.AdminCount{
		{Label: t("accounts"), N: o.Users, Href: "/admin/users"},
		{Label: t("admins"), N: o.Admins},
		{Label: t("disabled"), N: o.DisabledUsers},
	}}
	bots := templates.AdminCountGroup{Title: t("bots"), Href: "/admin/bots", Counts: []templates.AdminCount{
		{Label: t("bots"), N: o.Bots, Href: "/admin/bots"},
		{Label: t("disabled"), N: o.DisabledBots},
	}}
	versions := templates.AdminCountGroup{Title: t("versions")}
	for _, st := range []string{domain.StatusQueued, domain.StatusCompiling, domain.StatusCompileError, domain.StatusQualifying,
		domain.StatusRejected, domain.StatusAccepted, domain.StatusSuperseded} {
		versions.Counts = append(versions.Counts, templates.AdminCount{Label: i18n.T(ctx, "admin.status."+st), N: o.Versions[st], Class: st})
	}
	matches := templates.AdminCountGroup{Title: t("matches"), Counts: []templates.AdminCount{
		{Label: t("queued"), N: o.MatchesQueued},
		{Label: t("running"), N: o.MatchesRunning},
		{Label: t("finished_today"), N: o.MatchesFinishedToday},
		{Label: t("failed_today"), N: o.MatchesFailedToday},
	}}
	jobs := templates.AdminCountGroup{Title: t("jobs"), Href: "/admin/jobs"}
	for _, st := range adminJobStates {
		jobs.Counts = append(jobs.Counts, templates.AdminCount{Label: i18n.T(ctx, "admin.jobs.state."+st), N: o.Jobs[st], Href: "/admin/jobs?state=" + st})
	}
	links := []templates.AdminLink{
		{Label: t("failing_jobs"), Href: "/admin/jobs?state=retryable", Note: i18n.T(ctx, "admin.dashboard.to_retry", map[string]any{"Count": o.Jobs["retryable"]})},
		{Label: t("discarded_jobs"), Href: "/admin/jobs?state=discarded", Note: i18n.T(ctx, "admin.dashboard.gave_up", map[string]any{"Count": o.Jobs["discarded"]})},
		{Label: t("upload_board"), Href: "/admin/games"},
		{Label: t("game_defaults"), Href: "/admin/games"},
		{Label: t("invite_code"), Href: "/admin/settings", Note: t("who_signs_up")},
		{Label: t("schedule_tournament"), Href: "/admin/tournaments/new"},
	}
	return []templates.AdminCountGroup{people, bots, matches, versions, jobs}, links
}
