package judge_test

import (
	"io/fs"
	"maps"
	"path"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
)

// sdkCopy is Race under another id, with its files as given: the same
// bots built against another SDK. It offers no downloads, so workers
// build nothing for it.
type sdkCopy struct {
	fake.Game
	id    string
	files fs.FS
}

func (g sdkCopy) Info() games.Info {
	info := g.Game.Info()
	info.ID, info.Files.FS, info.Downloads = g.id, g.files, nil
	return info
}

var registerSDKCopies sync.Once

// A change to an SDK file gives the built-in bots a new key, so a worker
// builds them again instead of the site serving the stale download.
func TestBuiltinKeyFollowsTheSDK(t *testing.T) {
	files := fstest.MapFS{}
	if err := fs.WalkDir(fake.Game{}.Info().Files.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fake.Game{}.Info().Files.FS, p)
		files[p] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	edited := maps.Clone(files)
	edited["sdk/sdk.go"] = &fstest.MapFile{Data: append(slices.Clone(files["sdk/sdk.go"].Data), "\n// A new comment.\n"...)}
	registerSDKCopies.Do(func() {
		games.Register(sdkCopy{id: "race-same-sdk", files: files})
		games.Register(sdkCopy{id: "race-edited-sdk", files: edited})
	})
	hash := func(gameID string) string {
		t.Helper()
		key, err := judge.BuiltinWasmKey(gameID, "Dummy")
		if err != nil {
			t.Fatal(err)
		}
		return path.Base(key)
	}
	if hash("race-same-sdk") != hash(fake.ID) {
		t.Fatal("the same bot and SDK under another game id get another hash: the test below would prove nothing")
	}
	if hash("race-edited-sdk") == hash(fake.ID) {
		t.Fatal("the Dummy's key did not change with its SDK")
	}
}
