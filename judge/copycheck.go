package judge

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"arena.dev/copycheck"
	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
)

// CopyCheckArgs asks for a compiled version to be fingerprinted into its
// game's index (once) and for its pairs with every other owner's indexed
// versions to be scored again. The compile that succeeds inserts it; so
// does a version whose pairs a newly common fragment changes, and the
// backfill.
type CopyCheckArgs struct {
	VersionID int64 `json:"version_id"`
}

func (CopyCheckArgs) Kind() string { return "copycheck" }

// InsertOpts: one job per version waiting at a time. Completed jobs do not
// count, so a version can be scored again later.
func (CopyCheckArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// scheduleCopyCheck inserts the versions' copy checks in tx.
func scheduleCopyCheck(ctx context.Context, tx pgx.Tx, versionIDs ...int64) error {
	jobs := make([]river.InsertManyParams, len(versionIDs))
	for i, id := range versionIDs {
		jobs[i] = river.InsertManyParams{Args: CopyCheckArgs{VersionID: id}}
	}
	return insertJobs(ctx, tx, jobs)
}

// CopyCheckWorker keeps the copy check current: it indexes a version and
// scores its pairs, under a lock per game, so that of any two versions the
// later one sees the earlier. Nothing rescans the game: the index gives
// the versions sharing a fingerprint.
type CopyCheckWorker struct {
	river.WorkerDefaults[CopyCheckArgs]
	j *judge
}

func (w *CopyCheckWorker) Work(ctx context.Context, job *river.Job[CopyCheckArgs]) error {
	err := pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		rescore, err := CopyCheck(ctx, tx, job.Args.VersionID)
		if err != nil {
			return err
		}
		if err := scheduleCopyCheck(ctx, tx, rescore...); err != nil {
			return err
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("version %d does not exist", job.Args.VersionID))
	}
	return err
}

// CopyCheck brings the copy check up to date with a version, in tx: it
// fingerprints the version into its game's index if it is not there yet
// (in this scheme) and scores its pairs with every other owner's indexed
// versions, under the game's lock. It returns the versions whose pairs
// need scoring again because a fragment of this one became common. A
// version that never compiled, or of a game this build lacks, is left out.
func CopyCheck(ctx context.Context, tx pgx.Tx, versionID int64) ([]int64, error) {
	v, err := store.VersionByID(ctx, tx, versionID)
	if err != nil {
		return nil, err
	}
	if v.ArtifactSHA256 == nil { // never compiled: nothing that runs
		return nil, nil
	}
	bot, err := store.BotByID(ctx, tx, v.BotID)
	if err != nil {
		return nil, err
	}
	if _, err := games.Get(bot.GameID); err != nil { // no base code to leave out
		return nil, nil
	}
	// The lock first, then the base code: a change of the game's base code
	// (ReindexCopies, under the same lock) is either wholly before this
	// check or wholly after it.
	if err := store.CopyLockGame(ctx, tx, bot.GameID); err != nil {
		return nil, err
	}
	base, err := gameBase(ctx, tx, bot.GameID)
	if err != nil {
		return nil, err
	}
	fps, err := copycheck.Fingerprints(string(v.Language), []byte(v.Source), base)
	if err != nil {
		return nil, err
	}
	// A version of nothing but base code (the kit's starter unchanged, the
	// Demo renamed) is indexed empty: it shares nothing that counts.
	cv := &store.CopyVersion{VersionID: v.ID, GameID: bot.GameID, OwnerID: bot.OwnerID,
		Hashes: []int64{}, StartLines: []int32{}, EndLines: []int32{}}
	for _, f := range fps {
		cv.Hashes = append(cv.Hashes, f.Hash)
		cv.StartLines = append(cv.StartLines, f.StartLine)
		cv.EndLines = append(cv.EndLines, f.EndLine)
	}
	return copyCheck(ctx, tx, cv, fps)
}

