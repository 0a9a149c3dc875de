package lang_test

import (
	"testing"

	"arena.dev/lang"
)

func TestSourceText(t *testing.T) {
	for _, c := range []struct {
		in        []byte
		want      string
		converted bool
	}{
		{[]byte("posición"), "posición", false},
		{[]byte("posici\xf3n"), "posición", true},
		{[]byte("\x80 \x93ok\x94 \xe0"), "€ “ok” à", true},
		{[]byte("plain"), "plain", false},
	} {
		got, conv := lang.SourceText(c.in)
		if got != c.want || conv != c.converted {
			t.Errorf("SourceText(%q) = %q, %v; want %q, %v", c.in, got, conv, c.want, c.converted)
		}
	}
}
