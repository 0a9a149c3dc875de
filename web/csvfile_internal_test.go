package web

import (
	"encoding/csv"
	"strings"
	"testing"
)

// Every cell the exports write is quoted, and a cell a spreadsheet would
// read as a formula, in any of the forms spreadsheets take for one, is
// text.
func TestCSVFileKeepsFormulasText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Anna Puig", "Anna Puig"},
		{"", ""},
		{"=HYPERLINK(1)", "'=HYPERLINK(1)"},
		{"+g", "'+g"},
		{"-cmd", "'-cmd"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"＝1+1", "'＝1+1"},
		{"＋1", "'＋1"},
		{"－1", "'－1"},
		{"＠SUM(A1)", "'＠SUM(A1)"},
		{"﹦1+1", "'﹦1+1"},
		{"\t=1+1", "'\t=1+1"},
		{"\tG1", "'\tG1"},
		{"\r=1+1", "'\r=1+1"},
		{" =1+1", "' =1+1"},
		{"\u3000＝1+1", "'\u3000＝1+1"},
		{"\n@x", "'\n@x"},
		{"a;=1+1", "a;=1+1"},   // one quoted cell (below)
		{"a\t=1+1", "a\t=1+1"}, // the same for a tab
		{`say "=1"`, `say "=1"`},
		{"-3", "-3"}, // numbers stay numbers, sign and all
		{"-0.125", "-0.125"},
		{"25.000", "25.000"},
		{"-1-1", "'-1-1"}, // not a number: a formula
		{"2026-03-04 10:30:00", "2026-03-04 10:30:00"},
	}
	var b strings.Builder
	w := newCSVFile(&b)
	w.Row("header", "second")
	for _, c := range cases {
		w.Row(c.in, "x")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != len(cases)+1 {
		t.Fatalf("%d records, %v:\n%s", len(recs), err, out)
	}
	for i, c := range cases {
		if got := recs[i+1][0]; got != c.want {
			t.Errorf("cell %q written as %q, want %q", c.in, got, c.want)
		}
	}
	// Quoted, so a spreadsheet splitting lines at ";" or a tab keeps the
	// cell whole; the exports' tests split every line of their files.
	for _, raw := range []string{`"a;=1+1","x"`, "\"a\t=1+1\",\"x\"", `"say ""=1""","x"`, `"'＝1+1","x"`} {
		if !strings.Contains(out, raw+"\n") {
			t.Errorf("no line %q in\n%s", raw, out)
		}
	}
}
