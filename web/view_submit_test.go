package web

import (
	"context"
	"net/url"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/lang"
	"arena.dev/store"
)

// The submit form is made from loaded rows without a database.

func submitRows(t *testing.T) submitLoad {
	t.Helper()
	cpp, err := lang.Get("cpp")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	v := func(n int, language, status string, ago time.Duration) *domain.Version {
		return &domain.Version{Number: n, Language: domain.Language(language), Status: domain.VersionStatus(status),
			Source: "// " + language + " v" + string(rune('0'+n)), CompileLog: "bot.go:3:1: syntax error\n", CreatedAt: now.Add(-ago)}
	}
	return submitLoad{GameID: "orkisland", Title: "Ork Island", Now: now,
		Languages: []lang.Language{lang.Go, cpp}, Starters: map[string]string{"go": "// go starter", "cpp": "// cpp starter"},
		Bots: []store.BotSummary{
			{Bot: domain.Bot{Name: "mybot"}, Latest: v(2, "go", domain.StatusAccepted, time.Hour)},
			{Bot: domain.Bot{Name: "Broken"}, Latest: v(1, "go", domain.StatusCompileError, time.Minute)},
			{Bot: domain.Bot{Name: "nothing"}},
		}}
}

func TestSubmitFormView(t *testing.T) {
	l := submitRows(t)
	f := submitFormView(context.Background(), l)
	if f.GameTitle != "Ork Island" || f.MaxKB == 0 || f.Deadline != "" || f.Closed || f.ClosesIn != 0 || f.Admin {
		t.Errorf("head: %+v", f)
	}
	if len(f.Bots) != 3 || f.Bots[1] != "Broken" {
		t.Errorf("bots %v", f.Bots)
	}
	if len(f.Languages) != 2 || f.Languages[0].StartName != "the Go starter (main.go)" || f.Languages[1].StartName != "the C++ starter (AINull.cc)" ||
		f.Languages[1].Starter != "// cpp starter" || f.Languages[1].File != "bot.cc" {
		t.Errorf("languages %+v", f.Languages)
	}
	if f := submitFormView(i18n.WithLang(context.Background(), "ca"), l); f.Languages[0].StartName != "el bot inicial en Go (main.go)" {
		t.Errorf("in Catalan: %q", f.Languages[0].StartName)
	}
	l.Languages = l.Languages[:1]
	if f := submitFormView(context.Background(), l); f.Languages[0].StartName != "the Null template" {
		t.Errorf("one language: %q", f.Languages[0].StartName)
	}
	if f := submitFormView(i18n.WithLang(context.Background(), "es"), l); f.Languages[0].StartName != "la plantilla Null" {
		t.Errorf("one language in Spanish: %q", f.Languages[0].StartName)
	}

	// A deadline within a week is counted down; a later one is not; a
	// passed one closes the form.
	l.Deadline = ptr(l.Now.Add(90 * time.Minute))
	if f := submitFormView(context.Background(), l); f.Deadline != "2 November 2026, 11:30 UTC" || f.ClosesIn != 5401 || f.Closed {
		t.Errorf("closing soon: %q in %d", f.Deadline, f.ClosesIn)
	}
	l.Deadline = ptr(l.Now.Add(8 * 24 * time.Hour))
	if f := submitFormView(context.Background(), l); f.ClosesIn != 0 {
		t.Errorf("a deadline in 8 days counted down: %d", f.ClosesIn)
	}
	l.Deadline, l.Closed = ptr(l.Now.Add(-time.Hour)), true
	if f := submitFormView(context.Background(), l); !f.Closed || f.ClosesIn != 0 {
		t.Errorf("closed: %+v", f)
	}
}

func TestSubmitStartView(t *testing.T) {
	l := submitRows(t)
	start := func(q string) (string, string, string, string) {
		v, _ := url.ParseQuery(q)
		f := submitStartView(context.Background(), l, v)
		return f.Bot, f.From, f.Language, f.Source
	}
	type want struct{ bot, from, language, source string }
	for q, w := range map[string]want{
		"":                         {"Broken", "latest", "go", "// go v1"}, // the bot last submitted to
		"bot=mybot":                {"mybot", "latest", "go", "// go v2"},
		"bot=MYBOT":                {"mybot", "latest", "go", "// go v2"}, // its own spelling
		"bot=mybot&from=template":  {"mybot", "template", "go", "// go starter"},
		"bot=nothing&lang=cpp":     {"nothing", "template", "cpp", "// cpp starter"},
		"bot=newone&lang=pascal":   {"newone", "template", "go", "// go starter"}, // a language the game does not take
		"new=1&bot=mybot&lang=cpp": {"mybot2", "template", "cpp", "// cpp starter"},
	} {
		if bot, from, language, source := start(q); (want{bot, from, language, source}) != w {
			t.Errorf("?%s: %q %q %q %q; want %+v", q, bot, from, language, source, w)
		}
	}
	v, _ := url.ParseQuery("bot=Broken")
	if f := submitStartView(context.Background(), l, v); !f.LatestBad || f.Diagnostics == "" || !f.HasLatest || f.LatestN != 1 || f.LatestOf != "Broken" {
		t.Errorf("a version that did not compile: %+v", f)
	}
	v, _ = url.ParseQuery("bot=mybot")
	if f := submitStartView(context.Background(), l, v); f.LatestBad || f.Diagnostics != "" {
		t.Errorf("a version that compiled is marked: %+v", f)
	}
	// No bots: mybot, from the starter.
	l.Bots = nil
	if bot, from, _, source := start(""); bot != "mybot" || from != "template" || source != "// go starter" {
		t.Errorf("no bots: %q %q %q", bot, from, source)
	}
}
