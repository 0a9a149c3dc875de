package web

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"arena.dev/i18n"
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
func parseRoster(ctx context.Context, text string) ([]rosterLine, []string) {
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
			errs = append(errs, i18n.T(ctx, "admin.roster.line", map[string]any{"Line": line, "Problem": unwrapCSV(err).Error()}))
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
			errs = append(errs, i18n.T(ctx, "admin.roster.line", map[string]any{"Line": line,
				"Problem": i18n.T(ctx, "admin.roster.too_many", map[string]any{"Max": maxRosterStudents})}))
			break
		}
		if msg := checkRosterLine(ctx, rec); msg != "" {
			errs = append(errs, i18n.T(ctx, "admin.roster.line", map[string]any{"Line": line, "Problem": msg}))
			continue
		}
		l := rosterLine{Line: line, Name: rec[0], DisplayName: rec[1]}
		if len(rec) == 3 {
			l.Group = rec[2]
		}
		if prev, dup := seen[strings.ToLower(l.Name)]; dup {
			errs = append(errs, i18n.T(ctx, "admin.roster.line", map[string]any{"Line": line,
				"Problem": i18n.T(ctx, "admin.roster.duplicate", map[string]any{"Name": l.Name, "Previous": prev})}))
			continue
		}
		seen[strings.ToLower(l.Name)] = line
		out = append(out, l)
	}
	if len(out) == 0 && len(errs) == 0 {
		errs = append(errs, i18n.T(ctx, "admin.roster.no_student"))
	}
	return out, errs
}

// checkRosterLine says what is wrong with a roster line's fields, or "".
func checkRosterLine(ctx context.Context, rec []string) string {
	switch {
	case len(rec) < 2:
		return i18n.T(ctx, "admin.roster.needs_names")
	case len(rec) > 3:
		return i18n.T(ctx, "admin.roster.too_many_fields", map[string]any{"Fields": len(rec)})
	case !validName.MatchString(rec[0]):
		return i18n.T(ctx, "admin.roster.bad_user", map[string]any{"Name": rec[0]})
	case rec[1] == "" || utf8.RuneCountInString(rec[1]) > 64:
		return i18n.T(ctx, "admin.roster.display_length")
	case len(rec) == 3 && utf8.RuneCountInString(rec[2]) > 64:
		return i18n.T(ctx, "admin.roster.group_length")
	}
	for i, what := range []string{"user", "display", "group"}[:len(rec)] {
		if p := textProblem(rec[i], false); p != "" {
			return i18n.T(ctx, "admin.roster.contains", map[string]any{"Field": i18n.T(ctx, "admin.roster.field_"+what), "What": p})
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
