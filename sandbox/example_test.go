package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"arena.dev/sandbox"
)

// A binary that compiles or runs bots hands control to the sandbox first:
//
//	func main() {
//		sandbox.Child() // returns at once unless this process is a sandbox child
//		...
//	}
//
// and so does the TestMain of every package whose tests use the sandbox.
func Example() {
	ctx := context.Background()
	src, _ := os.ReadFile("bot.go")
	sdk := os.DirFS("sdk") // module-relative files of arena.dev: games/wire/..., games/<id>/sdk/...
	art, _, err := sandbox.Compile(ctx, sandbox.Go, src, sdk, sandbox.CompileOptions{
		ArtifactDir: "/var/lib/arena/artifacts",
		CacheDir:    "/var/lib/arena/wazero",
	})
	var ce *sandbox.CompileError
	if errors.As(err, &ce) {
		fmt.Println(ce.Log) // for the player: bot.go:LINE:COL: ...
		return
	}
	if err != nil {
		panic(err)
	}

	var pool sandbox.Pool // warm children across matches
	defer pool.Close()
	bot, err := pool.Start(ctx, art, sandbox.RunOptions{CacheDir: "/var/lib/arena/wazero", Seed: 42})
	if err != nil {
		fmt.Println("frozen at start:", sandbox.ReasonOf(err), err)
		return
	}
	defer bot.Close()
	budget := time.Second
	reply, cpu, err := bot.Exchange([]byte("setup"), budget)
	if err != nil {
		fmt.Println("frozen:", sandbox.ReasonOf(err), err)
		return
	}
	budget -= cpu
	fmt.Printf("%s (%v left)\n", reply, budget)
}
