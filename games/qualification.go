package games

// Qualification is how a new version earns its place on the ladder, the
// same on the server (package judge), in `arena play` and in the games'
// calibration tests: it plays QualificationMatches matches against
// Players-1 copies of the game's qualifier (its Dummy); in match i
// (0-based) it sits in seat i mod Players, on seed i+1, and on the i-th of
// the game's qualification boards in turn (generated from the seed when
// there are none). It qualifies when it ends alone on top in more than
// half of them (3 of 4). Fixed seeds make the verdict reproducible: a
// student plays the same matches locally before submitting.

// QualificationMatches is the default number of qualification matches; a
// game's settings on the server may change it.
const QualificationMatches = 4

// QualificationSeat is the version's seat in qualification match i.
func QualificationSeat(i, players int) int { return i % players }

// QualificationSeed is the seed of qualification match i.
func QualificationSeed(i int) uint64 { return uint64(i) + 1 }

// QualificationFirsts is how many of matches a version must end alone on
// top of to qualify: more than half.
func QualificationFirsts(matches int) int { return matches/2 + 1 }

// AloneFirst reports whether seat ended alone on top of scores.
func AloneFirst(scores []int, seat int) bool {
	w := Winners(scores)
	return len(w) == 1 && w[0] == seat
}
