package games

import (
	"archive/zip"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// sources are the SDKs compiled into every bot and the kits' templates.
//
//go:embed wire/*.go orkisland/sdk/*.go orkisland/kit/main.go
var sources embed.FS

// sdkDirs lists, per game, the directories (relative to games/) whose Go
// files a bot needs besides its own main package.
var sdkDirs = map[string][]string{
	"orkisland": {"wire", "orkisland/sdk"},
}

// SDKFiles returns the SDK sources of a game with module-relative paths
// (games/wire/wire.go, games/orkisland/sdk/...), tests excluded: with a
// go.mod saying `module arena.dev` and a main package, they build a bot.
func SDKFiles(gameID string) (fs.FS, error) {
	dirs, ok := sdkDirs[gameID]
	if !ok {
		return nil, fmt.Errorf("no SDK for game %q", gameID)
	}
	// A zip reader is a ready-made read-only fs.FS with directories.
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, dir := range dirs {
		entries, err := sources.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			data, err := sources.ReadFile(path.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			w, err := zw.Create(path.Join("games", dir, e.Name()))
			if err != nil {
				return nil, err
			}
			if _, err := w.Write(data); err != nil {
				return nil, err
			}
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
}

// KitTemplate returns the starter bot (the Null bot) of a game, a main
// package to save as main.go next to the SDK files.
func KitTemplate(gameID string) ([]byte, error) {
	if _, ok := sdkDirs[gameID]; !ok {
		return nil, fmt.Errorf("no starter kit for game %q", gameID)
	}
	return sources.ReadFile(gameID + "/kit/main.go")
}
