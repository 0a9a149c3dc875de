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

// wireSources is the bot-side runtime every SDK imports.
//
//go:embed wire/*.go
var wireSources embed.FS

// files returns a registered game's files, checked to be there.
func files(gameID string) (Info, error) {
	g, err := Get(gameID)
	if err != nil {
		return Info{}, err
	}
	info := g.Info()
	if info.Files.FS == nil || info.Files.Dir == "" {
		return info, fmt.Errorf("game %q hands over no files", gameID)
	}
	return info, nil
}

// SDKFiles returns the Go SDK sources of a game with module-relative paths
// (games/wire/wire.go, games/DIR/sdk/..., games/DIR/proto/...), tests excluded: with a go.mod
// saying `module arena.dev` and a main package, they build a bot.
func SDKFiles(gameID string) (fs.FS, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	// A zip reader is a ready-made read-only fs.FS with directories.
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	add := func(fsys fs.FS, dir, as string) error {
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return err
		}
		n := 0
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			data, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			w, err := zw.Create(path.Join(as, e.Name()))
			if err != nil {
				return err
			}
			if _, err := w.Write(data); err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return fmt.Errorf("%s: no Go files in %s", gameID, as)
		}
		return nil
	}
	if err := add(wireSources, "wire", "games/wire"); err != nil {
		return nil, err
	}
	if err := add(info.Files.FS, "sdk", path.Join("games", info.Files.Dir, "sdk")); err != nil {
		return nil, err
	}
	// The frame layouts, when the game keeps them in a package of their
	// own that the engine and the SDK share.
	if _, err := fs.Stat(info.Files.FS, "proto"); err == nil {
		if err := add(info.Files.FS, "proto", path.Join("games", info.Files.Dir, "proto")); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
}

// SDKImportPath is the import path of a game's SDK package.
func SDKImportPath(gameID string) (string, error) {
	info, err := files(gameID)
	if err != nil {
		return "", err
	}
	return "arena.dev/games/" + info.Files.Dir + "/sdk", nil
}

// KitTemplate returns the starter bot (the Null bot) of a game, a main
// package to save as main.go next to the SDK files.
func KitTemplate(gameID string) ([]byte, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	return fs.ReadFile(info.Files.FS, "kit/main.go")
}

// RulesHTML returns a game's rules page: a trusted HTML fragment written
// for the platform and embedded by the game.
func RulesHTML(gameID string) (string, error) {
	info, err := files(gameID)
	if err != nil {
		return "", err
	}
	if info.Files.Rules == "" {
		return "", fmt.Errorf("game %q has no rules page", gameID)
	}
	b, err := fs.ReadFile(info.Files.FS, info.Files.Rules)
	return string(b), err
}

// Renderer returns a game's replay renderer, the JavaScript module the
// viewer imports as games/ID.js (docs/viewer.md).
func Renderer(gameID string) ([]byte, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	b, err := fs.ReadFile(info.Files.FS, "viewer.js")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("game %q has no replay renderer", gameID)
	}
	return b, err
}
