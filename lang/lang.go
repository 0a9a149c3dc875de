// Package lang is the bot languages. A language is one value: its id, its
// title, its file extensions, the name the player's file has in the
// sandbox and in compile messages, the editor's mode, where a game's SDK,
// starter bot, reference bots and kit come from, the copy check's lexer,
// the native build `arena play` falls back to, and the toolchain that
// builds it. Every caller that compiles a bot, offers a language, names a
// bot's file or reads a source asks here; adding a language is adding its
// file (golang.go, cpp.go) and its line in All (docs/adding-a-language.md).
package lang

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"strings"

	"arena.dev/games"
	"arena.dev/sandbox"
)

// Language is one bot language.
type Language struct {
	ID    string   // what versions record and games offer: "go", "cpp"
	Title string   // for people: "Go", "C++"
	Exts  []string // file extensions, the usual one first: ".go"; ".cc", ".cpp"
	File  string   // the player's file in the sandbox and in compile messages: bot.go, bot.cc
	// Editor is the code editor's mode (data-editor): "go", "cpp".
	Editor string
	// SDK returns a game's SDK files, laid out as the toolchain wants them.
	SDK func(gameID string) (fs.FS, error)
	// Starter returns a game's starter bot in this language (the Null bot).
	Starter func(gameID string) ([]byte, error)
	// Kit returns a game's starter kit by slash-separated path: what
	// `arena kit` writes and the website zips.
	Kit func(gameID string) (map[string][]byte, error)
	// StarterFile is the name of the starter in the kit: main.go, AINull.cc.
	StarterFile string
	// KitNote says on the game page what the kit holds, for a language
	// other than the first (whose kit the page describes at length):
	// trusted HTML, written here.
	KitNote string
	// Bot returns the program of one of a game's reference bots written
	// in this language ("Demo"): base code for the copy check.
	Bot func(gameID, name string) ([]byte, error)
	// MoreExts are further extensions of the language's source files that
	// are no bot (C++ headers): base code an admin adds may be in them.
	MoreExts []string
	// Tokens reads a source as the copy check (package copycheck)
	// fingerprints it.
	Tokens func(src []byte) []Token
	// Native, when not nil, builds a player with this machine's own
	// compiler into dir/NativeExe, for `arena play` on a machine without
	// the WebAssembly toolchain: the compiler used and, when the player's
	// code does not compile, its messages (naming File).
	Native    func(ctx context.Context, gameID string, src []byte, dir string) (tool, log string, err error)
	toolchain sandbox.Toolchain
}

// NativeExe is the file name of a native build (Native).
var NativeExe = map[bool]string{true: "bot.exe", false: "bot"}[runtime.GOOS == "windows"]

// All lists the languages, Go first: the default (clients from before
// there were other languages name none) and the built-in bots' language.
// Each is one value in a file of its own (golang.go, cpp.go); adding a
// language is adding its file and its line here
// (docs/adding-a-language.md).
func All() []Language { return []Language{Go, Cpp} }

// Get returns the language with that id.
func Get(id string) (Language, error) {
	for _, l := range All() {
		if l.ID == id {
			return l, nil
		}
	}
	return Language{}, fmt.Errorf("unknown language %q (known: %s)", id, strings.Join(IDs(), ", "))
}

// IDs lists the languages' ids.
func IDs() []string {
	var ids []string
	for _, l := range All() {
		ids = append(ids, l.ID)
	}
	return ids
}

// BySource returns the language of any of its source files by the
// extension (case insensitive): a bot file (ByFile) or another (MoreExts:
// AIFoo.hh is C++).
func BySource(name string) (Language, bool) {
	if l, ok := ByFile(name); ok {
		return l, true
	}
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	for _, l := range All() {
		if slices.Contains(l.MoreExts, ext) {
			return l, true
		}
	}
	return Language{}, false
}

// SourceExtensions lists every extension BySource knows: Extensions,
// then each language's MoreExts.
func SourceExtensions() []string {
	out := Extensions()
	for _, l := range All() {
		out = append(out, l.MoreExts...)
	}
	return out
}

// ByFile returns the language of a file by its extension (case
// insensitive): bot.go is Go, AIFoo.cc and AIFoo.cpp are C++.
func ByFile(name string) (Language, bool) {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	for _, l := range All() {
		for _, e := range l.Exts {
			if e == ext {
				return l, true
			}
		}
	}
	return Language{}, false
}

