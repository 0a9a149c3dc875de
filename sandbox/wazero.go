package sandbox

import (
	"context"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// wasiModule is the one module a bot may import from.
const wasiModule = wasi_snapshot_preview1.ModuleName

const pageSize = 64 << 10 // bytes in a WebAssembly page

// runtimeConfig is the one wazero configuration, shared by Precompile and
// the run child so that the compilation cache keys match. There is no
// WithCloseOnContextDone: it makes guest code ~10x slower (DESIGN.md); the
// parent kills the child process instead. There is no memory limit either:
// the run child's allocator enforces it (guestMemory), so that it sees
// the grows it refuses.
func runtimeConfig(cache wazero.CompilationCache) wazero.RuntimeConfig {
	cfg := wazero.NewRuntimeConfigCompiler().WithCloseOnContextDone(false)
	if cache != nil {
		cfg = cfg.WithCompilationCache(cache)
	}
	return cfg
}

// Precompile compiles wasm to machine code into the compilation cache in
// cacheDir, so that a bot's child loads it in tens of milliseconds instead
// of compiling it for a second or two. It is idempotent.
func Precompile(ctx context.Context, cacheDir string, wasm []byte) error {
	cache, err := wazero.NewCompilationCacheWithDir(cacheDir)
	if err != nil {
		return fmt.Errorf("sandbox: compilation cache: %w", err)
	}
	defer cache.Close(ctx)
	rt := wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cache))
	defer rt.Close(ctx)
	mod, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return fmt.Errorf("sandbox: precompile: %w", err)
	}
	return mod.Close(ctx)
}
