package games

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

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

// QualificationBoard is which of a game's qualification boards match i
// plays on: an index in them, or -1 for a board generated from its seed.
// The boards take turns, and a generated one takes its turn after them
// when generated is set, or alone when there are none.
func QualificationBoard(i, boards int, generated bool) int {
	n := boards
	if generated || boards == 0 {
		n++
	}
	if k := i % n; k < boards {
		return k
	}
	return -1
}

// QualificationFirsts is how many of matches a version must end alone on
// top of to qualify: more than half.
func QualificationFirsts(matches int) int { return matches/2 + 1 }

// AloneFirst reports whether seat ended alone on top of scores.
func AloneFirst(scores []int, seat int) bool {
	w := Winners(scores)
	return len(w) == 1 && w[0] == seat
}

// Place is seat's place in scores, from 1, and whether another seat has
// the same score: it ends alone on top when place is 1 and not tied.
func Place(scores []int, seat int) (place int, tied bool) {
	place = 1
	for s, v := range scores {
		switch {
		case s == seat:
		case v > scores[seat]:
			place++
		case v == scores[seat]:
			tied = true
		}
	}
	return place, tied
}

// PlaceWords says a place as the pages and `arena play --qualify` do:
// "first", "2nd (tied)"; "" for none.
func PlaceWords(place int, tied bool) string {
	var s string
	switch place {
	case 0:
		return ""
	case 1:
		s = "first"
	case 2:
		s = "2nd"
	case 3:
		s = "3rd"
	default:
		s = strconv.Itoa(place) + "th"
	}
	if tied {
		s += " (tied)"
	}
	return s
}

// PlayCommand is the `arena play` command line that plays a match on this
// machine as the server played it: the bot in each seat (a file or a
// built-in bot's name), the seed, the board file ("" for a board generated
// from the seed) and the settings the match changed from the game's
// defaults.
func PlayCommand(game string, seats []string, seed uint64, board string, settings Settings) string {
	args := append([]string{"arena", "play", game}, seats...)
	args = append(args, "-s", strconv.FormatUint(seed, 10))
	if board != "" {
		args = append(args, "--board", board)
	}
	return commandLine(args, settings)
}

// QualifyCommand is the `arena play --qualify` command line that plays a
// game's qualification on this machine as the server plays it: matches
// of them (-n when not the default), on the board files in turn (none:
// generated boards), with the settings the game's admin changed.
func QualifyCommand(game, bot string, matches int, boards []string, settings Settings) string {
	args := []string{"arena", "play", game, bot, "--qualify"}
	if matches != QualificationMatches {
		args = append(args, "-n", strconv.Itoa(matches))
	}
	for _, b := range boards {
		args = append(args, "--board", b)
	}
	return commandLine(args, settings)
}

// commandLine quotes args for a shell and appends a --set for each
// setting, in name order.
func commandLine(args []string, settings Settings) string {
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		args = append(args, "--set", k+"="+strconv.Itoa(settings[k]))
	}
	for i, a := range args {
		args[i] = ShellQuote(a)
	}
	return strings.Join(args, " ")
}

// ShellQuote quotes an argument for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._/-+=:,@", r))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
