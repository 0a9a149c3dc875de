package web

import "testing"

func TestCompileDiagnostics(t *testing.T) {
	cases := []struct{ log, file, want string }{
		{"# arena.dev/bot\nbot.go:7:2: undefined: frobnicate\n./bot.go:9:1: missing return\nbot.go: too many errors\n", "bot.go",
			`[{"line":7,"col":2,"severity":"error","message":"undefined: frobnicate"},{"line":9,"col":1,"severity":"error","message":"missing return"}]`},
		{"In file included from bot.cc:3:\nbot.cc:12:5: error: use of undeclared identifier 'x'\n   12 |     x = 1;\n      |     ^\n" +
			"bot.cc:4:10: warning: unused variable 'y' [-Wunused-variable]\nPlayer.hh:20:1: note: declared here\nbot.cc:30: note: see here\n", "bot.cc",
			`[{"line":12,"col":5,"severity":"error","message":"use of undeclared identifier 'x'"},` +
				`{"line":4,"col":10,"severity":"warning","message":"unused variable 'y' [-Wunused-variable]"},` +
				`{"line":30,"severity":"info","message":"see here"}]`},
		// Another file's messages, and a log without positions, mark nothing.
		{"mybot.go:3:1: x\nok\n", "bot.go", ""},
		{"", "bot.go", ""},
	}
	for _, c := range cases {
		if got := compileDiagnostics(c.log, c.file); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.log, got, c.want)
		}
	}
}
