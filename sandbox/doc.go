// Package sandbox compiles a player's bot to WebAssembly (Go, or C++) and
// runs it with hard limits.
//
// Student code is hostile until proven otherwise, so there are two walls:
//
//   - Compile builds one source file with its language's Toolchain (Go:
//     go build for GOOS=wasip1, after refusing dangerous source (cgo,
//     unsafe, //go:linkname, //go:embed, //go:wasmimport, the network,
//     processes, syscall) and naming the line; C++: Debian's clang++ for
//     wasm32-wasi, one translation unit against the game's header-only
//     SDK). The build runs in a child with its own namespaces (no
//     network), a root of its own holding only the toolchain and its
//     sysroot (read-only) and the build directory, as user nobody for
//     C++ (which can read files at compile time: #include "/etc/shadow"
//     finds nothing), a minimal environment, rlimits and a time limit.
//     Messages name the player's file (bot.go:LINE:COL, bot.cc:LINE:COL)
//     and no host path. The artifact is stored under its sha256 and
//     precompiled into wazero's compilation cache.
//   - Start runs the bot in a child process (this binary re-executed, see
//     Child) that loads the module, then locks itself down before the
//     first guest instruction: its own namespaces, an empty read-only root,
//     user nobody, no_new_privs, rlimits. The guest sees no files, no
//     environment, no arguments, deterministic clocks and a seeded random
//     source, in a capped linear memory. The parent reads the child's CPU
//     clock from the guest's first instruction on (its start-up is
//     charged) and kills it when the player's budget is spent; there is a
//     wall-clock guard too, for a bot that blocks.
//
// Why a bot was frozen is named from what the host saw, never from what
// the bot printed: a memory.grow past its limit refused (reason.go), the
// trap wazero reports (abort() is "unreachable"; a C++ stack, placed
// first in memory, overflows below address 0), the exit code (and whether
// the module is Go's, whose runtime exits with 2 after a panic), the pipe
// closed, the CPU clock, the thread's state.
//
// The walls that need privileges (namespaces and the roots need
// CAP_SYS_ADMIN, becoming nobody needs root) are left out where the machine
// refuses them, and the sandbox still runs; ProbeJail says which walls a
// machine's bots and builds get (jailprobe.go), and workers report it when
// they start.
//
// On macOS and Windows (portable.go; on Linux too with the build tag
// arena_portable, which is how its tests run) there are no such walls, for
// `arena play` on a student's own machine: the toolchain runs directly, and
// a bot's child serves one session, with its stdio passed at its start, and
// reads its own CPU clock when the parent asks (macOS shows no program
// another process's). Files named *_linux.go hold Linux's side.
//
// The bot speaks the frames of package arena.dev/games/wire on its stdin
// and stdout (docs/protocol.md); its stderr is a capped debug log, kept
// even when the bot fails to start (StartError).
//
// A child runs one guest per session; Pool keeps the children of bots that
// ended normally and gives them new sessions of the same artifact, which
// skips the start-up that dominates short matches.
//
// Every binary that compiles or runs bots must call Child first thing in
// main (and in TestMain).
package sandbox
