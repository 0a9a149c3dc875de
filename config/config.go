// Package config reads Arena's settings from the environment. Every variable
// and its default is listed here and in the README.
package config

import (
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// DefaultDatabaseURL is used when DATABASE_URL is unset.
const DefaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/arena?sslmode=disable"

// Config is the process configuration.
type Config struct {
	DatabaseURL   string // DATABASE_URL
	Port          int    // PORT: the web server listens on :PORT
	AdminPassword string // ARENA_ADMIN_PASSWORD: password of the first admin; random when empty
	Workers       int    // ARENA_WORKERS: jobs worked at once per queue; 0 = number of cores
	LogFormat     string // LOG_FORMAT: text, json, or auto (text on a terminal)
	LogLevel      string // LOG_LEVEL: debug, info, warn, error
	DataDir       string // ARENA_DATA_DIR: worker caches (Go build cache, compiled bots); "" = user cache dir/arena
	// DatabaseURLSet says DATABASE_URL was set: it then always wins over
	// an embedded PostgreSQL.
	DatabaseURLSet bool
	// EmbeddedPostgres is ARENA_EMBEDDED_POSTGRES: auto (the default:
	// arena serve starts an embedded PostgreSQL when DATABASE_URL is unset
	// and nothing answers at the default address), on (whenever
	// DATABASE_URL is unset), or off (never).
	EmbeddedPostgres string
	// SourceDir is ARENA_SOURCE_DIR: arena's source tree, from which the
	// server builds the arena tool students download; "" = the tree the
	// binary was built from, when it still exists (make run).
	SourceDir string
	// DownloadsDir is ARENA_DOWNLOADS_DIR: arena binaries built ahead, as
	// OS-ARCH/arena[.exe] (the Docker image has them); when set, the
	// server serves these and builds none.
	DownloadsDir string
	// DownloadsBuild is ARENA_DOWNLOADS_BUILD: start (the default: arena
	// serve builds the arena tool for every system in the background when
	// it starts) or request (only when one is first asked for, as before;
	// for tests and small machines).
	DownloadsBuild string
	// RescueAfter is ARENA_RESCUE_AFTER: how long a running job may go
	// without finishing before River hands it to another worker (its worker
	// is presumed dead); default 5m.
	RescueAfter time.Duration
	// CPUPoll is ARENA_CPU_POLL (on or off, default on): whether idle cores
	// poll instead of sleeping while bots run, which makes each round of a
	// match faster (see sandbox.SetCPUPoll); it needs root.
	CPUPoll bool
	// CacheMax is ARENA_CACHE_MAX (bytes, or with a K, M, G or T suffix;
	// default 10G): the most a worker machine keeps of compiled bots
	// (artifacts and wazero's compilation cache) in ARENA_DATA_DIR.
	CacheMax int64
	// PublicURL is ARENA_PUBLIC_URL: the address users reach the site at
	// (e.g. https://arena.example.edu); "" when unset. When it is https,
	// the session cookie is Secure and every response sends HSTS.
	PublicURL string
	// TrustedProxies is ARENA_TRUSTED_PROXIES: a comma-separated list of
	// addresses or CIDR ranges of reverse proxies in front of the server.
	// Only requests from them have their X-Forwarded-For / X-Real-IP
	// believed; every other client is known by its own address.
	TrustedProxies []netip.Prefix
	// SignupsPerHour is ARENA_SIGNUPS_PER_HOUR (default 100): how many
	// accounts one address may create, all at once and then evenly over
	// each hour. A lab behind one NAT signs up together; a flood from one
	// address stops at this many an hour.
	SignupsPerHour int
}

// DefaultSignupsPerHour lets a lab of 100 sign up at once from one address.
const DefaultSignupsPerHour = 100

// HTTPS reports whether users reach the site over HTTPS.
func (c Config) HTTPS() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// Load reads the environment; it fails on values that do not parse.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:   env("DATABASE_URL", DefaultDatabaseURL),
		AdminPassword: os.Getenv("ARENA_ADMIN_PASSWORD"),
		LogFormat:     env("LOG_FORMAT", "auto"),
		LogLevel:      env("LOG_LEVEL", "info"),
		DataDir:       os.Getenv("ARENA_DATA_DIR"),
	}
	c.DatabaseURLSet = os.Getenv("DATABASE_URL") != ""
	c.EmbeddedPostgres = env("ARENA_EMBEDDED_POSTGRES", "auto")
	c.SourceDir, c.DownloadsDir = os.Getenv("ARENA_SOURCE_DIR"), os.Getenv("ARENA_DOWNLOADS_DIR")
	if c.DownloadsBuild = env("ARENA_DOWNLOADS_BUILD", "start"); c.DownloadsBuild != "start" && c.DownloadsBuild != "request" {
		return c, fmt.Errorf("ARENA_DOWNLOADS_BUILD=%s: want start or request", c.DownloadsBuild)
	}
	var err error
	if c.Port, err = intEnv("PORT", 8080); err != nil {
		return c, err
	}
	if c.Port < 1 || c.Port > 65535 {
		return c, fmt.Errorf("PORT=%d: not a TCP port", c.Port)
	}
	if c.Workers, err = intEnv("ARENA_WORKERS", 0); err != nil {
		return c, err
	}
	if c.RescueAfter, err = durationEnv("ARENA_RESCUE_AFTER", 5*time.Minute); err != nil {
		return c, err
	}
	if c.RescueAfter <= 0 {
		return c, fmt.Errorf("ARENA_RESCUE_AFTER=%s: want a positive duration", c.RescueAfter)
	}
	if c.SignupsPerHour, err = intEnv("ARENA_SIGNUPS_PER_HOUR", DefaultSignupsPerHour); err != nil {
		return c, err
	}
	if c.SignupsPerHour < 1 || c.SignupsPerHour > 100000 {
		return c, fmt.Errorf("ARENA_SIGNUPS_PER_HOUR=%d: want 1 to 100000", c.SignupsPerHour)
	}
	if c.CacheMax, err = CacheMax(); err != nil {
		return c, err
	}
	if c.PublicURL, err = publicURL(os.Getenv("ARENA_PUBLIC_URL")); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = parsePrefixes(os.Getenv("ARENA_TRUSTED_PROXIES")); err != nil {
		return c, fmt.Errorf("ARENA_TRUSTED_PROXIES: %w", err)
	}
	if c.CPUPoll, err = CPUPoll(); err != nil {
		return c, err
	}
	switch c.EmbeddedPostgres {
	case "auto", "on", "off":
	default:
		return c, fmt.Errorf("ARENA_EMBEDDED_POSTGRES=%q: want auto, on or off", c.EmbeddedPostgres)
	}
	switch c.LogFormat {
	case "auto", "text", "json":
	default:
		return c, fmt.Errorf("LOG_FORMAT=%q: want text, json or auto", c.LogFormat)
	}
	return c, nil
}

