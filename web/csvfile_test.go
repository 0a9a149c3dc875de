package web_test

import (
	"encoding/csv"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// hostileCells are names a student may give (a display name, a group, a
// bot's name) that a spreadsheet would run as formulas if an export let
// them through: full-width and small forms of = + - @, a tab, a carriage
// return, leading white space, and a semicolon that a spreadsheet in a
// semicolon locale splits a line at.
var hostileCells = []string{"＝HYPERLINK(\"x\")", "＋1+1", "－1+1", "＠SUM(1)", "﹦1+1", "\t=1+1", "\r=1+1", " =1+1", "a;=1+1", "=cmd|calc"}

var csvNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// guardedCSV reads an export as spreadsheets do and fails the test where
// one would find a formula: a line that splits, at a comma, a semicolon or
// a tab outside quotes, into a cell that is not quoted, or a cell that
// starts (after any white space) with a formula character and is not a
// number. It returns the records, as encoding/csv reads them.
func guardedCSV(t *testing.T, body string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v\n%s", err, body)
	}
	for _, line := range csvLines(body) {
		for _, sep := range []rune{',', ';', '\t'} {
			var bare []string
			for _, cell := range splitOutsideQuotes(line, sep) {
				if len(cell) < 2 || cell[0] != '"' || cell[len(cell)-1] != '"' {
					bare = append(bare, cell)
				}
			}
			if bare != nil {
				t.Errorf("split at %q, the line %q has cells not quoted: %q", sep, line, bare)
			}
		}
	}
	for _, rec := range recs {
		for _, cell := range rec {
			first, _ := utf8.DecodeRuneInString(strings.TrimLeftFunc(cell, unicode.IsSpace))
			if strings.ContainsRune("=+-@＝＋－＠﹦﹢﹣﹫", first) && !csvNumber.MatchString(cell) ||
				cell != "" && (cell[0] == '\t' || cell[0] == '\r') {
				t.Errorf("the cell %q would be a formula", cell)
			}
		}
	}
	return recs
}

// csvLines splits a CSV file into its lines, a quoted line break kept in
// its line.
func csvLines(s string) []string {
	var lines []string
	start, quoted := 0, false
	for i, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
		case r == '\n' && !quoted:
			lines = append(lines, s[start:i])
			start = i + 1
		}
	}
	return lines
}

// splitOutsideQuotes splits a line at sep outside quotes, as a spreadsheet
// whose separator is sep reads it.
func splitOutsideQuotes(line string, sep rune) []string {
	var cells []string
	start, quoted := 0, false
	for i, r := range line {
		switch {
		case r == '"':
			quoted = !quoted
		case r == sep && !quoted:
			cells = append(cells, line[start:i])
			start = i + utf8.RuneLen(sep)
		}
	}
	return append(cells, line[start:])
}
