package games

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// An OriginalBoard is one board file of a game's original course kit
// (default.cnf, maze7.cnf...). The repository holds none of them: a game
// knows them by fingerprint, so that when an admin uploads one, Arena
// names it as the original and, unless the admin chose otherwise, plays
// qualification and the ladder on the ones the course played.
type OriginalBoard struct {
	// Name is the kit's file name without ".cnf", digits apart: "default",
	// "maze 7".
	Name string
	// Same names other files of the kit that hold the same board (the
	// 2018 kit's maze11.cnf is its default.cnf).
	Same []string
	// Fingerprint is Fingerprint of the file.
	Fingerprint string
	// Qualification: qualification plays on it by default (the board the
	// course's matches were played on); Ladder: the ladder does.
	Qualification, Ladder bool
}

// Title is how pages name the board: "default", "default (also maze 11)".
func (o OriginalBoard) Title() string {
	if len(o.Same) == 0 {
		return o.Name
	}
	return o.Name + " (also " + strings.Join(o.Same, ", ") + ")"
}

// File is the board's file name in the original kit: "maze7.cnf".
func (o OriginalBoard) File() string { return strings.ReplaceAll(o.Name, " ", "") + ".cnf" }

// Fingerprint identifies a board file whatever the system it was copied
// on: the SHA-256, in hex, of its text with a byte-order mark dropped,
// line endings made "\n", each line's trailing spaces and tabs trimmed
// (the kits' files end lines in tabs, which editors strip) and trailing
// empty lines dropped.
func Fingerprint(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	lines := bytes.Split(data, []byte("\n"))
	for i, l := range lines {
		lines[i] = bytes.TrimRight(l, " \t")
	}
	sum := sha256.Sum256(bytes.TrimRight(bytes.Join(lines, []byte("\n")), "\n"))
	return hex.EncodeToString(sum[:])
}

// Original returns the original board a file is, if the game knows it.
func (i Info) Original(data []byte) (OriginalBoard, bool) {
	fp := Fingerprint(data)
	for _, o := range i.Originals {
		if o.Fingerprint == fp {
			return o, true
		}
	}
	return OriginalBoard{}, false
}

// OriginalNamed returns the game's original board called name.
func (i Info) OriginalNamed(name string) (OriginalBoard, bool) {
	for _, o := range i.Originals {
		if o.Name == name {
			return o, true
		}
	}
	return OriginalBoard{}, false
}

// OriginalNames are the names of the originals qualification (ladder
// false) or the ladder plays on by default, in the game's order.
func (i Info) OriginalNames(ladder bool) []string {
	var out []string
	for _, o := range i.Originals {
		if (ladder && o.Ladder) || (!ladder && o.Qualification) {
			out = append(out, o.Name)
		}
	}
	return out
}

// KitName is an original's Name from its kit file name: "maze7.cnf" is
// "maze 7".
func KitName(file string) string {
	base := strings.TrimSuffix(file, ".cnf")
	i := strings.IndexFunc(base, unicode.IsDigit)
	if i <= 0 {
		return base
	}
	return base[:i] + " " + base[i:]
}
