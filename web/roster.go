package web

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"arena.dev/store"
)

// A class roster as a teacher exports it from a spreadsheet: one student a
// line, "user name, display name[, group]", with or without a header line,
// separated by commas (or semicolons, or tabs, as spreadsheets in many
// locales write them).

// maxRosterStudents bounds one import; a class is far smaller.
const maxRosterStudents = 2000

// rosterLine is one student of a roster and the line it is on.
type rosterLine struct {
	Line                     int
	Name, DisplayName, Group string
}

// parseRoster reads a roster. Bad lines are refused all at once, each
// named by its line number, so the teacher fixes them in one go.
func parseRoster(text string) ([]rosterLine, []string) {
	text = strings.TrimPrefix(text, "\ufeff") // a spreadsheet's byte order mark
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = rosterSeparator(text)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var (
		out  []rosterLine
		errs []string
		seen = map[string]int{} // lower-case user name → its line
	)
	for first := true; ; first = false {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			errs = append(errs, fmt.Sprintf("line %d: %v", line, unwrapCSV(err)))
			break // the reader cannot go on after a broken quote
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		if len(rec) == 1 && rec[0] == "" {
			continue // a blank line
		}
		if first && rosterHeader(rec) {
			continue
		}
		if len(out)+len(errs) >= maxRosterStudents {
			errs = append(errs, fmt.Sprintf("line %d: more than %d students in one import; split the file", line, maxRosterStudents))
			break
		}
		if msg := checkRosterLine(rec); msg != "" {
			errs = append(errs, fmt.Sprintf("line %d: %s", line, msg))
			continue
		}
		l := rosterLine{Line: line, Name: rec[0], DisplayName: rec[1]}
		if len(rec) == 3 {
			l.Group = rec[2]
		}
		if prev, dup := seen[strings.ToLower(l.Name)]; dup {
			errs = append(errs, fmt.Sprintf("line %d: the user name %q is already on line %d", line, l.Name, prev))
			continue
		}
		seen[strings.ToLower(l.Name)] = line
		out = append(out, l)
	}
	if len(out) == 0 && len(errs) == 0 {
		errs = append(errs, "no student: write one a line, as user name, display name and (optionally) group")
	}
	return out, errs
}

// checkRosterLine says what is wrong with a roster line's fields, or "".
func checkRosterLine(rec []string) string {
	switch {
	case len(rec) < 2:
		return "a line needs a user name and a display name (then, optionally, a group)"
	case len(rec) > 3:
		return fmt.Sprintf("%d fields; a line has a user name, a display name and, optionally, a group", len(rec))
	case !validName.MatchString(rec[0]):
		return fmt.Sprintf("%q is not a user name: 2 to 32 letters, digits, dots, dashes or underscores", rec[0])
	case rec[1] == "" || utf8.RuneCountInString(rec[1]) > 64:
		return "a display name has 1 to 64 characters"
	case len(rec) == 3 && utf8.RuneCountInString(rec[2]) > 64:
		return "a group has at most 64 characters"
	}
	for i, what := range []string{"user name", "display name", "group"}[:len(rec)] {
		if p := textProblem(rec[i], false); p != "" {
			return fmt.Sprintf("the %s contains %s", what, p)
		}
	}
	return ""
}

// rosterSeparator is the roster's field separator: of tab, semicolon and
// comma, the one that splits the lines into the most fields in a roster's
// shape (2 or 3 a line). A name holds a comma ("Garcia, Joan") far more
// often than a semicolon, so a semicolon file whose names have commas
// still splits into more fields by semicolons; on a tie (two fields, one
// of each) the semicolon wins for that reason, and a tab, which no name
// holds, before both.
func rosterSeparator(text string) rune {
	best, bestScore := ',', -1
	for _, sep := range []rune{'\t', ';', ','} {
		r := csv.NewReader(strings.NewReader(text))
		r.Comma, r.FieldsPerRecord, r.LazyQuotes = sep, -1, true
		score := 0
		for range 200 { // enough lines to tell
			rec, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err == nil && (len(rec) == 2 || len(rec) == 3) {
				score += len(rec)
			}
		}
		if score > bestScore {
			best, bestScore = sep, score
		}
	}
	return best
}

// rosterHeader reports whether a first line is a header: it names its
// columns instead of a student, in English, Catalan or Spanish (the
// locales whose spreadsheets write semicolons here).
func rosterHeader(rec []string) bool {
	norm := func(s string) string {
		return strings.NewReplacer(" ", "", "_", "", "-", "", "'", "", ".", "").Replace(strings.ToLower(s))
	}
	switch norm(rec[0]) {
	case "user", "username", "login", "userid", "usuari", "nomdusuari", "usuario", "nombredeusuario":
		return true
	}
	if len(rec) < 2 {
		return false
	}
	switch norm(rec[1]) {
	case "displayname", "fullname", "name", "nom", "nomcomplet", "nombre", "nombrecompleto":
		return true
	}
	return false
}

func unwrapCSV(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// rosterCredentialsCSV is the file the admin downloads once: each new
// student's user name, display name, group and one-time password.
func rosterCredentialsCSV(students []store.RosterStudent, passwords map[string]string) []byte {
	var b bytes.Buffer
	w := newCSVFile(&b)
	w.Row("user", "display name", "group", "one-time password")
	for _, s := range students {
		if pw, ok := passwords[s.Name]; ok {
			w.Row(s.Name, s.DisplayName, s.Group, pw)
		}
	}
	w.Flush()
	return b.Bytes()
}