// copyCheck indexes a version if it is not yet (in this scheme), scores
// its pairs, and returns the other versions whose scores changed because a
// fragment of this version became common.
func copyCheck(ctx context.Context, tx pgx.Tx, v *store.CopyVersion, fps []copycheck.Fingerprint) ([]int64, error) {
	distinct := copycheck.Distinct(fps)
	scheme, err := store.CopyScheme(ctx, tx, v.VersionID)
	if err != nil {
		return nil, err
	}
	if scheme != copycheck.Scheme {
		if err := store.CopyPutVersion(ctx, tx, v, copycheck.Scheme, distinct); err != nil {
			return nil, err
		}
	}

	// Which of its hashes are common, now that it holds them too.
	common, err := store.CopyCommon(ctx, tx, v.GameID, nil)
	if err != nil {
		return nil, err
	}
	var rest []int64
	for _, h := range distinct {
		if !common[h] {
			rest = append(rest, h)
		}
	}
	postings, err := store.CopyPostings(ctx, tx, v.GameID, rest)
	if err != nil {
		return nil, err
	}
	owners, err := store.CopyOwners(ctx, tx, v.GameID)
	if err != nil {
		return nil, err
	}
	holders := map[int64]map[int64]bool{} // hash → owners
	for _, p := range postings {
		if holders[p.Hash] == nil {
			holders[p.Hash] = map[int64]bool{}
		}
		holders[p.Hash][p.OwnerID] = true
	}
	limit := copycheck.CommonLimit(owners)
	newly := map[int64]int{}
	for h, os := range holders {
		if len(os) > limit {
			newly[h] = len(os)
			common[h] = true
		}
	}
	var rescore []int64
	if len(newly) > 0 {
		if err := store.CopyAddCommon(ctx, tx, v.GameID, newly); err != nil {
			return nil, err
		}
		seen := map[int64]bool{v.VersionID: true}
		for _, p := range postings {
			if newly[p.Hash] > 0 && !seen[p.VersionID] {
				seen[p.VersionID] = true
				rescore = append(rescore, p.VersionID)
			}
		}
		sort.Slice(rescore, func(i, j int) bool { return rescore[i] < rescore[j] })
	}

	// The candidates: other owners' versions holding enough of its hashes.
	shared := map[int64]int{}
	for _, p := range postings {
		if p.OwnerID != v.OwnerID && !common[p.Hash] {
			shared[p.VersionID]++
		}
	}
	var ids []int64
	for id, n := range shared {
		if n >= copycheck.MinShared {
			ids = append(ids, id)
		}
	}
	others, err := store.CopyVersions(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	isCommon := func(h int64) bool { return common[h] }
	mine := copycheck.NewSet(fps, isCommon)
	var pairs []store.CopyPair
	for _, id := range ids {
		o := others[id]
		m := copycheck.Compare(mine, copycheck.NewSet(stored(o), isCommon))
		if m.Shared < copycheck.MinShared || m.Score() < copycheck.MinScore {
			continue
		}
		pairs = append(pairs, store.CopyPair{GameID: v.GameID, AVersionID: v.VersionID, BVersionID: o.VersionID,
			AOwnerID: v.OwnerID, BOwnerID: o.OwnerID, Shared: m.Shared, ATotal: m.TotalA, BTotal: m.TotalB,
			ALines: m.LinesA, BLines: m.LinesB, Score: m.Score()})
	}
	return rescore, store.CopyReplacePairs(ctx, tx, v.VersionID, pairs)
}

// gameBase is a game's base code: the kit and the Demo (copycheck.Base)
// and the files an admin added.
func gameBase(ctx context.Context, tx pgx.Tx, gameID string) (map[int64]bool, error) {
	base, err := copycheck.Base(gameID)
	if err != nil {
		return nil, err
	}
	files, err := store.CopyBaseFiles(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	extra := make([]copycheck.BaseFile, len(files))
	for i, f := range files {
		extra[i] = copycheck.BaseFile{Language: f.Language, Source: []byte(f.Source)}
	}
	return copycheck.Extend(base, extra...)
}

// ReindexCopies starts a game's copy check over, in tx, after its base
// code changed: it forgets the game's fingerprints, common fragments and
// pairs and inserts the check of every compiled version. It returns how
// many versions are queued. Under the game's lock, so a check running
// now finishes on the old base code before (and its version is checked
// again) or waits and reads the new one.
func ReindexCopies(ctx context.Context, tx pgx.Tx, client *Client, gameID string) (int, error) {
	if err := store.CopyLockGame(ctx, tx, gameID); err != nil {
		return 0, err
	}
	if err := store.CopyResetGame(ctx, tx, gameID); err != nil {
		return 0, err
	}
	ids, err := store.CopyCompiled(ctx, tx, gameID)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	jobs := make([]river.InsertManyParams, len(ids))
	for i, id := range ids {
		jobs[i] = river.InsertManyParams{Args: CopyCheckArgs{VersionID: id}}
	}
	_, err = client.InsertManyTx(ctx, tx, jobs)
	return len(ids), err
}

// stored turns an indexed version's fingerprints back into copycheck's.
func stored(v *store.CopyVersion) []copycheck.Fingerprint {
	fps := make([]copycheck.Fingerprint, len(v.Hashes))
	for i, h := range v.Hashes {
		fps[i] = copycheck.Fingerprint{Hash: h, StartLine: v.StartLines[i], EndLine: v.EndLines[i]}
	}
	return fps
}

// CopyBackfillArgs asks for every compiled version not yet in the copy
// check's index (in the current scheme) to be checked: an upgraded server
// builds its index from the versions it has, at start and hourly, and the
// admin's copy check page can ask for it.
type CopyBackfillArgs struct{}

func (CopyBackfillArgs) Kind() string { return "copycheck_backfill" }

func (CopyBackfillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// CopyBackfillWorker inserts the copy checks of the versions the index
// lacks, oldest first.
type CopyBackfillWorker struct {
	river.WorkerDefaults[CopyBackfillArgs]
	j *judge
}

func (w *CopyBackfillWorker) Work(ctx context.Context, job *river.Job[CopyBackfillArgs]) error {
	return pgx.BeginFunc(ctx, w.j.pool, func(tx pgx.Tx) error {
		ids, err := store.CopyUnindexed(ctx, tx, copycheck.Scheme, games.IDs())
		if err != nil {
			return err
		}
		if err := scheduleCopyCheck(ctx, tx, ids...); err != nil {
			return err
		}
		_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}
