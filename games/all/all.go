// Package all registers every game; import it for its side effect.
package all

import (
	_ "arena.dev/games/orkisland" // Ork Island
)
