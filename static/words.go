package static

import (
	"encoding/json"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"

	"arena.dev/i18n"
)

// The viewer speaks the page's language: a page that embeds it adds, once,
//
//	<script type="application/json" id="arena-replay-words">{"lang": "ca", "words": …, "reasons": …}</script>
//
// (ViewerWords, a data block a strict CSP allows), which every
// <arena-replay> of the page reads (static/viewer/words.js). Its words are
// i18n/locales/LANG/viewer.toml's, by key without "viewer." (a plural
// message as its forms: {"one": …, "other": …}), and the freeze words of
// site.toml (site.freeze.*, as "freeze.*"); reasons are the engines'
// reasons (i18n.ReasonPatterns). Placeholders stay {{.Name}}, filled by
// the viewer. The English words are also the module viewer/words-en.js,
// the viewer's own, for a page that hands it none.

// ViewerWordsID is the id of the page's block the viewer reads.
const ViewerWordsID = "arena-replay-words"

// ViewerDict is what the page hands the viewer.
type ViewerDict struct {
	Lang    string               `json:"lang"`
	Words   map[string]any       `json:"words"`
	Reasons []i18n.ReasonPattern `json:"reasons,omitempty"`
}

// ViewerWords is the viewer's dictionary in lang (English for a language
// the site does not speak).
func ViewerWords(lang string) ViewerDict {
	lang = i18n.Normalize(lang)
	return ViewerDict{Lang: lang, Words: viewerWords(lang), Reasons: i18n.ReasonPatterns(lang)}
}

var wordCache sync.Map // lang → map[string]any

// viewerWords reads lang's viewer words once.
func viewerWords(lang string) map[string]any {
	if w, ok := wordCache.Load(lang); ok {
		return w.(map[string]any)
	}
	words := map[string]any{}
	add := func(file, prefix, as string) {
		msgs, _ := i18n.Messages(lang, file) // the i18n tests load every catalogue
		for id, m := range msgs {
			if key, ok := strings.CutPrefix(id, prefix); ok {
				words[as+key] = messageForms(m)
			}
		}
	}
	add("viewer.toml", "viewer.", "")
	add("site.toml", "site.freeze.", "freeze.")
	wordCache.Store(lang, words)
	return words
}

// messageForms is a message's text, or its plural forms by CLDR category.
func messageForms(m *goi18n.Message) any {
	forms := map[string]string{}
	for name, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many} {
		if s != "" {
			forms[name] = s
		}
	}
	if len(forms) == 0 {
		return m.Other
	}
	forms["other"] = m.Other
	return forms
}

// wordsPath is the module with the viewer's English words.
const wordsPath = "viewer/words-en.js"

// WordsModule returns the module viewer/words-en.js: the viewer's
// English words, its own when a page hands it none.
func WordsModule() []byte {
	b, _ := json.MarshalIndent(viewerWords(i18n.Default), "", "  ") // strings and maps of strings
	return append(append([]byte("// Generated from i18n/locales/en/viewer.toml and site.toml's site.freeze.* (package static).\nexport default "), b...), ";\n"...)
}