// CPUPoll reads ARENA_CPU_POLL alone, for the commands that run bots
// without the rest of the configuration (arena play).
func CPUPoll() (bool, error) {
	switch v := env("ARENA_CPU_POLL", "on"); v {
	case "on", "off":
		return v == "on", nil
	default:
		return false, fmt.Errorf("ARENA_CPU_POLL=%q: want on or off", v)
	}
}

// CacheMax reads ARENA_CACHE_MAX alone, for the commands that keep
// compiled bots without the rest of the configuration (arena play).
func CacheMax() (int64, error) { return sizeEnv("ARENA_CACHE_MAX", 10<<30) }

// publicURL checks ARENA_PUBLIC_URL: empty, or an absolute http or https
// URL; a trailing slash is dropped.
func publicURL(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("ARENA_PUBLIC_URL=%q: want an http:// or https:// URL", v)
	}
	return strings.TrimSuffix(v, "/"), nil
}

// parsePrefixes reads a comma-separated list of IP addresses (one host
// each) and CIDR ranges.
func parsePrefixes(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or a CIDR range", f)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a CIDR range", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func intEnv(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: not a number", name, v)
	}
	return n, nil
}

// sizeEnv reads a size in bytes, with an optional K, M, G or T suffix
// (powers of 1024; a trailing B or iB is allowed: 10G, 10GB, 10GiB).
func sizeEnv(name string, def int64) (int64, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	num := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(v), "B"), "I")
	shift := 0
	if i := strings.IndexAny(num, "KMGT"); i >= 0 && i == len(num)-1 {
		shift = 10 * (1 + strings.IndexByte("KMGT", num[i]))
		num = num[:i]
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return 0, fmt.Errorf("%s=%q: not a size (like 10G, 500M or a number of bytes)", name, v)
	}
	return n << shift, nil
}

func durationEnv(name string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: not a duration (like 90s or 5m)", name, v)
	}
	return d, nil
}
