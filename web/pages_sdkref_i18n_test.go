package web

import (
	"context"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/i18n"
)

// Every doc comment the SDK reference shows is translated into Catalan and
// Spanish (games' sdkdoc.LANG.toml), with no translation of a name the SDK
// no longer documents, and each translation still names what it documents.
func TestSDKReferenceTranslated(t *testing.T) {
	for _, id := range []string{"apocalypse", "apocalypse-redux", "orkisland", "poquemon", "wasteland"} {
		english, err := sdkDocs(id)
		if err != nil || len(english) == 0 {
			t.Fatalf("%s: %d docs, %v", id, len(english), err)
		}
		for _, lang := range []string{"ca", "es"} {
			tr, err := games.SDKDoc(id, lang)
			if err != nil {
				t.Fatalf("%s %s: %v", id, lang, err)
			}
			for key, doc := range english {
				got, ok := tr[key]
				switch {
				case !ok:
					t.Errorf("%s: %s lacks the translation of %s's doc (sdkdoc.%s.toml):\n%s", id, lang, key, lang, doc)
				case got == doc:
					t.Errorf("%s: %s's doc in %s is the English one", id, key, lang)
				}
				name := key[strings.LastIndex(key, ".")+1:]
				if strings.HasPrefix(doc, name+" ") && !strings.HasPrefix(got, name+" ") {
					t.Errorf("%s: %s's doc in %s does not start with its name: %q", id, key, lang, got)
				}
			}
			for key := range tr {
				if _, ok := english[key]; !ok {
					t.Errorf("%s: sdkdoc.%s.toml translates %q, which the SDK reference does not document", id, lang, key)
				}
			}
		}
	}
}

// The reference is rendered in the request's language: Catalan docs for a
// Catalan reader, English ones (the code's comments) otherwise.
func TestSDKReferenceInLanguage(t *testing.T) {
	ca := sdkReference(i18n.WithLang(context.Background(), "ca"), "orkisland")
	en := sdkReference(context.Background(), "orkisland")
	if ca == nil || en == nil {
		t.Fatal("no reference")
	}
	if !strings.Contains(ca.DocHTML, "Un bot implementa Bot i crida Run des de main") {
		t.Errorf("Catalan package doc: %s", ca.DocHTML)
	}
	if !strings.Contains(en.DocHTML, "Package sdk is the Ork Island bot SDK") {
		t.Errorf("English package doc: %s", en.DocHTML)
	}
	// The code in a doc stays code, and signatures stay Go.
	if !strings.Contains(ca.DocHTML, "<pre>") || ca.Types[0].Decl != en.Types[0].Decl {
		t.Errorf("Catalan reference lost its code: %s", ca.DocHTML)
	}
}
