package main

import "arena.dev/games/orkisland/sdk"

type bot struct{}

func (b *bot) Play(g *sdk.Game) {
	x := undefinedThing + 1
}

func main() { sdk.Run(&bot{}) }
