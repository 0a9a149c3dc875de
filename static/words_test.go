package static

import (
	"context"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"arena.dev/i18n"
)

// wordCallRE finds the viewer's words by key: w.t('key'), w.n('key', …)
// and the markup's t('key') and button(class, 'key', …) (which also uses
// key_title).
var (
	wordCallRE   = regexp.MustCompile(`\b[tn]\(\s*'([a-z_.]+)'`)
	buttonCallRE = regexp.MustCompile(`\bbutton\('[^']*', '([a-z_]+)'`)
	// A game's renderer also names its words in tables (a terrain
	// letter's word, a direction's): every literal 'table.key' there is one.
	rendererKeyRE = regexp.MustCompile(`'([a-z]+(?:\.[a-z_]+)+)'`)
)

// Every word the viewer's modules ask for is in its dictionary, in every
// language: a key misspelt in the JavaScript would show as the key.
func TestViewerWordsExist(t *testing.T) {
	used := map[string]bool{}
	err := fs.WalkDir(FS, "viewer", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		src, err := fs.ReadFile(FS, p)
		for _, m := range wordCallRE.FindAllSubmatch(src, -1) {
			used[string(m[1])] = true
		}
		for _, m := range buttonCallRE.FindAllSubmatch(src, -1) {
			used[string(m[1])], used[string(m[1])+"_title"] = true, true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(used) < 40 {
		t.Fatalf("only %d words found in the viewer's modules", len(used))
	}
	// The games' renderers (served as viewer/games/ID.js): each asks for
	// words of its game's table, GAME.<what>.
	byRenderer := map[string]map[string]bool{}
	for p, src := range Renderers() {
		keys := map[string]bool{}
		for _, re := range []*regexp.Regexp{wordCallRE, rendererKeyRE} {
			for _, m := range re.FindAllSubmatch(src, -1) {
				keys[string(m[1])] = true
			}
		}
		if len(keys) < 10 {
			t.Errorf("%s asks for only %d words: %v", p, len(keys), keys)
		}
		byRenderer[p] = keys
	}
	if len(byRenderer) < 4 {
		t.Fatalf("only %d game renderers", len(byRenderer))
	}
	for _, lang := range i18n.Supported {
		d := ViewerWords(lang)
		for key := range used {
			if _, ok := d.Words[key]; !ok {
				t.Errorf("%s: the viewer asks for %q, which its words lack", lang, key)
			}
		}
		for p, keys := range byRenderer {
			for key := range keys {
				if _, ok := d.Words[key]; !ok {
					t.Errorf("%s: %s asks for %q, which the viewer's words lack", lang, p, key)
				}
			}
		}
	}
}

// The words are the catalogue's, by key, plural ones as their forms, and
// the freeze words are site.toml's; the generated words-en.js holds the
// English ones.
func TestViewerWordsFromTheCatalogue(t *testing.T) {
	ca := ViewerWords("ca-ES")
	ctx := i18n.WithLang(context.Background(), "ca")
	if ca.Lang != "ca" || ca.Words["play"] != i18n.T(ctx, "viewer.play") || ca.Words["freeze.cpu"] != i18n.T(ctx, "site.freeze.cpu") {
		t.Errorf("Catalan words: lang %q, play %q, freeze.cpu %q", ca.Lang, ca.Words["play"], ca.Words["freeze.cpu"])
	}
	forms, ok := ca.Words["commands_ignored"].(map[string]string)
	if !ok || strings.ReplaceAll(forms["one"], "{{.Count}}", "1") != i18n.N(ctx, "viewer.commands_ignored", 1) || !strings.Contains(forms["other"], "{{.Count}}") {
		t.Errorf("Catalan plural commands_ignored = %#v", ca.Words["commands_ignored"])
	}
	if len(ca.Reasons) == 0 {
		t.Error("no reasons in Catalan")
	}
	if en := ViewerWords("xx"); en.Lang != "en" || len(en.Reasons) != 0 {
		t.Errorf("an unknown language: %q with %d reasons", en.Lang, len(en.Reasons))
	}
	module := string(Generated()[wordsPath])
	for _, want := range []string{"export default {", `"play": "Play"`, `"freeze.cpu": "out of CPU time"`, `"one": "{{.Count}} command ignored"`} {
		if !strings.Contains(module, want) {
			t.Errorf("words-en.js lacks %s:\n%s", want, module)
		}
	}
}
