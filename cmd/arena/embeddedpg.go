package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	embeddedpostgres "github.com/fergusstrange/embedded-postgres"

	"arena.dev/config"
	"arena.dev/sandbox"
)

// arena serve on a machine without a PostgreSQL server: when DATABASE_URL
// is unset and nothing answers at the default address, it starts one of
// its own with fergusstrange/embedded-postgres, its data under
// ARENA_DATA_DIR/postgres (kept across restarts), and stops it when it
// stops. The library runs PostgreSQL's own initdb and pg_ctl from a
// directory of binaries: the machine's (Debian's /usr/lib/postgresql/N, or
// a pg_ctl on the PATH) when there are some, so it works offline;
// otherwise it downloads them once (from Maven Central) into
// ARENA_DATA_DIR/postgres.

// embeddedPostgresVersion is the version downloaded when the machine has
// no PostgreSQL binaries (docker-compose.yml's is 16 too).
const embeddedPostgresVersion = embeddedpostgres.V16

// serveDatabase says which database arena serve uses: DATABASE_URL when it
// is set, the default address when something answers there (or embedding
// is off), else an embedded PostgreSQL, started here; stop stops it (a
// no-op for the others).
func serveDatabase(cfg config.Config, logger *slog.Logger) (dbURL string, stop func(), err error) {
	addr := defaultAddress()
	if !useEmbedded(cfg, addr) {
		return cfg.DatabaseURL, func() {}, nil
	}
	why := "DATABASE_URL is unset and nothing answers at " + addr
	if cfg.EmbeddedPostgres == "on" {
		why = "DATABASE_URL is unset and ARENA_EMBEDDED_POSTGRES=on"
	}
	pg, err := startEmbeddedPostgres(sandbox.Caches{Dir: cfg.DataDir}.Root())
	if err != nil {
		return "", nil, fmt.Errorf("embedded PostgreSQL (%s): %w", why, err)
	}
	logger.Info(why+": started an embedded PostgreSQL, stopped with the server",
		"data", pg.data, "binaries", pg.binaries, "url", redactURL(pg.url))
	return pg.url, func() {
		if err := pg.stop(); err != nil {
			logger.Error("stopping the embedded PostgreSQL", "data", pg.data, "err", err)
			return
		}
		logger.Info("stopped the embedded PostgreSQL", "data", pg.data)
	}, nil
}

// useEmbedded decides: never when DATABASE_URL is set or embedding is off;
// when it is on, always; when auto, if nothing answers at addr.
func useEmbedded(cfg config.Config, addr string) bool {
	switch {
	case cfg.DatabaseURLSet || cfg.EmbeddedPostgres == "off":
		return false
	case cfg.EmbeddedPostgres == "on":
		return true
	}
	return !answers(addr)
}

// defaultAddress is the host:port of config.DefaultDatabaseURL.
func defaultAddress() string {
	u, _ := url.Parse(config.DefaultDatabaseURL)
	return u.Host
}

// answers reports whether something accepts TCP connections at addr.
func answers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "?"
	}
	return u.Redacted()
}

// embeddedPG is a running embedded PostgreSQL.
type embeddedPG struct {
	db       *embeddedpostgres.EmbeddedPostgres
	url      string
	data     string // its data directory
	binaries string // where its programs come from
}

func (p *embeddedPG) stop() error { return p.db.Stop() }

// startEmbeddedPostgres starts PostgreSQL on a data directory under dir
// (created on first use), on localhost only, with TCP connections alone
// (no Unix socket, whose default directory a user may not write), and
// returns its URL (database arena).
func startEmbeddedPostgres(dir string) (*embeddedPG, error) {
	dir = filepath.Join(dir, "postgres")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "data")
	binRoot, major, found := machinePostgres()
	version := embeddedPostgresVersion
	if found {
		// The library compares only this version's prefix with the data
		// directory's PG_VERSION.
		version = embeddedpostgres.PostgresVersion(major + ".0.0")
	} else {
		binRoot = filepath.Join(dir, "pgsql") // downloaded and unpacked there once
		major = strings.SplitN(string(version), ".", 2)[0]
	}
	// The library deletes a data directory it cannot reuse and starts
	// afresh: refuse instead of losing a course's data.
	if err := checkDataDir(data, major); err != nil {
		return nil, err
	}
	run := binRoot
	if isRoot() {
		var err error
		if run, err = nonRootPrograms(dir, binRoot, found); err != nil {
			return nil, err
		}
	}
	stopLeftover(run, data)
	password, err := embeddedPassword(filepath.Join(dir, "password"))
	if err != nil {
		return nil, err
	}
	port := 5433
	if !portFree(port) {
		if port, err = anyFreePort(); err != nil {
			return nil, err
		}
	}
	db := embeddedpostgres.NewDatabase(embeddedpostgres.DefaultConfig().
		Version(version).
		Port(uint32(port)).
		Database("arena").
		Username("postgres").
		Password(password).
		BinariesPath(run).
		CachePath(filepath.Join(dir, "download")).
		RuntimePath(filepath.Join(dir, "run")). // emptied at each start
		DataPath(data).
		Locale("C").
		Encoding("UTF8").
		StartParameters(map[string]string{
			"listen_addresses":        "localhost",
			"unix_socket_directories": "",
			// Its log in data/log, not in the library's file.
			"logging_collector": "on",
		}).
		StartTimeout(time.Minute).
		Logger(io.Discard))
	if err := db.Start(); err != nil {
		return nil, err
	}
	src := binRoot
	switch {
	case !found:
		src += " (downloaded)"
	case run != binRoot:
		src += " (as a non-root user of a user namespace: PostgreSQL refuses root)"
	}
	return &embeddedPG{
		db:       db,
		url:      fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/arena?sslmode=disable", password, port),
		data:     data,
		binaries: src,
	}, nil
}

