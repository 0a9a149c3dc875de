package sandbox

import (
	"context"
	"fmt"

	"github.com/tetratelabs/wazero"
)

const pageSize = 64 << 10 // bytes in a WebAssembly page

// runtimeConfig is the one wazero configuration, shared by Precompile and
// the run child so that the compilation cache keys match. There is no
// WithCloseOnContextDone: it makes guest code ~10x slower (DESIGN.md); the
// parent kills the child process instead.
func runtimeConfig(cache wazero.CompilationCache, memoryLimit int64) wazero.RuntimeConfig {
	cfg := wazero.NewRuntimeConfigCompiler().WithCloseOnContextDone(false)
	if cache != nil {
		cfg = cfg.WithCompilationCache(cache)
	}
	if memoryLimit > 0 {
		// Reserving the limit up front makes growing free: otherwise each
		// memory.grow copies the whole memory, and a bot pays for that.
		// Untouched pages cost no RAM.
		cfg = cfg.WithMemoryLimitPages(uint32(memoryLimit / pageSize)).WithMemoryCapacityFromMax(true)
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
	rt := wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cache, 0))
	defer rt.Close(ctx)
	mod, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return fmt.Errorf("sandbox: precompile: %w", err)
	}
	return mod.Close(ctx)
}
