package sandbox

import (
	"context"
	"io/fs"
)

// Toolchain is how Compile builds one language: the player's file name in
// the build and in messages, the source policy, the build command, the
// files it needs and how its log is cleaned. The build itself (temporary
// directory, jailed child, rlimits, timeout, capped log, artifact,
// precompiling) and everything from the artifact on are the same for every
// language. The values are Go and Cpp, each in the file of its build
// (gobuild.go, cppbuild.go); package lang's languages name them.
type Toolchain interface {
	// Name is the language's id: "go", "cpp".
	Name() string
	// File is the player's file in the build and in compile messages:
	// "bot.go", "bot.cc".
	File() string
	// Recipe is what decides a build's module besides the source, the SDK
	// and the toolchain's installation: the language version and the
	// build's flags. Keys of built modules hash it; it needs no
	// toolchain.
	Recipe() string
	// Installation names the toolchain this machine builds with: its
	// path, its release and, for clang, its binary's size and time. With
	// the recipe, the source and the SDK it decides a build's module: a
	// machine's cache of builds (`arena play`'s) keys on it.
	Installation(ctx context.Context, opts CompileOptions) (string, error)

	// prepare checks src and lays out the build directory dir (which
	// exists, empty). It returns what to run, or the player's offences in
	// the compiler's format (FILE:LINE:COL: message).
	prepare(ctx context.Context, dir string, src []byte, sdk fs.FS, opts *CompileOptions) (*buildPlan, []string, error)
	// clean rewrites the build log for the player: the player's file by
	// its name, no host paths.
	clean(log []byte, dir string) []byte
}

// buildPlan is one build: the command the jailed child executes and the
// root it sees.
type buildPlan struct {
	cmd execConfig // Dir, Limits and the jail are filled in by Compile
	out string     // the module the command writes
	// readOnly are the host paths the build reads (the toolchain and its
	// sysroot); writable are those it writes besides its build directory
	// (a shared build cache). Its root holds nothing else.
	readOnly, writable []string
	// nobody runs the build as user nobody (when the worker is root); the
	// build directory is then handed to nobody.
	nobody bool
	// at is where the build directory is in the build's root, "" at its
	// host path; jailedArgs, if not nil, are the command's arguments there.
	// (Without a root, the build runs at the host path with cmd.Args.)
	at         string
	jailedArgs []string
	// pch is the precompiled header jailedArgs use, if any.
	pch string
	// pre, if not nil, runs first in the same jail under tighter bounds
	// (CompileOptions.PreprocessTimeout, MaxPreprocessed on its output,
	// pre.out): C++'s preprocessor.
	pre *buildPlan
}
