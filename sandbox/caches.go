package sandbox

import (
	"os"
	"path/filepath"
)

// Caches is where a machine keeps what compiling and running bots needs:
// the Go build cache, the artifacts, wazero's compilation cache and the C++
// SDKs' precompiled headers, all under one directory. Every part is a
// cache that refills itself.
type Caches struct {
	Dir string // default: the user's cache directory + /arena
}

// Root is the directory holding the caches.
func (c Caches) Root() string {
	if c.Dir != "" {
		return c.Dir
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "arena")
	}
	return filepath.Join(os.TempDir(), "arena")
}

// ArtifactDir holds compiled bots by hash.
func (c Caches) ArtifactDir() string { return filepath.Join(c.Root(), "artifacts") }

// WasmCache is wazero's compilation cache.
func (c Caches) WasmCache() string { return filepath.Join(c.Root(), "wazero") }

// PCHDir holds the C++ SDKs' precompiled headers.
func (c Caches) PCHDir() string { return filepath.Join(c.Root(), "cpp-pch") }

// CompileOptions compiles into these caches, with the default limits.
func (c Caches) CompileOptions() CompileOptions {
	return CompileOptions{GoCache: filepath.Join(c.Root(), "gocache"), ArtifactDir: c.ArtifactDir(),
		CacheDir: c.WasmCache(), PCHDir: c.PCHDir()}
}

// RunOptions runs from these caches, with the default limits.
func (c Caches) RunOptions(seed uint64) RunOptions {
	return RunOptions{CacheDir: c.WasmCache(), Seed: seed}
}
