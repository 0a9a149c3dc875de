package i18n

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// go-i18n reads a table holding any of these keys as one message (its id,
// description, plural forms...), not as a table of messages: a catalogue
// table may use them only as a plural message's forms, alone.
var goI18nFields = []string{"id", "description", "hash", "leftdelim", "rightdelim", "translation",
	"zero", "one", "two", "few", "many", "other"}

var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// No catalogue names a message or a table with one of go-i18n's own
// words where go-i18n would misread it (a game's viewer table with a key
// "one", say): every table using them is a plural message and nothing else.
func TestNoCatalogueKeyIsAGoI18nField(t *testing.T) {
	files, err := filepath.Glob("locales/*/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogues: %v", err)
	}
	for _, f := range files {
		var doc map[string]any
		if _, err := toml.DecodeFile(f, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, bad := range misreadTables("", doc) {
			t.Errorf("%s: table %q mixes go-i18n's words with messages: go-i18n would read it as one message", f, bad)
		}
	}
	// The check finds a bad table.
	if bad := misreadTables("", map[string]any{"viewer": map[string]any{"game": map[string]any{"one": "x", "ork": "y"}}}); !slices.Equal(bad, []string{"viewer.game"}) {
		t.Errorf("a table mixing \"one\" with a message: found %v", bad)
	}
}

// misreadTables lists the tables under prefix that use go-i18n's words
// without being a plural message (string plural forms only).
func misreadTables(prefix string, table map[string]any) []string {
	var out []string
	uses, plural := false, true
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := table[k]
		if slices.Contains(goI18nFields, strings.ToLower(k)) {
			uses = true
		}
		_, isString := v.(string)
		if !isString || !slices.Contains(pluralForms, k) {
			plural = false
		}
		if sub, ok := v.(map[string]any); ok {
			out = append(out, misreadTables(strings.TrimPrefix(prefix+"."+k, "."), sub)...)
		}
	}
	if uses && !plural && prefix != "" {
		out = append(out, prefix)
	}
	return out
}
