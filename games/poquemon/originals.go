package poquemon

import "arena.dev/games"

// originals are the board files of the original kit: default.cnf, on
// which the course's matches were played (so qualification plays it),
// and maze1–2.cnf; the ladder takes all three in turn.
var originals = []games.OriginalBoard{
	{Name: "default", Fingerprint: "8c98f315740b6f05727bc09e1c9a1fdb6e1afb65eb77ea81e3b3c206a5869e79", Qualification: true, Ladder: true},
	{Name: "maze 1", Fingerprint: "2cf70a5dc3f5ed749e514bebae546c2ee65f479e27715f9d7580c71f7ea30b47", Ladder: true},
	{Name: "maze 2", Fingerprint: "01e9196ef8ed2ef12c7ef51c3492d345df2a13ed55b235596189ff5bdd7a5fff", Ladder: true},
}
