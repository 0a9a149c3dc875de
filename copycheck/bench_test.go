package copycheck_test

import (
	"os"
	"strings"
	"testing"

	"arena.dev/copycheck"
	"arena.dev/lang"
)

// BenchmarkFingerprint fingerprints a 500-line bot (the first 500 lines of
// Ork Island's strong test bot; Ork Island's 471-line C++ AIBench.cc), as
// the copy check's job does for each compiled version: target well under
// 100 ms.
func BenchmarkFingerprint(b *testing.B) {
	base, err := copycheck.Base("orkisland")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, language, path string }{
		{"go-500-lines", lang.Go.ID, "../games/orkisland/testdata/strong.go"},
		{"cpp-471-lines", lang.Cpp.ID, "../games/orkisland/testdata/cpp/AIBench.cc"},
	} {
		src, err := os.ReadFile(c.path)
		if err != nil {
			b.Fatal(err)
		}
		lines := strings.SplitAfter(string(src), "\n")
		src = []byte(strings.Join(lines[:min(500, len(lines))], ""))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := copycheck.Fingerprints(c.language, src, base); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
