package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"arena.dev/games"
)

func init() {
	register(&command{
		name:    "kit",
		summary: "write a starter kit for a game: its SDK, the Null bot as main.go, a README",
		usage:   "arena kit GAME DIR",
		run: func(ctx context.Context, args []string) error {
			return runKit(args, os.Stdout)
		},
	})
}

func runKit(args []string, stdout io.Writer) error {
	c := commands["kit"]
	pos, err := parseInterleaved(newFlags(c), c, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("want GAME and DIR")
	}
	g, err := games.Get(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	files, err := kitFiles(g)
	if err != nil {
		return err
	}
	dir := pos[1]
	// Never overwrite: the directory may hold a student's work.
	for name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return fmt.Errorf("%s already exists; choose an empty directory", filepath.Join(dir, name))
		}
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "wrote the %s starter kit in %s; see %s\n", g.Info().ID, dir, filepath.Join(dir, "README.md"))
	return nil
}

// kitFiles returns the kit's files by slash-separated path.
func kitFiles(g games.Game) (map[string][]byte, error) {
	id := g.Info().ID
	sdk, err := games.SDKFiles(id)
	if err != nil {
		return nil, err
	}
	tmpl, err := games.KitTemplate(id)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{
		"go.mod":    []byte("module arena.dev\n\ngo 1.26\n"),
		"main.go":   tmpl,
		"README.md": []byte(kitReadme(g.Info())),
	}
	err = fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sdk, p)
		files[p] = data
		return err
	})
	if err == nil && len(files) == 3 {
		err = errors.New("empty SDK")
	}
	return files, err
}

func kitReadme(info games.Info) string {
	r := strings.NewReplacer("GAME", info.ID, "TITLE", info.Title, "BOTS", strings.Join(info.Bots, ", "))
	return r.Replace(`# TITLE starter kit

Your bot is main.go: a Go program that uses the SDK in games/GAME/sdk (its
documentation: ` + "`go doc ./games/GAME/sdk`" + `). It starts as the Null bot, which does
nothing: fill in its Play method, called once per round.

Only the standard library is available. Do not write to standard output:
fmt.Println and friends go to your debug log (standard error) anyway.

## Build

    go build                                        # a native binary, to check it compiles
    GOOS=wasip1 GOARCH=wasm go build -o bot.wasm    # what the server runs

## Play locally

With the arena binary (built-in bots: BOTS):

    arena play GAME ./main.go Demo Demo Demo -s 1 -o match.json.gz
    arena view match.json.gz
    arena play GAME ./main.go Dummy Dummy Dummy -n 100   # many seeds: wins, mean, sd

Submit main.go on the website. Keep it in one file.
`)
}
