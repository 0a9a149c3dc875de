package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
)

// The words arena submit prints from the API, in the request's language:
// a qualification's summary and a waiting version's place, agreeing with
// one match left as with several.
func TestAPIWordsInCatalanAndSpanish(t *testing.T) {
	ca := i18n.WithLang(context.Background(), "ca")
	es := i18n.WithLang(context.Background(), "es")
	en := i18n.WithLang(context.Background(), "en")
	refused := qualification{Matches: 4, Ended: 4, Firsts: 2, Needs: 3}
	passed := qualification{Matches: 4, Ended: 4, Firsts: 3, Needs: 3}
	playing := qualification{Matches: 4, Ended: 1, Firsts: 1, Needs: 3}
	for _, tc := range []struct {
		ctx  context.Context
		q    qualification
		want string
	}{
		{en, refused, "first in 2 of 4; needs 3"},
		{ca, refused, "primer en 2 de 4; en calen 3"},
		{es, refused, "primero en 2 de 4; hacen falta 3"},
		{ca, passed, "primer en 3 de 4; en calien 3: classificat"},
		{es, passed, "primero en 3 de 4; hacían falta 3: clasificado"},
		{en, playing, "first in 1 of 1 played so far; needs 3 of 4"},
		{ca, playing, "primer en 1 de moment (partides acabades: 1); en calen 3 de 4"},
		{ca, qualification{Matches: 1, Ended: 1, Firsts: 0, Needs: 1}, "primer en 0 d'1; en cal 1"},
	} {
		if got := tc.q.Summary(tc.ctx); got != tc.want {
			t.Errorf("%s %+v: %q, want %q", i18n.Lang(tc.ctx), tc.q, got, tc.want)
		}
	}

	place := func(left, ahead int, running bool) store.QueuePlace {
		return store.QueuePlace{Stage: "qualification", Running: running, Left: left, Ahead: ahead, Workers: 2,
			Estimate: 10 * time.Second, Compile: 5 * time.Second, Match: 5 * time.Second}
	}
	for _, tc := range []struct {
		ctx  context.Context
		p    store.QueuePlace
		want string
	}{
		{ca, place(1, 0, true), "Classificació prèvia: en queda 1 partida, que s'està jugant ara; veredicte d'aquí a uns 10 s"},
		{ca, place(3, 0, true), "Classificació prèvia: en queden 3 partides, que s'estan jugant ara; "},
		{ca, place(1, 2, false), "Classificació prèvia: en queda 1 partida, amb 2 partides per davant a la cua; "},
		{es, place(1, 0, true), "Fase de clasificación: queda 1 partida, que se está jugando ahora; veredicto en unos 10 s"},
		{es, place(4, 1, false), "Fase de clasificación: quedan 4 partidas, con 1 partida por delante en la cola; "},
		{en, place(1, 3, false), "Qualification: 1 match left, 3 matches ahead of it in the queue; verdict in about 10 s"},
		{en, place(2, 3, false), "Qualification: 2 matches left, 3 matches ahead of them in the queue; "},
	} {
		if got := queuePlaceWords(tc.ctx, tc.p); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s left %d ahead %d: %q, want it to begin %q", i18n.Lang(tc.ctx), tc.p.Left, tc.p.Ahead, got, tc.want)
		}
	}
}

// The API answers in the language its Accept-Language asks for, and in
// English without one, whatever the site's default.
func TestAPILanguage(t *testing.T) {
	var got string
	h := apiLanguage(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = i18n.Lang(r.Context()) }))
	for accept, want := range map[string]string{"ca": "ca", "es-ES,es;q=0.9": "es", "fr": "en", "": "en"} {
		r := httptest.NewRequest("GET", "/api/versions/1", nil)
		if accept != "" {
			r.Header.Set("Accept-Language", accept)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != want {
			t.Errorf("Accept-Language %q: %q, want %q", accept, got, want)
		}
	}
}

// A qualification match's place on the version page: the engine's English
// in English, the reader's language otherwise.
func TestQualificationPlaceWords(t *testing.T) {
	en := i18n.WithLang(context.Background(), "en")
	for place := 0; place <= 12; place++ {
		for _, tied := range []bool{false, true} {
			if got, want := placeWords(en, place, tied), games.PlaceWords(place, tied); got != want {
				t.Errorf("en %d %v: %q, want %q", place, tied, got, want)
			}
		}
	}
	for _, tc := range []struct {
		lang  string
		place int
		tied  bool
		want  string
	}{
		{"ca", 1, false, "primer"}, {"ca", 2, true, "2n (empat)"}, {"ca", 4, false, "4t"}, {"ca", 5, false, "5è"},
		{"es", 1, true, "primero (empate)"}, {"es", 3, false, "3.º"}, {"es", 7, false, "7.º"},
	} {
		if got := placeWords(i18n.WithLang(context.Background(), tc.lang), tc.place, tc.tied); got != tc.want {
			t.Errorf("%s %d %v: %q, want %q", tc.lang, tc.place, tc.tied, got, tc.want)
		}
	}
}