// Extensions lists every language's file extensions: ".go", ".cc", ".cpp".
func Extensions() []string {
	var out []string
	for _, l := range All() {
		out = append(out, l.Exts...)
	}
	return out
}

// Offered lists the languages a game takes, in All's order.
func Offered(info games.Info) []Language {
	var out []Language
	for _, l := range All() {
		if info.Offers(l.ID) {
			out = append(out, l)
		}
	}
	return out
}

// NotOffered is the message for a bot in a language a game does not take.
func NotOffered(info games.Info, l Language) string {
	var titles []string
	for _, o := range Offered(info) {
		titles = append(titles, o.Title)
	}
	return fmt.Sprintf("%s does not take bots in %s; it takes %s", info.Title, l.Title, strings.Join(titles, " and "))
}

// Compile builds a player's file in language l for a game into a
// WebAssembly artifact, in the sandbox, against the game's SDK in that
// language: the one build every caller uses (the judge, built-in bots,
// `arena play`). A game that does not offer l gets a *sandbox.CompileError
// saying so; otherwise it returns what sandbox.Compile returns, messages
// naming the player's file l.File (bot.go:LINE:COL, bot.cc:LINE:COL).
func Compile(ctx context.Context, l Language, gameID string, src []byte, opts sandbox.CompileOptions) (sandbox.Artifact, []byte, error) {
	g, err := games.Get(gameID)
	if err != nil {
		return sandbox.Artifact{}, nil, err
	}
	if !g.Info().Offers(l.ID) {
		msg := NotOffered(g.Info(), l) + "."
		return sandbox.Artifact{}, []byte(msg), &sandbox.CompileError{Log: msg}
	}
	sdk, err := l.SDK(gameID)
	if err != nil {
		return sandbox.Artifact{}, nil, err
	}
	return sandbox.Compile(ctx, l.toolchain, src, sdk, opts)
}

// BuildHash is the hex SHA-256 of everything that goes into a build of src
// in language l against sdk (an SDK as l.SDK lays it out): the language,
// the source, every SDK file by path and content, the toolchain's recipe
// (language version and build flags), and the Go release this binary was
// built with. That release stands for the Go toolchain's own, which it
// cannot ask: the worker image builds bots with the Go it was built with
// (Dockerfile), and a web server, which has no toolchain, must find what
// a worker built. (For C++, clang's release is not in it: built-in bots
// are Go.)
func (l Language) BuildHash(src []byte, sdk fs.FS) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\nsource %d\n%s", l.ID, runtime.Version(), l.toolchain.Recipe(), len(src), src)
	if err := hashFiles(h, sdk); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// MachineBuildKey is the hex SHA-256 of everything that goes into a build
// of src for a game on this machine: BuildHash's (the source, the SDK, the
// recipe) and the toolchain installed here (its path and release, and for
// clang the binary's size and time), with opts. Two builds with one key
// make the same module, so a machine may keep a build by it
// (`arena play`'s cache).
func (l Language) MachineBuildKey(ctx context.Context, gameID string, src []byte, opts sandbox.CompileOptions) (string, error) {
	sdk, err := l.SDK(gameID)
	if err != nil {
		return "", err
	}
	sum, err := l.BuildHash(src, sdk)
	if err != nil {
		return "", err
	}
	inst, err := l.toolchain.Installation(ctx, opts)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "game %s\nbuild %s\n%s\n", gameID, sum, inst)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// SDKKey is the hex SHA-256 of the SDK a bot in language l is built
// against: the language and every file of sdk (as l.SDK lays out a game's)
// by path and content. A version records the key of its build; when a
// release changes the SDK (its protocol, its API), the key changes, and a
// worker rebuilds the version from its source before it plays.
//
// Unlike BuildHash it leaves out the toolchain (the Go release, the
// language version and build flags, clang's release): they change the
// code a build makes, not the frames it reads and writes nor the WASI
// calls the sandbox answers, so a bot built by an older toolchain still
// plays as it did. Counting them would rebuild every stored bot on each Go
// or clang upgrade for nothing, and could turn a version that plays into
// one that no longer compiles (a newer compiler's stricter checks).
func (l Language) SDKKey(sdk fs.FS) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "sdk %s", l.ID)
	if err := hashFiles(h, sdk); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashFiles writes every file of fsys to h by path, length and content.
func hashFiles(h io.Writer, fsys fs.FS) error {
	// WalkDir goes in lexical order: the same files hash the same.
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		fmt.Fprintf(h, "\nfile %s %d\n%s", p, len(b), b)
		return err
	})
}
