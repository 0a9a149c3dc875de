package web

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// A diagnostic is one compiler message about a line of the player's file,
// as the editor marks it (static/editor: data-editor-diagnostics).
type diagnostic struct {
	Line     int    `json:"line"`          // from 1
	Col      int    `json:"col,omitempty"` // from 1; 0: the whole line
	Severity string `json:"severity"`      // error, warning, info
	Message  string `json:"message"`
}

// maxDiagnostics bounds the marks put in the editor (a compiler stops at
// about ten errors anyway).
const maxDiagnostics = 100

// compileDiagnostics reads a compile log's messages about the player's
// file as the sandbox names it (bot.go:LINE:COL: msg from Go,
// bot.cc:LINE:COL: error: msg from clang) and returns them as the JSON
// the editor takes, or "" when there are none.
func compileDiagnostics(log, file string) string {
	position := filePattern(`^(?:.*[\s/])?` + regexp.QuoteMeta(file) + `:(\d+)(?::(\d+))?: *(.*)$`)
	var out []diagnostic
	for line := range strings.SplitSeq(log, "\n") {
		if len(out) == maxDiagnostics {
			break
		}
		m := position.FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil {
			continue
		}
		d := diagnostic{Severity: "error", Message: strings.TrimSpace(m[3])}
		d.Line, _ = strconv.Atoi(m[1])
		d.Col, _ = strconv.Atoi(m[2])
		for _, p := range severityPrefixes {
			if rest, ok := strings.CutPrefix(d.Message, p.prefix); ok {
				d.Severity, d.Message = p.severity, rest
				break
			}
		}
		if d.Line > 0 && d.Message != "" {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return ""
	}
	b, _ := json.Marshal(out) // plain structs always marshal
	return string(b)
}

// severityPrefixes are the compilers' words before a message (clang's).
var severityPrefixes = []struct{ prefix, severity string }{
	{"error: ", "error"}, {"fatal error: ", "error"}, {"warning: ", "warning"}, {"note: ", "info"},
}

// filePatterns holds the patterns of positions in a compile log, compiled
// once each: the version page reads its log on every live fetch, and the
// player's files are few (one a language).
var filePatterns sync.Map // expression → *regexp.Regexp

// filePattern is the compiled expr, from filePatterns.
func filePattern(expr string) *regexp.Regexp {
	if re, ok := filePatterns.Load(expr); ok {
		return re.(*regexp.Regexp)
	}
	re, _ := filePatterns.LoadOrStore(expr, regexp.MustCompile(expr))
	return re.(*regexp.Regexp)
}
