package copycheck

import (
	"fmt"
	"math"
)

// Scheme names how fingerprints are made: the index keeps it per version,
// and versions fingerprinted otherwise are done again. Change the last
// number when the tokens change.
var Scheme = fmt.Sprintf("winnow-k%d-w%d-1", K, W)

// MinShared is the fewest distinct fingerprints two versions must share to
// be a pair: five fingerprints are some 60 tokens of the same code, half a
// dozen lines at least. Below it, two students who made the same small
// change to the kit's bot would rank at the top of the list.
const MinShared = 5

// MinScore is the lowest score a pair is kept with; the pages filter above
// it.
const MinScore = 0.05

// A fragment held by many owners is shared idiom, not evidence: MOSS
// ignores a passage found in more than 10 programs (its -m), Dolos one in
// more than a given share of them. A hash is common when more owners hold
// it than CommonLimit of the game's owners allows.
const (
	CommonMinOwners = 10
	CommonShare     = 0.25
)

// CommonLimit is how many owners may hold a hash before it is common:
// CommonMinOwners, or CommonShare of the owners when that is more.
func CommonLimit(owners int) int {
	return max(CommonMinOwners, int(math.Ceil(CommonShare*float64(owners))))
}
