package orkisland

import "arena.dev/games"

// originals are the board files of the original kit: its default.cnf only
// sets the parameters and asks for a board generated from the seed
// (GENERATOR1), as Arena's generated boards are; so neither qualification
// nor the ladder switches to it.
var originals = []games.OriginalBoard{
	{Name: "default", Fingerprint: "2bc573d5bef6c390ab176cb7eb194997764b44b41d489f38d91b2e2339ee2619"},
}
