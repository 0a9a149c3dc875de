package static

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/i18n"
	"arena.dev/web/browsertest"
)

// The viewer's words.js says every reason of the catalogue as Go's
// i18n.Reason does, in each language, in a real Chromium: the patterns Go
// writes read the same in JavaScript, tried in the same order, a reason
// inside a reason translated too, and a text none follows unchanged.
// The page hands the words as the site does, under a strict CSP.
func TestViewerReasonsAgreeWithGo(t *testing.T) {
	en, err := i18n.Messages("en", i18n.ReasonFile)
	if err != nil {
		t.Fatal(err)
	}
	// Each message's English with sample values: numbers, and a reason
	// where a reason goes.
	var samples []string
	for _, m := range en {
		s := m.Other
		for i, name := range []string{"I", "J", "Step", "Max", "Seconds", "MiB", "Code", "Size", "Limit", "Bot", "Host"} {
			s = strings.ReplaceAll(s, "{{."+name+"}}", fmt.Sprint(i+2))
		}
		s = strings.ReplaceAll(s, "{{.Why}}", "not your unit")
		for _, name := range []string{"Used", "Budget", "Time", "Msg", "Frame", "Signal", "Game"} {
			s = strings.ReplaceAll(s, "{{."+name+"}}", "x"+name)
		}
		if strings.Contains(s, "{{") {
			t.Fatalf("a placeholder this test does not fill: %s", s)
		}
		samples = append(samples, s)
	}
	samples = append(samples, "jump to (3, 4): crashed: panic or fatal error (exit code 2), see the log", "a text no message follows", "")

	mux := http.NewServeMux()
	mux.Handle("/static/", http.StripPrefix("/static/", Handler()))
	mux.HandleFunc("/test.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, `import { pageWords } from '/static/viewer/words.js';
const w = pageWords();
window.translate = (texts) => JSON.stringify(texts.map((x) => w.reason(x)));`)
	})
	mux.HandleFunc("/{lang}", func(w http.ResponseWriter, r *http.Request) {
		words, _ := json.Marshal(ViewerWords(r.PathValue("lang")))
		w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; connect-src 'self'")
		fmt.Fprintf(w, `<!doctype html><script type="application/json" id="%s">%s</script><script type="module" src="/test.js"></script>`,
			ViewerWordsID, words) // json.Marshal escapes < and >
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	bctx := browsertest.Start(t, 800, 600)
	consoleErrors := browsertest.Console(bctx)
	arg, _ := json.Marshal(samples)
	for _, lang := range i18n.Supported {
		c, cancel := context.WithTimeout(bctx, 20*time.Second)
		err := chromedp.Do(c, chromedp.Navigate(srv.URL+"/"+lang))
		if err == nil {
			_, err = chromedp.Run(c, chromedp.Poll[bool](`typeof window.translate === 'function'`))
		}
		cancel()
		if err != nil {
			t.Fatalf("%s: %v\nconsole: %v", lang, err, consoleErrors())
		}
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string](`translate(`+string(arg)+`)`))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := json.Unmarshal([]byte(s), &got); err != nil {
			t.Fatal(err)
		}
		ctx := i18n.WithLang(context.Background(), lang)
		translated := 0
		for i, sample := range samples {
			want := i18n.Reason(ctx, sample)
			if got[i] != want {
				t.Errorf("%s: the viewer says %q as %q, Go as %q", lang, sample, got[i], want)
			}
			if got[i] != sample {
				translated++
			}
		}
		if lang != i18n.Default && translated < len(en) {
			t.Errorf("%s: only %d of %d samples translated", lang, translated, len(samples))
		}
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors (a CSP violation is one):\n%s", strings.Join(errs, "\n"))
	}
}
