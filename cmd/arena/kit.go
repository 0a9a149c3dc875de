package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"arena.dev/games"
	"arena.dev/lang"
)

func init() {
	register(&command{
		name:    "kit",
		summary: "write a starter kit for a game: its SDK, the Null bot (main.go, or AINull.cc in C++), a README",
		usage:   "arena kit GAME DIR [--lang go|cpp]",
		run: func(ctx context.Context, args []string) error {
			return runKit(args, os.Stdout)
		},
	})
}

func runKit(args []string, stdout io.Writer) error {
	c := commands["kit"]
	fs := newFlags(c)
	langID := fs.String("lang", lang.Go.ID, "the bot language: "+strings.Join(lang.IDs(), " or "))
	pos, err := parseInterleaved(fs, c, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("%s", tr("cli.kit.want_args"))
	}
	g, err := games.Get(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	l, err := lang.Get(*langID)
	if err != nil {
		return usagef("%v", err)
	}
	if !g.Info().Offers(l.ID) {
		return usagef("%s", lang.NotOffered(g.Info(), l))
	}
	files, err := l.Kit(g.Info().ID)
	if err != nil {
		return err
	}
	dir := pos[1]
	// Never overwrite: the directory may hold a student's work.
	for name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return fmt.Errorf("%s", tr("cli.kit.exists", map[string]any{"Path": filepath.Join(dir, name)}))
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
	fmt.Fprintln(stdout, tr("cli.kit.wrote", map[string]any{"Game": g.Info().ID, "Language": l.Title, "Dir": dir, "Readme": filepath.Join(dir, "README.md")}))
	return nil
}
