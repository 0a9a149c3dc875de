// Package pgtest gives each test package its own fresh, migrated Postgres
// database, like httptest gives it a server.
//
// Where it comes from: TEST_DATABASE_URL when set (any database on the
// server; a new one is created beside it); otherwise a testcontainers-go
// Postgres when a Docker engine answers; otherwise the local server at
// postgres://postgres@127.0.0.1:5432/postgres. If none answers, the tests fail
// with a message saying what to do; they are never skipped.
//
// Use it from TestMain so the database is dropped when the package is done:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/testcontainers/testcontainers-go"
	tcpostgres "github.com/testcontainers/testcontainers-go/modules/postgres"

	"arena.dev/store"
)

const localServer = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

var (
	once     sync.Once
	dbURL    string
	setupErr error
	cleanups []func()
)

// Main runs the tests, then drops the package's database (or stops its
// container) and exits with the tests' status.
func Main(m *testing.M) {
	code := m.Run()
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	os.Exit(code)
}

// URL returns the connection URL of this test package's database, created
// and migrated on first use.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { dbURL, setupErr = setup() })
	if setupErr != nil {
		t.Fatalf("pgtest: %v", setupErr)
	}
	return dbURL
}

// Pool returns a connection pool on the package's database, closed when the
// test ends.
func Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pool, err := pgxpool.New(ctx, URL(t))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func setup() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server := os.Getenv("TEST_DATABASE_URL")
	if server == "" && dockerAnswers(ctx) {
		var err error
		if server, err = startContainer(ctx); err != nil {
			return "", err
		}
	}
	if server == "" {
		server = localServer
	}
	url, err := createDatabase(ctx, server)
	if err != nil {
		return "", fmt.Errorf("no test database server: %v\n"+
			"\tset TEST_DATABASE_URL to a Postgres server URL, start the local server "+
			"(pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start), or start Docker", err)
	}
	pool, err := store.Open(ctx, url)
	if err != nil {
		return "", err
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool); err != nil {
		return "", fmt.Errorf("migrating %s: %w", store.Redact(url), err)
	}
	return url, nil
}

// createDatabase makes a new database on the server of serverURL, named
// after the test binary, and registers its removal.
func createDatabase(ctx context.Context, serverURL string) (string, error) {
	cfg, err := pgx.ParseConfig(serverURL)
	if err != nil {
		return "", fmt.Errorf("TEST_DATABASE_URL: %v", err)
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return "", fmt.Errorf("%s: %v", store.Redact(serverURL), err)
	}
	defer conn.Close(ctx)
	name := databaseName()
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("creating test database: %v", err)
	}
	cleanups = append(cleanups, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			return
		}
		defer conn.Close(ctx)
		conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	})
	return replaceDatabase(serverURL, name), nil
}

// databaseName is unique per run and says which package it belongs to.
func databaseName() string {
	pkg := strings.TrimSuffix(filepath.Base(os.Args[0]), ".test")
	pkg = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, strings.ToLower(pkg))
	if len(pkg) > 30 {
		pkg = pkg[:30]
	}
	var b [4]byte
	rand.Read(b[:])
	return "arena_test_" + pkg + "_" + hex.EncodeToString(b[:])
}

func replaceDatabase(serverURL, name string) string {
	cfg, _ := pgx.ParseConfig(serverURL)
	// Rebuild from the parsed parts so both URL and key=value forms work.
	u := url.URL{Scheme: "postgres", Host: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), Path: "/" + name}
	u.User = url.User(cfg.User)
	if cfg.Password != "" {
		u.User = url.UserPassword(cfg.User, cfg.Password)
	}
	if cfg.TLSConfig == nil {
		u.RawQuery = "sslmode=disable"
	}
	return u.String()
}

func dockerAnswers(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	p, err := testcontainers.NewDockerProvider()
	if err != nil {
		return false
	}
	defer p.Close()
	return p.Health(ctx) == nil
}

func startContainer(ctx context.Context) (string, error) {
	c, err := tcpostgres.Run(ctx, "postgres:16-alpine",
		tcpostgres.WithUsername("postgres"),
		tcpostgres.WithPassword("postgres"),
		tcpostgres.BasicWaitStrategies(),
	)
	if err != nil {
		return "", fmt.Errorf("starting a Postgres container: %w", err)
	}
	cleanups = append(cleanups, func() { testcontainers.TerminateContainer(c) })
	return c.ConnectionString(ctx, "sslmode=disable")
}

// FreshURL returns the URL of a database that does not exist yet, on the same
// server as URL(t), for tests of code that creates its own database. It is
// dropped when the test ends.
func FreshURL(t testing.TB) string {
	t.Helper()
	base := URL(t)
	name := databaseName()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("pgtest: dropping %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: dropping %s: %v", name, err)
		}
	})
	return replaceDatabase(base, name)
}