// machinePostgres finds PostgreSQL's programs on the machine: Debian's and
// Ubuntu's /usr/lib/postgresql/N (the highest N), else the pg_ctl on the
// PATH. It returns the directory holding bin/ and the major version.
func machinePostgres() (root, major string, ok bool) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	slices.SortFunc(dirs, func(a, b string) int { return versionOf(b) - versionOf(a) })
	for _, d := range dirs {
		root := filepath.Dir(filepath.Dir(d))
		if hasPrograms(root) && versionOf(d) > 0 {
			return root, strconv.Itoa(versionOf(d)), true
		}
	}
	pgctl, err := exec.LookPath("pg_ctl")
	if err != nil {
		return "", "", false
	}
	if p, err := filepath.EvalSymlinks(pgctl); err == nil {
		pgctl = p
	}
	root = filepath.Dir(filepath.Dir(pgctl))
	out, err := exec.Command(pgctl, "--version").Output()
	m := regexp.MustCompile(`\(PostgreSQL\) (\d+)`).FindSubmatch(out)
	if err != nil || m == nil || !hasPrograms(root) {
		return "", "", false
	}
	return root, string(m[1]), true
}

// versionOf reads N from .../postgresql/N/bin/pg_ctl (0 if not a number).
func versionOf(pgctl string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(pgctl))))
	return n
}

// hasPrograms reports whether root/bin holds what the library runs.
func hasPrograms(root string) bool {
	for _, p := range []string{"pg_ctl", "initdb", "postgres"} {
		if _, err := os.Stat(filepath.Join(root, "bin", exe(p))); err != nil {
			return false
		}
	}
	return true
}

// checkDataDir refuses a data directory that is not PostgreSQL major's:
// another version's (which would need pg_upgrade) or something else.
func checkDataDir(data, major string) error {
	entries, err := os.ReadDir(data)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(entries) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(data, "PG_VERSION"))
	if err != nil {
		return fmt.Errorf("%s is not a PostgreSQL data directory (no PG_VERSION): move it away", data)
	}
	if v := strings.TrimSpace(string(b)); v != major {
		return fmt.Errorf("%s holds the data of PostgreSQL %s, and the PostgreSQL found is %s: "+
			"upgrade it with pg_upgrade, or move it away to start afresh", data, v, major)
	}
	return nil
}

// stopLeftover stops a server a previous arena serve left running on data
// (it was killed before it could stop it).
func stopLeftover(binRoot, data string) {
	if _, err := os.Stat(filepath.Join(data, "postmaster.pid")); err != nil {
		return
	}
	cmd := exec.Command(filepath.Join(binRoot, "bin", exe("pg_ctl")), "stop", "-w", "-m", "fast", "-D", data)
	_ = cmd.Run() // nothing to stop is fine: PostgreSQL also ignores a stale pid file
}

// embeddedPassword reads the superuser's password, made up on first use.
func embeddedPassword(path string) (string, error) {
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) > 0 {
		return strings.TrimSpace(string(b)), nil
	}
	b := make([]byte, 16)
	rand.Read(b)
	pw := hex.EncodeToString(b)
	return pw, os.WriteFile(path, []byte(pw+"\n"), 0o600)
}

func portFree(port int) bool {
	ln, err := net.Listen("tcp", net.JoinHostPort("localhost", strconv.Itoa(port)))
	if err != nil {
		return false
	}
	ln.Close()
	return true
}

func anyFreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func isRoot() bool { return os.Geteuid() == 0 }

// exe adds Windows's .exe.
func exe(name string) string {
	if filepath.Separator == '\\' {
		return name + ".exe"
	}
	return name
}
