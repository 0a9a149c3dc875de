package store

import (
	"context"
	"errors"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// The copy check's data (package copycheck computes, judge/copycheck.go
// keeps it current): each compiled version's fingerprints, the index from
// (game, hash) to versions, the hashes too common to count and the scored
// pairs of versions of different owners.

// CopyVersion is what the copy check keeps of a version: its fingerprints
// in source order, base code left out.
type CopyVersion struct {
	VersionID  int64
	GameID     string
	OwnerID    int64
	Hashes     []int64
	StartLines []int32
	EndLines   []int32
}

// CopyLockGame serialises the copy check of one game until tx ends: a
// version's pairs are computed against every version indexed before it,
// so two versions of a game are never indexed at once.
func CopyLockGame(ctx context.Context, tx pgx.Tx, gameID string) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('arena.copycheck/' || $1, 0))", gameID)
	return err
}

// CopyScheme returns the fingerprint scheme a version was indexed with, ""
// when it was not.
func CopyScheme(ctx context.Context, db DB, versionID int64) (string, error) {
	var scheme string
	err := db.QueryRow(ctx, "SELECT scheme FROM copy_versions WHERE version_id = $1", versionID).Scan(&scheme)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return scheme, err
}

// CopyPutVersion stores a version's fingerprints and its entries in the
// index (its distinct hashes), replacing what an older scheme left.
func CopyPutVersion(ctx context.Context, db DB, v *CopyVersion, scheme string, distinct []int64) error {
	if _, err := db.Exec(ctx, "DELETE FROM copy_versions WHERE version_id = $1", v.VersionID); err != nil {
		return err
	}
	_, err := db.Exec(ctx, `INSERT INTO copy_versions (version_id, game_id, owner_id, scheme, hashes, start_lines, end_lines)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, v.VersionID, v.GameID, v.OwnerID, scheme, v.Hashes, v.StartLines, v.EndLines)
	if err != nil {
		return err
	}
	_, err = db.Exec(ctx, `INSERT INTO copy_index (game_id, hash, version_id, owner_id)
		SELECT $1, h, $3, $4 FROM unnest($2::bigint[]) AS h`, v.GameID, distinct, v.VersionID, v.OwnerID)
	return err
}

// CopyOwners counts the owners with an indexed version of a game.
func CopyOwners(ctx context.Context, db DB, gameID string) (int, error) {
	var n int
	err := db.QueryRow(ctx, "SELECT count(DISTINCT owner_id) FROM copy_versions WHERE game_id = $1", gameID).Scan(&n)
	return n, err
}

// CopyCommon returns the hashes of a game too common to count; with
// hashes, only those among them.
func CopyCommon(ctx context.Context, db DB, gameID string, hashes []int64) (map[int64]bool, error) {
	sql, args := "SELECT hash FROM copy_common WHERE game_id = $1", []any{gameID}
	if hashes != nil {
		sql, args = sql+" AND hash = ANY($2)", append(args, hashes)
	}
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	hs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	out := make(map[int64]bool, len(hs))
	for _, h := range hs {
		out[h] = true
	}
	return out, err
}

// CopyAddCommon records hashes as common, with the number of owners whose
// code holds them.
func CopyAddCommon(ctx context.Context, db DB, gameID string, owners map[int64]int) error {
	hashes := make([]int64, 0, len(owners))
	counts := make([]int32, 0, len(owners))
	for h, n := range owners {
		hashes = append(hashes, h)
		counts = append(counts, int32(n))
	}
	_, err := db.Exec(ctx, `INSERT INTO copy_common (game_id, hash, owners)
		SELECT $1, h, n FROM unnest($2::bigint[], $3::int[]) AS t (h, n)
		ON CONFLICT (game_id, hash) DO UPDATE SET owners = EXCLUDED.owners`, gameID, hashes, counts)
	return err
}

// CopyPosting is one entry of the index: a version holding a hash.
type CopyPosting struct {
	Hash, VersionID, OwnerID int64
}

// CopyPostings returns the entries of the index for some hashes of a game.
func CopyPostings(ctx context.Context, db DB, gameID string, hashes []int64) ([]CopyPosting, error) {
	// One index lookup per hash, whatever the statistics say.
	rows, err := db.Query(ctx, `SELECT i.hash, i.version_id, i.owner_id
		FROM unnest($2::bigint[]) AS h (hash) JOIN copy_index i ON i.game_id = $1 AND i.hash = h.hash`, gameID, hashes)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[CopyPosting])
}

// CopyVersions returns the fingerprints of indexed versions, by id.
func CopyVersions(ctx context.Context, db DB, ids []int64) (map[int64]*CopyVersion, error) {
	rows, err := db.Query(ctx, `SELECT version_id, game_id, owner_id, hashes, start_lines, end_lines
		FROM copy_versions WHERE version_id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	vs, err := pgx.CollectRows(rows, pgx.RowToAddrOfStructByName[CopyVersion])
	out := make(map[int64]*CopyVersion, len(vs))
	for _, v := range vs {
		out[v.VersionID] = v
	}
	return out, err
}

// CopyPair is a scored pair of versions of different owners, A the older.
type CopyPair struct {
	GameID                 string
	AVersionID, BVersionID int64
	AOwnerID, BOwnerID     int64
	Shared                 int
	ATotal, BTotal         int
	ALines, BLines         int
	Score                  float64
}

// CopyReplacePairs replaces every pair of a version by pairs.
func CopyReplacePairs(ctx context.Context, db DB, versionID int64, pairs []CopyPair) error {
	if _, err := db.Exec(ctx, "DELETE FROM copy_pairs WHERE a_version_id = $1 OR b_version_id = $1", versionID); err != nil {
		return err
	}
	if len(pairs) == 0 {
		return nil
	}
	cols := make([][]int64, 9)
	scores := make([]float64, 0, len(pairs))
	for _, p := range pairs {
		if p.AVersionID > p.BVersionID {
			p.AVersionID, p.BVersionID = p.BVersionID, p.AVersionID
			p.AOwnerID, p.BOwnerID = p.BOwnerID, p.AOwnerID
			p.ATotal, p.BTotal = p.BTotal, p.ATotal
			p.ALines, p.BLines = p.BLines, p.ALines
		}
		for i, v := range []int64{p.AVersionID, p.BVersionID, p.AOwnerID, p.BOwnerID, int64(p.Shared),
			int64(p.ATotal), int64(p.BTotal), int64(p.ALines), int64(p.BLines)} {
			cols[i] = append(cols[i], v)
		}
		scores = append(scores, p.Score)
	}
	_, err := db.Exec(ctx, `INSERT INTO copy_pairs (game_id, a_version_id, b_version_id, a_owner_id, b_owner_id,
			shared, a_total, b_total, a_lines, b_lines, score)
		SELECT $1, a, b, ao, bo, s, at, bt, al, bl, sc
		FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::int[],
			$9::int[], $10::int[], $11::real[]) AS t (a, b, ao, bo, s, at, bt, al, bl, sc)`,
		pairs[0].GameID, cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6], cols[7], cols[8], scores)
	return err
}

