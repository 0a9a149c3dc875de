package games

import (
	"archive/zip"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// A game's C++ SDK, starter and kit (lang.Cpp): the files a game that
// offers C++ keeps in Files.LangDir("cpp"), laid out as its builds and its
// kit want them.

// cppID is C++'s id (package lang's).
const cppID = "cpp"

// cppRuntime is the C++ side of games/wire: arena/wire.hh and the
// bits/stdc++.h that libc++ lacks.
//
//go:embed wire/cpp
var cppRuntime embed.FS

// CppSDKFiles returns the C++ SDK of a game, flat as a bot's build
// directory holds it: the game's headers (Player.hh ...), arena/wire.hh and
// bits/stdc++.h. A player file bot.cc next to them builds into a bot.
func CppSDKFiles(gameID string) (fs.FS, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	if !info.Offers(cppID) {
		return nil, fmt.Errorf("game %q offers no C++ SDK", gameID)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	add := func(fsys fs.FS, root string, keep func(name string) bool) (int, error) {
		n := 0
		err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !keep(d.Name()) {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			w, err := zw.Create(strings.TrimPrefix(p, root+"/"))
			if err != nil {
				return err
			}
			n++
			_, err = w.Write(data)
			return err
		})
		return n, err
	}
	if _, err := add(cppRuntime, "wire/cpp", func(string) bool { return true }); err != nil {
		return nil, err
	}
	header := func(name string) bool { return strings.HasSuffix(name, ".hh") || strings.HasSuffix(name, ".h") }
	n, err := add(info.Files.FS, info.Files.LangDir(cppID), header)
	if err != nil {
		return nil, err
	}
	if info.Files.CppCommon != "" {
		if _, err := add(info.Files.FS, info.Files.CppCommon, header); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: no C++ headers in %s", gameID, info.Files.LangDir(cppID))
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
}

// CppBotProgram returns the C++ player file of a game's bot: "Null" is
// the starter (AINull.cc), other names are reference bots written in C++
// (AIDemo.cc ...).
func CppBotProgram(gameID, name string) ([]byte, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	if !info.Offers(cppID) {
		return nil, fmt.Errorf("game %q offers no C++ SDK", gameID)
	}
	if name == "" || strings.ContainsAny(name, "/.\\") {
		return nil, fmt.Errorf("invalid bot name %q", name)
	}
	b, err := fs.ReadFile(info.Files.FS, path.Join(info.Files.LangDir(cppID), "AI"+name+".cc"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no C++ player AI%s.cc", gameID, name)
	}
	return b, err
}

// CppKitFiles returns a game's C++ starter kit, flat, as `arena kit GAME
// DIR --lang cpp` writes it: the headers of the C++ SDK (Player.hh ...,
// arena/wire.hh, bits/stdc++.h), the starter player AINull.cc and a README
// with the one command that plays it. No Makefile: `arena play` builds.
func CppKitFiles(gameID string) (map[string][]byte, error) {
	g, err := Get(gameID)
	if err != nil {
		return nil, err
	}
	sdk, err := CppSDKFiles(gameID)
	if err != nil {
		return nil, err
	}
	starter, err := CppBotProgram(gameID, "Null")
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{
		"AINull.cc": starter,
		"README.md": []byte(cppKitReadme(g.Info())),
	}
	return files, addFiles(files, sdk)
}

func cppKitReadme(info Info) string {
	opponents := func(bot string) string { return strings.TrimSpace(strings.Repeat(bot+" ", info.Players-1)) }
	r := strings.NewReplacer("GAME", info.ID, "TITLE", info.Title, "BOTS", strings.Join(info.Bots, ", "),
		"DEMOS", opponents("Demo"), "QUALIFIERS", opponents(info.Qualifier))
	return r.Replace(`# TITLE starter kit (C++)

Your player is AINull.cc: the original game's player file, written against
Player.hh as in the original. It does nothing: rename PLAYER_NAME, save the
file as AI<Name>.cc if you like, and fill in play(), called once per round.

` + toolSection() + `## Play locally

One command builds your player and plays it against the built-in bots
(BOTS):

    arena play GAME AINull.cc DEMOS -s 1 -o match.json.gz
    arena view match.json.gz
    arena play GAME AINull.cc QUALIFIERS -n 100   # many seeds: wins, mean, sd
    arena play GAME AINull.cc --qualify           # the qualification, as the server plays it

The game's page says which boards qualification plays on: add
--board FILE for each (the original course's default.cnf...), as the
page shows.

arena play builds to WebAssembly exactly as the server does when clang++
with the WebAssembly sysroot is installed (Debian: clang lld wasi-libc
libc++-dev-wasm32); otherwise it builds natively with your C++ compiler
and says so. What your player prints (cout, cerr, printf) is its debug log:
arena play shows it prefixed with the seat, the server keeps it for you.

## Good to know

- One file, the standard library and these headers only; C++17.
- WebAssembly is a 32-bit machine: int and long are 32 bits there,
  long long is 64. Use long long (or int64_t) for values beyond 2^31.
- A native build is faster than the server's WebAssembly: keep a margin
  on the CPU budget.

Submit the .cc file on the website (choose C++), or with
arena submit GAME AINull.cc.
`)
}
