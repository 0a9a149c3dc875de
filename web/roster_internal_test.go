package web

import (
	"context"
	"strings"
	"testing"

	"arena.dev/store"
)

// The one-time passwords' CSV guards cells as the other CSVs do: a display
// name or group starting like a formula is not one in a spreadsheet.
func TestRosterCredentialsCSVHasNoFormulas(t *testing.T) {
	got := string(rosterCredentialsCSV([]store.RosterStudent{{Name: "ann", DisplayName: "=HYPERLINK(1)", Group: "+g"}},
		map[string]string{"ann": "pw"}))
	if !strings.Contains(got, `"ann","'=HYPERLINK(1)","'+g","pw"`) {
		t.Errorf("CSV:\n%s", got)
	}
}

// The separator is found whatever the spreadsheet's locale wrote, commas
// in names included.
func TestRosterSeparator(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       rune
	}{
		{"comma with a header", "user,display name,group\njoan,Joan Garcia,A1\n", ','},
		{"semicolon with a header", "user;display name;group\njoan;Joan Garcia;A1\n", ';'},
		{"semicolon, commas in names", "jgarcia;García López, Joan;A1\nmroca;Roca, Marta;A2\n", ';'},
		{"semicolon, two fields, commas in names", "jgarcia;García López, Joan\nmroca;Roca, Marta\n", ';'},
		{"semicolon, a comma in the first line only", "jgarcia;García, Joan;A1\nmroca;Marta Roca;A2\n", ';'},
		{"comma, a semicolon in a name", "jdoe,Doe; John,G1\namy,Amy Lee,G2\n", ','},
		{"comma, a quoted comma", "jdoe,\"Doe, John\",G1\namy,Amy Lee,G2\n", ','},
		{"tab, commas and semicolons in names", "jdoe\tDoe, John\tG1;x\namy\tAmy Lee\tG2\n", '\t'},
		{"comma, no group", "joan,Joan Garcia\nmarta,Marta Roca\n", ','},
	} {
		if got := rosterSeparator(c.text); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		lines, errs := parseRoster(context.Background(), c.text)
		if len(errs) > 0 || len(lines) < 1 || strings.Contains(lines[0].Name, ",") || strings.Contains(lines[0].Name, ";") {
			t.Errorf("%s: parsed %+v, errors %v", c.name, lines, errs)
		}
	}
}