// CopyUnindexed lists compiled versions (of the given games) not indexed
// with scheme, oldest first.
func CopyUnindexed(ctx context.Context, db DB, scheme string, gameIDs []string) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT v.id FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		LEFT JOIN copy_versions c ON c.version_id = v.id
		WHERE v.artifact_sha256 IS NOT NULL AND b.game_id = ANY($2) AND (c.scheme IS NULL OR c.scheme <> $1)
		ORDER BY v.id`, scheme, gameIDs)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// CopyGameStatus is how far the copy check of a game is.
type CopyGameStatus struct {
	GameID   string
	Compiled int // versions with a build
	Indexed  int // of them, fingerprinted in the current scheme
	Empty    int // of those, with no fingerprint left once base code is out
	Pairs    int // pairs of versions sharing code
}

// CopyStatus returns the copy check's progress per game with compiled
// versions.
func CopyStatus(ctx context.Context, db DB, scheme string) (map[string]CopyGameStatus, error) {
	rows, err := db.Query(ctx, `SELECT b.game_id, count(*) AS compiled, count(c.version_id) AS indexed,
			count(c.version_id) FILTER (WHERE c.empty) AS empty,
			(SELECT count(*) FROM copy_pairs p WHERE p.game_id = b.game_id) AS pairs
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		LEFT JOIN copy_versions c ON c.version_id = v.id AND c.scheme = $1
		WHERE v.artifact_sha256 IS NOT NULL GROUP BY b.game_id`, scheme)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByName[CopyGameStatus])
	out := map[string]CopyGameStatus{}
	for _, s := range list {
		out[s.GameID] = s
	}
	return out, err
}

// CopySide is one version of a listed pair.
type CopySide struct {
	VersionID int64
	BotID     int64
	Bot       string
	Number    int
	Language  domain.Language
	Status    string
	OwnerID   int64
	Owner     string  // the user name
	Display   string  // the person's name from the roster, "" if none
	Total     int     // distinct fingerprints
	Share     float64 // of them, the part the other side holds
	Lines     int     // longest shared run
}

// CopyPairRow is a pair as the admin's pages list it.
type CopyPairRow struct {
	A, B   CopySide
	Shared int
	Score  float64
	// Versions is how many pairs of versions the two owners have above the
	// threshold (the all-versions view shows each pair of owners once).
	Versions int
}

// Lines is the longer of the two longest shared runs.
func (p CopyPairRow) Lines() int { return max(p.A.Lines, p.B.Lines) }

// CopyQuery says which pairs of a game to list.
type CopyQuery struct {
	GameID   string
	MinScore float64
	// AllVersions lists the best pair of versions of every two owners,
	// among all their indexed versions; otherwise only each owner's latest
	// accepted version (the ladder's) counts.
	AllVersions   bool
	Limit, Offset int // Limit 0: all
}

// copyPairSelect turns copy_pairs rows p (with a column n) into listed
// pairs.
const copyPairSelect = `SELECT p.a_version_id, ba.id, ba.name, va.number, va.language, va.status, p.a_owner_id, ua.name, ua.display_name,
		p.a_total, p.a_lines,
		p.b_version_id, bb.id, bb.name, vb.number, vb.language, vb.status, p.b_owner_id, ub.name, ub.display_name,
		p.b_total, p.b_lines,
		p.shared, p.score, p.n, p.total
	FROM p
	JOIN bot_versions va ON va.id = p.a_version_id JOIN bots ba ON ba.id = va.bot_id JOIN users ua ON ua.id = p.a_owner_id
	JOIN bot_versions vb ON vb.id = p.b_version_id JOIN bots bb ON bb.id = vb.bot_id JOIN users ub ON ub.id = p.b_owner_id
	ORDER BY p.score DESC, p.shared DESC, p.a_version_id, p.b_version_id`

// CopyPairs lists the pairs of a game at or above a score, best first,
// and how many there are in all.
func CopyPairs(ctx context.Context, db DB, q CopyQuery) ([]CopyPairRow, int, error) {
	limit := any(nil)
	if q.Limit > 0 {
		limit = q.Limit
	}
	// The threshold is compared as a real, the column's type: as a double,
	// 0.95 is above the real nearest it, and a pair at 95% would miss "95".
	var sql string
	args := []any{q.GameID, q.MinScore, limit, q.Offset}
	if q.AllVersions {
		// The best pair of each two owners, on the columns that rank it
		// (one sort serves the count and the choice), then the page's
		// pairs in full.
		sql = `WITH best AS (
			SELECT DISTINCT ON (least(a_owner_id, b_owner_id), greatest(a_owner_id, b_owner_id)) a_version_id, b_version_id, score, shared,
				count(*) OVER (PARTITION BY least(a_owner_id, b_owner_id), greatest(a_owner_id, b_owner_id)
					ORDER BY score DESC, shared DESC, a_version_id, b_version_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS n
			FROM copy_pairs WHERE game_id = $1 AND score >= $2::real
			ORDER BY least(a_owner_id, b_owner_id), greatest(a_owner_id, b_owner_id), score DESC, shared DESC, a_version_id, b_version_id),
		page AS (SELECT a_version_id, b_version_id, n, count(*) OVER () AS total FROM best
			ORDER BY score DESC, shared DESC, a_version_id, b_version_id LIMIT $3 OFFSET $4),
		p AS (SELECT c.*, page.n, page.total FROM page JOIN copy_pairs c USING (a_version_id, b_version_id))
		` + copyPairSelect
	} else {
		// The latest versions are read first and passed as a constant
		// array, which Postgres hashes: each pair is then two lookups,
		// whatever the statistics. Planned as a semi-join on bots from
		// statistics taken before a class of 1,000 arrived, the same
		// filter took over a second.
		latest, err := copyLatest(ctx, db, q.GameID)
		if err != nil {
			return nil, 0, err
		}
		sql = `WITH p AS (SELECT *, 1 AS n, count(*) OVER () AS total FROM copy_pairs
			WHERE game_id = $1 AND score >= $2::real AND a_version_id = ANY($5) AND b_version_id = ANY($5)
			ORDER BY score DESC, shared DESC, a_version_id, b_version_id LIMIT $3 OFFSET $4)
		` + copyPairSelect
		// Planned for these values every time (an unnamed statement): a
		// generic plan would search the array instead of hashing it.
		args = append([]any{pgx.QueryExecModeExec}, append(args, latest)...)
	}
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CopyPairRow, error) {
		var p CopyPairRow
		var score float32
		err := row.Scan(&p.A.VersionID, &p.A.BotID, &p.A.Bot, &p.A.Number, &p.A.Language, &p.A.Status, &p.A.OwnerID, &p.A.Owner, &p.A.Display,
			&p.A.Total, &p.A.Lines,
			&p.B.VersionID, &p.B.BotID, &p.B.Bot, &p.B.Number, &p.B.Language, &p.B.Status, &p.B.OwnerID, &p.B.Owner, &p.B.Display,
			&p.B.Total, &p.B.Lines,
			&p.Shared, &score, &p.Versions, &total)
		p.Score = float64(score)
		if p.A.Total > 0 {
			p.A.Share = float64(p.Shared) / float64(p.A.Total)
		}
		if p.B.Total > 0 {
			p.B.Share = float64(p.Shared) / float64(p.B.Total)
		}
		return p, err
	})
	if err == nil && len(list) == 0 && q.Offset > 0 {
		// Past the end: count what there is.
		_, n, err := CopyPairs(ctx, db, CopyQuery{GameID: q.GameID, MinScore: q.MinScore, AllVersions: q.AllVersions, Limit: 1})
		return nil, n, err
	}
	return list, total, err
}

// copyLatest returns each owner's latest accepted version of a game: the
// newest of the versions its bots have on the ladder.
func copyLatest(ctx context.Context, db DB, gameID string) ([]int64, error) {
	rows, err := db.Query(ctx, `SELECT DISTINCT ON (owner_id) current_version_id FROM bots
		WHERE game_id = $1 AND current_version_id IS NOT NULL
		ORDER BY owner_id, current_version_id DESC`, gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// CopyPairOf returns the stored pair of two versions, ErrNotFound when
// they share too little to be one.
func CopyPairOf(ctx context.Context, db DB, a, b int64) (*CopyPair, error) {
	if a > b {
		a, b = b, a
	}
	p := &CopyPair{}
	var score float32
	err := db.QueryRow(ctx, `SELECT game_id, a_version_id, b_version_id, a_owner_id, b_owner_id, shared,
			a_total, b_total, a_lines, b_lines, score
		FROM copy_pairs WHERE a_version_id = $1 AND b_version_id = $2`, a, b).
		Scan(&p.GameID, &p.AVersionID, &p.BVersionID, &p.AOwnerID, &p.BOwnerID, &p.Shared,
			&p.ATotal, &p.BTotal, &p.ALines, &p.BLines, &score)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	p.Score = float64(score)
	return p, err
}
