package lang

import (
	"arena.dev/games"
	"arena.dev/sandbox"
)

// Go is the first language: the default, and the built-in bots'. A game's
// Go SDK is its sdk/ package, its starter kit/main.go, its reference bots
// bots/*.go (games.Files). Go builds to WebAssembly on every machine that
// has Go, so it has no native build.
var Go = Language{
	ID: "go", Title: "Go", Exts: []string{".go"}, File: sandbox.Go.File(), Editor: "go",
	SDK: games.SDKFiles, Starter: games.KitTemplate, Kit: games.KitFiles, StarterFile: "main.go",
	Bot: games.BotProgram, Tokens: goTokens,
	toolchain: sandbox.Go,
}
