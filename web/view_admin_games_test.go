package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/ladder"
	"arena.dev/store"
	"arena.dev/templates"
)

// The admin's games page is made from loaded rows without a database.

// gameWithOriginals is a registered game whose ladder plays on original
// boards by default, and one of its originals.
func gameWithOriginals(t *testing.T) (games.Info, string) {
	t.Helper()
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		if names := g.Info().OriginalNames(true); len(names) > 0 {
			return g.Info(), names[0]
		}
	}
	t.Fatal("no registered game has original ladder boards")
	return games.Info{}, ""
}

func adminGameByID(t *testing.T, d templates.AdminGamesData, id string) templates.AdminGame {
	t.Helper()
	for _, g := range d.Games {
		if g.ID == id {
			return g
		}
	}
	t.Fatalf("game %s not on the page", id)
	return templates.AdminGame{}
}

// Nothing recorded yet: every registered game is listed, enabled, with
// challenges on, the default pace, no boards, and plays on generated
// boards (its originals are not uploaded).
func TestAdminGamesViewNothingRecorded(t *testing.T) {
	ctx := context.Background()
	d := adminGamesView(ctx, adminGamesLoad{Now: time.Now()}, nil)
	if len(d.Games) != len(games.IDs()) || len(d.Games) == 0 {
		t.Fatalf("%d games on the page, %d registered", len(d.Games), len(games.IDs()))
	}
	for _, g := range d.Games {
		if !g.Enabled || !g.Challenges || len(g.Boards) != 0 || g.Deadline.Value != "" || g.SettingsError != "" {
			t.Errorf("%s: %+v", g.ID, g)
		}
		if g.Pace.Mode != string(ladder.ModeIdle) || g.Pace.Versions != 0 || g.Pace.LastPlanned != "" {
			t.Errorf("%s pace: %+v", g.ID, g.Pace)
		}
		if len(g.Choices) != 2 || g.Choices[0].Use != "ladder" || g.Choices[1].Use != "qualification" {
			t.Fatalf("%s choices: %+v", g.ID, g.Choices)
		}
		for _, c := range g.Choices {
			if !strings.Contains(c.Now, "generated from each match's seed") {
				t.Errorf("%s %s plays on %q, want generated boards", g.ID, c.Use, c.Now)
			}
			if c.Default == "" && c.Mode != templates.BoardsGenerated || c.Default != "" && c.Mode != templates.BoardsDefault {
				t.Errorf("%s %s: mode %s with default %q", g.ID, c.Use, c.Mode, c.Default)
			}
		}
	}
}

// A recorded game: its settings, switches and deadline as stored; its
// own boards only, listed with who uploaded them; an uploaded original
// named and played by default.
func TestAdminGameViewRecorded(t *testing.T) {
	ctx := context.Background()
	info, original := gameWithOriginals(t)
	o, _ := info.OriginalNamed(original)
	now := time.Date(2026, 11, 29, 12, 30, 0, 0, time.UTC)
	deadline := now.Add(-time.Hour)
	l := adminGamesLoad{Now: now,
		Rows: map[string]store.GameRow{info.ID: {ID: info.ID, Title: info.Title, Enabled: false,
			Settings: map[string]int{adminQualificationKey: 7}, SubmissionDeadline: &deadline, LadderGenerated: true, QualificationGenerated: true}},
		Boards: []domain.Board{
			{ID: 3, GameID: info.ID, Name: "mine", Size: 2048, Settings: map[string]int{"rows": 9}, UploadedBy: "root", CreatedAt: now},
			{ID: 2, GameID: info.ID, Name: "the original", Size: 100, Original: original, CreatedAt: now},
			{ID: 1, GameID: "othergame", Name: "not this game's", CreatedAt: now},
		},
		Challenges: map[string]bool{info.ID: false},
	}
	g := adminGameView(ctx, info, l, nil)
	if g.Enabled || g.Challenges || g.Qualification != "7" {
		t.Errorf("switches and settings: enabled %v challenges %v qualification %q", g.Enabled, g.Challenges, g.Qualification)
	}
	if !g.Deadline.Passed || g.Deadline.Value != "2026-11-29T11:30" {
		t.Errorf("deadline: %+v", g.Deadline)
	}
	if len(g.Boards) != 2 || g.Boards[0].Name != "mine" || g.Boards[1].Name != "the original" {
		t.Fatalf("boards: %+v", g.Boards)
	}
	if b := g.Boards[0]; b.UploadedBy != "root" || b.Size != "2.0 KiB" || b.Settings != "rows=9" || b.Original != "" {
		t.Errorf("uploaded board: %+v", b)
	}
	if b := g.Boards[1]; b.UploadedBy != "unknown" || b.Size != "100 B" || b.Original != o.Title() || b.Settings != "generated / defaults" {
		t.Errorf("original board: %+v", b)
	}
	ladderChoice := g.Choices[0]
	if ladderChoice.Mode != templates.BoardsDefault || !strings.Contains(ladderChoice.Now, `"the original"`) ||
		!strings.Contains(ladderChoice.Now, "(the game's default)") {
		t.Errorf("ladder choice: %+v", ladderChoice)
	}
	// A deadline still to come has not passed.
	l.Now = deadline.Add(-time.Minute)
	if d := adminGameView(ctx, info, l, nil).Deadline; d.Passed {
		t.Errorf("deadline in a minute: %+v", d)
	}
}

