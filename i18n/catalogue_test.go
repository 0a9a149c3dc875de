package i18n_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"arena.dev/i18n"
)

// shape is what must agree between languages for one message.
type shape struct {
	plural       bool   // has plural forms (one/other)
	placeholders string // its {{.Name}} fields, sorted
}

// Every catalogue file exists in every language with the same keys, each
// message plural in all or none, with the same placeholders; no id is
// defined twice in one language and no message is empty.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	if err := i18n.LoadError(); err != nil {
		t.Fatalf("catalogues do not load: %v", err)
	}
	files := map[string]bool{}
	for _, lang := range i18n.Supported {
		names, err := i18n.Files(lang)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		for _, n := range names {
			files[n] = true
		}
	}
	if !files["site.toml"] {
		t.Fatal("no site.toml catalogue")
	}
	defined := map[string]map[string]string{} // lang → id → file
	for file := range files {
		shapes := map[string]map[string]shape{} // lang → id → shape
		for _, lang := range i18n.Supported {
			msgs, err := i18n.Messages(lang, file)
			if err != nil {
				t.Errorf("%s/%s: %v", lang, file, err)
				continue
			}
			if defined[lang] == nil {
				defined[lang] = map[string]string{}
			}
			shapes[lang] = map[string]shape{}
			for id, m := range msgs {
				if f, dup := defined[lang][id]; dup {
					t.Errorf("%s: %q is in both %s and %s", lang, id, f, file)
				}
				defined[lang][id] = file
				plural := m.One != "" || m.Many != "" || m.Few != "" || m.Two != "" || m.Zero != ""
				if strings.TrimSpace(m.Other) == "" || plural && m.One == "" {
					t.Errorf("%s/%s: %q lacks its text (other, and one when plural)", lang, file, id)
				}
				shapes[lang][id] = shape{plural, placeholders(m.Zero, m.One, m.Two, m.Few, m.Many, m.Other)}
			}
		}
		for _, a := range i18n.Supported {
			for _, b := range i18n.Supported {
				if a == b || shapes[a] == nil || shapes[b] == nil {
					continue
				}
				for id, sa := range shapes[a] {
					sb, ok := shapes[b][id]
					switch {
					case !ok:
						t.Errorf("%s/%s has %q, %s/%s lacks it", a, file, id, b, file)
					case sa.plural != sb.plural:
						t.Errorf("%q: plural in %s is %v, in %s %v", id, a, sa.plural, b, sb.plural)
					case sa.placeholders != sb.placeholders:
						t.Errorf("%q: placeholders {%s} in %s, {%s} in %s", id, sa.placeholders, a, sb.placeholders, b)
					}
				}
			}
		}
	}
}

var placeholderRE = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders lists the distinct {{.Name}} fields of a message's forms.
func placeholders(forms ...string) string {
	set := map[string]bool{}
	for _, f := range forms {
		for _, m := range placeholderRE.FindAllStringSubmatch(f, -1) {
			set[m[1]] = true
		}
	}
	var names []string
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}
