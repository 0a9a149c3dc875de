package games

import (
	"errors"
	"io/fs"
	"strings"

	"arena.dev/downloads"
)

// KitFiles returns a game's starter kit by slash-separated path: go.mod,
// the starter bot as main.go, a README and the SDK. `arena kit` writes it
// to a directory; the website serves it as a zip.
func KitFiles(gameID string) (map[string][]byte, error) {
	g, err := Get(gameID)
	if err != nil {
		return nil, err
	}
	sdk, err := SDKFiles(gameID)
	if err != nil {
		return nil, err
	}
	tmpl, err := KitTemplate(gameID)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{
		"go.mod":    []byte("module arena.dev\n\ngo 1.26\n"),
		"main.go":   tmpl,
		"README.md": []byte(kitReadme(g.Info())),
	}
	err = addFiles(files, sdk)
	if err == nil && len(files) == 3 {
		err = errors.New("empty SDK")
	}
	return files, err
}

// addFiles adds every file of fsys to files, by its path.
func addFiles(files map[string][]byte, fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		files[p] = data
		return err
	})
}

// KitServer stands for the site's address in a kit's README: the site
// puts its own in the kits it serves (arena kit cannot know it).
const KitServer = "https://YOUR-ARENA-SITE"

// toolSection is the README's section on getting the arena tool: its
// one-line install for Linux, macOS and Windows.
func toolSection() string {
	return "## The arena tool\n\n" +
		"arena plays your bot locally, shows replays and submits. If you do not\n" +
		"have it yet, one line installs it in the current directory; on Linux:\n\n" +
		"    " + downloads.InstallLine(KitServer, downloads.Target{OS: "linux", Arch: "amd64"}) + "\n\n" +
		"on macOS (Apple silicon):\n\n" +
		"    " + downloads.InstallLine(KitServer, downloads.Target{OS: "darwin", Arch: "arm64"}) + "\n\n" +
		"on Windows, in PowerShell:\n\n" +
		"    " + downloads.InstallLine(KitServer, downloads.Target{OS: "windows", Arch: "amd64"}) + "\n\n" +
		"Intel Macs and ARM: " + KitServer + "/downloads lists every system.\n\n"
}

func kitReadme(info Info) string {
	opponents := func(bot string) string { return strings.TrimSpace(strings.Repeat(bot+" ", info.Players-1)) }
	r := strings.NewReplacer("GAME", info.ID, "DIR", info.Files.Dir, "TITLE", info.Title, "BOTS", strings.Join(info.Bots, ", "),
		"DEMOS", opponents("Demo"), "QUALIFIERS", opponents(info.Qualifier))
	return r.Replace(`# TITLE starter kit

Your bot is main.go: a Go program that uses the SDK in games/DIR/sdk (its
documentation: ` + "`go doc ./games/DIR/sdk`" + `). It starts as the Null bot, which does
nothing: fill in its Play method, called once per round.

Only the standard library is available. Do not write to standard output:
fmt.Println and friends go to your debug log (standard error) anyway.

## Build

    go build                                        # a native binary, to check it compiles
    GOOS=wasip1 GOARCH=wasm go build -o bot.wasm    # what the server runs

` + toolSection() + `## Play locally

With the arena binary (built-in bots: BOTS):

    arena play GAME ./main.go DEMOS -s 1 -o match.json.gz
    arena view match.json.gz
    arena play GAME ./main.go QUALIFIERS -n 100   # many seeds: wins, mean, sd
    arena play GAME ./main.go --qualify           # the qualification, as the server plays it

The game's page says which boards qualification plays on: add
--board FILE for each, as the page shows.

Submit main.go on the website. Keep it in one file.
`)
}