// A refused form shows the admin's input and reasons on its game only.
func TestAdminGamesViewRefusedForm(t *testing.T) {
	ctx := context.Background()
	ids := games.IDs()
	if len(ids) < 2 {
		t.Skip("one game registered")
	}
	refused, other := ids[0], ids[1]
	l := adminGamesLoad{Now: time.Now(), Rows: map[string]store.GameRow{
		refused: {ID: refused, Enabled: true, Settings: map[string]int{adminQualificationKey: 3}},
		other:   {ID: other, Enabled: true, Settings: map[string]int{adminQualificationKey: 4}},
	}}
	f := &adminGamesForm{gameID: refused, values: map[string]string{adminQualificationKey: "99"}, settingsError: "out of range",
		boardName: "typed", boardError: "bad board", choiceUse: domain.ForQualification, choiceMode: templates.BoardsUploaded,
		choiceError: "tick one", deadline: "tomorrow", deadlineError: "not a date",
		pace: &adminPaceForm{trickle: "x", hourlyCap: "5", paused: true, errors: map[string]string{"trickle": "not a number"}}}
	d := adminGamesView(ctx, l, f)
	g := adminGameByID(t, d, refused)
	if g.Qualification != "99" || g.SettingsError != "out of range" || g.BoardName != "typed" || g.BoardError != "bad board" {
		t.Errorf("refused game: %+v", g)
	}
	if g.Deadline.Value != "tomorrow" || g.Deadline.Error != "not a date" {
		t.Errorf("refused deadline: %+v", g.Deadline)
	}
	if g.Pace.Trickle != "x" || g.Pace.HourlyCap != "5" || !g.Pace.Paused || g.Pace.Errors["trickle"] == "" {
		t.Errorf("refused pace: %+v", g.Pace)
	}
	if c := g.Choices[1]; c.Mode != templates.BoardsUploaded || c.Error != "tick one" {
		t.Errorf("refused qualification choice: %+v", c)
	}
	if c := g.Choices[0]; c.Error != "" {
		t.Errorf("the ladder's choice was not refused: %+v", c)
	}
	o := adminGameByID(t, d, other)
	if o.Qualification != "4" || o.SettingsError != "" || o.BoardError != "" || o.Deadline.Error != "" || o.Pace.Errors != nil || o.Choices[1].Error != "" {
		t.Errorf("the other game shows the refused form: %+v", o)
	}
}

// The pace counts the versions on the ladder without house bots, and the
// unsettled ones among them; the hour's matches count in their hour only.
func TestAdminPaceView(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 12, 30, 0, 0, time.UTC)
	cands := []domain.Candidate{
		{BotID: 1, Sigma: 8, Games: 3},                   // unsettled
		{BotID: 2, Sigma: ladder.SettledSigma, Games: 3}, // settled by σ
		{BotID: 3, Sigma: 8, Games: ladder.SettledGames}, // settled by games
		{BotID: 4, Sigma: 8, Games: 0, House: true},      // house: neither
	}
	row := store.LadderPace{Pace: domain.Pace{Trickle: 6, HourlyCap: 40}, HourStart: ladder.HourOf(now), HourPlanned: 12,
		LastPlanned: now.Add(-time.Minute)}
	p := adminPaceView(ctx, row, cands, nil, now)
	if p.Versions != 3 || p.Unsettled != 1 || p.Mode != string(ladder.ModeFull) || p.HourPlanned != 12 || p.LastPlanned == "" {
		t.Errorf("pace: %+v", p)
	}
	if p.Trickle != "6" || p.HourlyCap != "40" || p.Paused {
		t.Errorf("settings: %+v", p)
	}
	// An hour later the count starts again; all settled: trickle.
	p = adminPaceView(ctx, row, cands[1:], nil, now.Add(time.Hour))
	if p.HourPlanned != 0 || p.Mode != string(ladder.ModeTrickle) || p.Versions != 2 || p.Unsettled != 0 {
		t.Errorf("next hour: %+v", p)
	}
	// House bots only: idle.
	if p := adminPaceView(ctx, store.LadderPace{}, cands[3:], nil, now); p.Mode != string(ladder.ModeIdle) || p.LastPlanned != "" {
		t.Errorf("house bots only: %+v", p)
	}
}
