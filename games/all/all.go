// Package all registers every game; import it for its side effect.
package all

import (
	_ "arena.dev/games/apocalypse" // Apocalypse Now 2018 and Apocalypse Now Redux
	_ "arena.dev/games/orkisland"  // Ork Island
	_ "arena.dev/games/poquemon"   // Poquémon
	_ "arena.dev/games/wasteland"  // Wasteland
)
