package service

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
)

// Admin operations on versions, the copy check's base code and roster
// imports, each in one transaction.

// Rejudge sends a version back to the compile queue and returns it as it
// was. The status and the job change in one transaction, so a version is
// never queued without a job to move it on (nor a job left for a version
// that was not reset).
func Rejudge(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, versionID int64) (v *domain.Version, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if v, err = store.VersionForUpdate(ctx, tx, versionID); err != nil {
			return err
		}
		if err := store.RequeueVersion(ctx, tx, versionID); err != nil {
			return err
		}
		_, err = jobs.InsertTx(ctx, tx, judge.CompileArgs{VersionID: versionID}, nil)
		return err
	})
	return v, err
}

// ErrTooManyBaseFiles: a game's copy check base code would have more files
// than allowed.
var ErrTooManyBaseFiles = errors.New("too many base files")

// AddCopyBaseFiles stores files (checked by the caller) in gameID's copy
// check base code, uploaded by userID, replacing those of the same names,
// and queues the game's copies to be checked again; queued is how many
// versions were. More than maxFiles files in all is ErrTooManyBaseFiles,
// and nothing is stored.
func AddCopyBaseFiles(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, gameID string, files []store.CopyBaseFile,
	userID int64, maxFiles int) (queued int, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		have, err := store.CopyBaseFiles(ctx, tx, gameID)
		if err != nil {
			return err
		}
		names := map[string]bool{}
		for _, f := range have {
			names[f.Name] = true
		}
		for _, f := range files {
			names[f.Name] = true
		}
		if len(names) > maxFiles {
			return ErrTooManyBaseFiles
		}
		for _, f := range files {
			if err := store.CopyPutBaseFile(ctx, tx, f, userID); err != nil {
				return err
			}
		}
		queued, err = judge.ReindexCopies(ctx, tx, jobs, gameID)
		return err
	})
	return queued, err
}

// DeleteCopyBaseFile removes file id from gameID's copy check base code
// (domain.ErrNotFound: no such file) and queues the game's copies to be
// checked again; it returns the file's name and how many versions were
// queued.
func DeleteCopyBaseFile(ctx context.Context, pool *pgxpool.Pool, jobs *judge.Client, gameID string, id int64) (name string, queued int, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if name, err = store.CopyDeleteBaseFile(ctx, tx, gameID, id); err != nil {
			return err
		}
		queued, err = judge.ReindexCopies(ctx, tx, jobs, gameID)
		return err
	})
	return name, queued, err
}

// TakeRosterCredentials hands userID the credentials of roster import id
// once: open turns the sealed credentials into the CSV (its error is
// returned as is, and they are kept); once opened they are deleted.
// domain.ErrNotFound: none (any more) for this user.
func TakeRosterCredentials(ctx context.Context, pool *pgxpool.Pool, id, userID int64, open func(sealed []byte) ([]byte, error)) (csv []byte, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		sealed, err := store.TakeRosterCredentials(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		if csv, err = open(sealed); err != nil {
			return err
		}
		return store.DeleteRosterCredentials(ctx, tx, id)
	})
	return csv, err
}
