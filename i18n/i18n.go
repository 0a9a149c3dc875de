// Package i18n translates the site's messages into the class's languages
// (English, Catalan, Spanish) from the TOML catalogues in locales/<lang>/*.toml,
// one file per area so that people working at once never edit the same file.
// A teacher or contributor corrects a translation by editing those files alone.
//
// Messages are go-i18n TOML: a plain string, or a table of plural forms
// (one, other; Catalan and Spanish may also give many) chosen by CLDR rules.
// Placeholders are text/template fields: {{.Name}}; N passes the count as {{.Count}}.
package i18n

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Default is the language used when nothing else says which, and the one
// a message missing from a catalogue falls back to.
const Default = "en"

// Supported are the site's languages, English first.
var Supported = []string{"en", "ca", "es"}

// Names are the languages' names as their speakers write them (for the switch).
var Names = map[string]string{"en": "English", "ca": "Català", "es": "Español"}

//go:embed locales
var locales embed.FS

type ctxKey struct{}

var (
	loadOnce sync.Once
	site     *catalogue
	loadErr  error
)

// catalogue holds one localizer per supported language.
type catalogue struct {
	localizers map[string]*goi18n.Localizer
}

// load reads the embedded catalogues once. A broken catalogue is a
// programming error caught by the tests; at run time T then returns ids.
func load() {
	loadOnce.Do(func() {
		sub, _ := fs.Sub(locales, "locales")
		site, loadErr = newCatalogue(sub)
	})
}

// newCatalogue reads fsys's <lang>/*.toml for every supported language.
func newCatalogue(fsys fs.FS) (*catalogue, error) {
	bundle := goi18n.NewBundle(language.English)
	c := &catalogue{localizers: map[string]*goi18n.Localizer{}}
	for _, lang := range Supported {
		files, err := listFiles(fsys, lang)
		if err != nil {
			return nil, err
		}
		tag := language.MustParse(lang)
		for _, name := range files {
			msgs, err := parseFile(fsys, lang, name)
			if err != nil {
				return nil, err
			}
			if err := bundle.AddMessages(tag, msgs...); err != nil {
				return nil, fmt.Errorf("%s/%s: %w", lang, name, err)
			}
		}
		// A message missing in lang falls back to the bundle's default, English.
		c.localizers[lang] = goi18n.NewLocalizer(bundle, lang)
	}
	return c, nil
}

// Files lists a language's catalogue files (sorted names like "site.toml").
func Files(lang string) ([]string, error) {
	return listFiles(locales, path.Join("locales", lang))
}

func listFiles(fsys fs.FS, dir string) ([]string, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && path.Ext(e.Name()) == ".toml" {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// Messages returns the messages of one catalogue file, by id (for the tests
// that compare catalogues).
func Messages(lang, file string) (map[string]*goi18n.Message, error) {
	msgs, err := parseFile(locales, path.Join("locales", lang), file)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*goi18n.Message, len(msgs))
	for _, m := range msgs {
		byID[m.ID] = m
	}
	return byID, nil
}

func parseFile(fsys fs.FS, dir, file string) ([]*goi18n.Message, error) {
	buf, err := fs.ReadFile(fsys, path.Join(dir, file))
	if err != nil {
		return nil, err
	}
	msgs, err := goi18n.ParseMessageBytes(buf, toml.Unmarshal)
	if err != nil {
		return nil, fmt.Errorf("%s/%s: %w", dir, file, err)
	}
	return msgs, nil
}

// LoadError reports a catalogue that failed to load (nil when all loaded).
func LoadError() error {
	load()
	return loadErr
}

// WithLang returns ctx speaking lang ("en", "ca", "es"); anything else means English.
func WithLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, ctxKey{}, Normalize(lang))
}

// Lang returns ctx's language, English when none was set.
func Lang(ctx context.Context) string {
	if ctx != nil {
		if l, ok := ctx.Value(ctxKey{}).(string); ok {
			return l
		}
	}
	return Default
}

// Normalize returns the supported language lang names, else Default.
// ("ca", "CA" and "ca-ES" all give "ca".)
func Normalize(lang string) string {
	if l := Parse(lang); l != "" {
		return l
	}
	return Default
}

// Parse returns the supported language lang names ("ca-ES" → "ca"), or "" if none.
func Parse(lang string) string {
	tag, err := language.Parse(lang)
	if err != nil {
		return ""
	}
	base, _ := tag.Base()
	for _, l := range Supported {
		if base.String() == l {
			return l
		}
	}
	return ""
}

var matcher = language.NewMatcher([]language.Tag{language.English, language.Catalan, language.Spanish})

// Match returns the supported language an Accept-Language header prefers,
// or "" when it names none of them (so the caller can use the site default).
func Match(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return ""
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return ""
	}
	return Supported[i]
}

// T returns message id in ctx's language; data fills {{.Name}} placeholders.
// Falls back to English, then to id.
func T(ctx context.Context, id string, data ...map[string]any) string {
	return localize(ctx, id, nil, data)
}

// N is T for a message with plural forms (one/other; CLDR rules per language),
// chosen by count, also passed as {{.Count}}.
func N(ctx context.Context, id string, count int, data ...map[string]any) string {
	return localize(ctx, id, count, data)
}

func localize(ctx context.Context, id string, count any, data []map[string]any) string {
	load()
	if site == nil {
		return id
	}
	return site.localize(Lang(ctx), id, count, data)
}

func (c *catalogue) localize(lang, id string, count any, data []map[string]any) string {
	l := c.localizers[lang]
	if l == nil {
		return id
	}
	var td map[string]any
	if len(data) > 0 || count != nil {
		td = map[string]any{}
		for _, d := range data {
			for k, v := range d {
				td[k] = v
			}
		}
		if count != nil {
			td["Count"] = count
		}
	}
	msg, err := l.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: td, PluralCount: count})
	if msg == "" && err != nil {
		return id
	}
	return msg
}
