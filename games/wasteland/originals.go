package wasteland

import "arena.dev/games"

// originals are the board files of the original kit, which never
// generates a board: default.cnf (its maze1.cnf is the same board), on
// which qualification plays, and maze2–6.cnf (maze4 and maze5 are one
// board); the ladder takes them all in turn.
var originals = []games.OriginalBoard{
	{Name: "default", Same: []string{"maze 1"}, Fingerprint: "b6d743d502f0f1f0640a128e682026cfe18855cb25a7f39b0be8db19dbdb12a5", Qualification: true, Ladder: true},
	{Name: "maze 2", Fingerprint: "ef3e5b0d7c140134f9d74de8368e02699a004103d453566ce11d110b8e76d3ea", Ladder: true},
	{Name: "maze 3", Fingerprint: "959c6a02b0edededf5303860576bc7bf4ebf376f1c62e006e8f25ce942f59b12", Ladder: true},
	{Name: "maze 4", Same: []string{"maze 5"}, Fingerprint: "5ebf53cc5f1b4b1f8e3ede7df6edaeb16f4785ce38bd7ddeaa8f68b811746d88", Ladder: true},
	{Name: "maze 6", Fingerprint: "f385267f550a199745f6e52239d263b741e569831001e350cd8244d254677107", Ladder: true},
}
