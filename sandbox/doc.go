// Package sandbox compiles a player's Go bot to WebAssembly and runs it with
// hard limits.
//
// Student code is hostile until proven otherwise, so there are two walls:
//
//   - Compile refuses dangerous source (cgo, unsafe, //go:linkname,
//     //go:embed, //go:wasmimport, the network, processes, syscall) before
//     building, naming the line, then runs go build for GOOS=wasip1 in a
//     child with its own namespaces (no network), a minimal environment,
//     rlimits and a time limit. The artifact is stored under its sha256 and
//     precompiled into wazero's compilation cache.
//   - Start runs the bot in a child process (this binary re-executed, see
//     Child) that loads the module, then locks itself down before the
//     first guest instruction: its own namespaces, an empty read-only root,
//     user nobody, no_new_privs, rlimits. The guest sees no files, no
//     environment, no arguments, deterministic clocks and a seeded random
//     source, in a capped linear memory. The parent reads the child's CPU
//     clock and kills it when the player's budget is spent; there is a
//     wall-clock guard too.
//
// The walls that need privileges (namespaces and the empty root need
// CAP_SYS_ADMIN, becoming nobody needs root) are left out where the machine
// refuses them, and the sandbox still runs; ProbeJail says which walls a
// machine's bots get (walls.go), and workers report it when they start.
//
// The bot speaks the frames of package arena.dev/games/wire on its stdin
// and stdout (docs/protocol.md); its stderr is a capped debug log.
//
// A child runs one guest per session; Pool keeps the children of bots that
// ended normally and gives them new sessions of the same artifact, which
// skips the start-up that dominates short matches.
//
// Every binary that compiles or runs bots must call Child first thing in
// main (and in TestMain).
package sandbox
