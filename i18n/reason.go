package i18n

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Engines write why they ignored a command, and the host why it froze a
// bot, in English; replays, the database and the API keep that English.
// reasons.toml holds one message per kind of reason whose English is the
// engine's text with placeholders where it puts values, so that a page
// (Reason) or the viewer (ReasonPatterns) recognises a reason and says it
// in the reader's language. A text that follows no message stays as written.

// ReasonFile is the catalogue of the engines' reasons.
const ReasonFile = "reasons.toml"

// nestedField is the placeholder that holds a reason itself ("jump to (3,
// 4): {{.Why}}"), translated in turn.
const nestedField = "Why"

// A ReasonPattern recognises one kind of reason: Re matches its English
// (anchored; one group per placeholder, named in Names, in order) and Text
// says it in a language with the same {{.Name}} placeholders.
type ReasonPattern struct {
	ID    string   `json:"-"`
	Re    string   `json:"re"`
	Names []string `json:"names"`
	Text  string   `json:"text"`
}

type reasonRule struct {
	id    string
	re    *regexp.Regexp
	names []string
}

var (
	reasonOnce  sync.Once
	reasonRules []reasonRule
	// patternCache holds ReasonPatterns by language.
	patternCache sync.Map
)

// rules compiles the English reasons once, in the order they are tried:
// those that wrap a reason ("crashed: {{.Why}}") first, so that the
// reason inside is translated in turn, then the most specific (the most
// words of their own) first, so that "panic or fatal error (exit code 2),
// see the log" wins over "{{.Msg}}, see the log".
func rules() []reasonRule {
	reasonOnce.Do(func() {
		msgs, err := Messages(Default, ReasonFile)
		if err != nil {
			return
		}
		type scored struct {
			reasonRule
			wraps   bool
			literal int
		}
		var all []scored
		for id, m := range msgs {
			re, names, literal := reasonRegexp(m.Other)
			all = append(all, scored{reasonRule{id, regexp.MustCompile(re), names}, slices.Contains(names, nestedField), literal})
		}
		sort.Slice(all, func(i, j int) bool {
			if all[i].wraps != all[j].wraps {
				return all[i].wraps
			}
			if all[i].literal != all[j].literal {
				return all[i].literal > all[j].literal
			}
			return all[i].id < all[j].id
		})
		for _, s := range all {
			reasonRules = append(reasonRules, s.reasonRule)
		}
	})
	return reasonRules
}

// reasonRegexp turns an English template into an anchored expression with
// a lazy group per placeholder, its placeholders' names and how many
// characters of its own it has. The expression reads the same in Go and
// in JavaScript.
func reasonRegexp(template string) (re string, names []string, literal int) {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, m := range placeholderRE.FindAllStringSubmatchIndex(template, -1) {
		text := template[last:m[0]]
		b.WriteString(regexp.QuoteMeta(text))
		literal += len(text)
		b.WriteString("(.+?)")
		names = append(names, template[m[2]:m[3]])
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(template[last:]))
	literal += len(template) - last
	b.WriteString("$")
	return b.String(), names, literal
}

var placeholderRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// ReasonID is the id of the catalogue's message whose English text
// follows, and the values of its placeholders; "" when none matches.
func ReasonID(text string) (id string, values map[string]string) {
	for _, r := range rules() {
		m := r.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		values = map[string]string{}
		for i, name := range r.names {
			values[name] = m[i+1]
		}
		return r.id, values
	}
	return "", nil
}

// Reason says an engine's English reason in ctx's language; a text no
// message of reasons.toml follows comes back unchanged, and so does any
// text in English.
func Reason(ctx context.Context, text string) string {
	if Lang(ctx) == Default {
		return text
	}
	id, values := ReasonID(text)
	if id == "" {
		return text
	}
	data := map[string]any{}
	for name, v := range values {
		if name == nestedField {
			v = Reason(ctx, v)
		}
		data[name] = v
	}
	return T(ctx, id, data)
}

// ReasonPatterns are the catalogue's reasons for the viewer in lang, in
// the order Reason tries them: a reason matches the first pattern whose
// Re matches it, and reads as its Text with the groups in its Names'
// places ({{.Why}} translated again).
// English needs none: its reasons are already written.
func ReasonPatterns(lang string) []ReasonPattern {
	lang = Normalize(lang)
	if lang == Default {
		return nil
	}
	if p, ok := patternCache.Load(lang); ok {
		return p.([]ReasonPattern)
	}
	msgs, _ := Messages(lang, ReasonFile)
	var out []ReasonPattern
	for _, r := range rules() {
		text := ""
		if m := msgs[r.id]; m != nil {
			text = m.Other
		}
		if text == "" {
			continue // the English stays
		}
		out = append(out, ReasonPattern{ID: r.id, Re: r.re.String(), Names: r.names, Text: text})
	}
	patternCache.Store(lang, out)
	return out
}
