package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// EnsureGame records a registered game so rows can refer to it.
func EnsureGame(ctx context.Context, db DB, id, title string) error {
	_, err := db.Exec(ctx, `INSERT INTO games (id, title) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title`, id, title)
	return err
}

// BotByName returns the owner's bot of that name in a game, creating it if
// it does not exist.
func BotByName(ctx context.Context, db DB, ownerID int64, gameID, name string) (*domain.Bot, error) {
	rows, err := db.Query(ctx, `
		WITH ins AS (
			INSERT INTO bots (owner_id, game_id, name) VALUES ($1, $2, $3)
			ON CONFLICT (owner_id, game_id, lower(name)) DO NOTHING
			RETURNING id, owner_id, game_id, name, disabled, current_version_id, created_at)
		SELECT * FROM ins
		UNION ALL
		SELECT id, owner_id, game_id, name, disabled, current_version_id, created_at
		FROM bots WHERE owner_id = $1 AND game_id = $2 AND lower(name) = lower($3)
		LIMIT 1`, ownerID, gameID, name)
	var b *domain.Bot
	if err == nil {
		b, err = pgx.CollectOneRow(rows, pgx.RowToAddrOfStructByName[domain.Bot])
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return nil, fmt.Errorf("unknown game %q or user %d: %w", gameID, ownerID, domain.ErrNotFound)
	}
	return b, err
}

// botColumns are the bots columns of a domain.Bot, for a table aliased b:
// read them with collectOne[domain.Bot].
const botColumns = "b.id, b.owner_id, b.game_id, b.name, b.disabled, b.current_version_id, b.created_at"

// BotByID returns a bot.
func BotByID(ctx context.Context, db DB, id int64) (*domain.Bot, error) {
	return collectOne[domain.Bot](db.Query(ctx, "SELECT "+botColumns+" FROM bots b WHERE b.id = $1", id))
}

// CreateVersion adds the next version of a bot with the given source in
// the given language (package lang's id). Versions of one bot may be in
// different languages.
func CreateVersion(ctx context.Context, db DB, botID int64, language, source string) (*domain.Version, error) {
	v := &domain.Version{BotID: botID, Language: domain.Language(language), Source: source, Status: domain.StatusQueued}
	// The bot row lock serialises numbering between concurrent submissions.
	if _, err := db.Exec(ctx, "SELECT 1 FROM bots WHERE id = $1 FOR UPDATE", botID); err != nil {
		return nil, err
	}
	err := db.QueryRow(ctx, `
		INSERT INTO bot_versions (bot_id, number, source, language)
		VALUES ($1, (SELECT coalesce(max(number), 0) + 1 FROM bot_versions WHERE bot_id = $1), $2, $3)
		RETURNING id, number, created_at`, botID, source, language).Scan(&v.ID, &v.Number, &v.CreatedAt)
	return v, err
}

// versionColumns are the bot_versions columns of a domain.Version: read
// them with collectOne[domain.Version].
const versionColumns = `id, bot_id, number, language, source, status, compile_log, artifact_sha256, sdk_key, rebuilt_at,
	mu, sigma, games, created_at`

// VersionByID returns a version.
func VersionByID(ctx context.Context, db DB, id int64) (*domain.Version, error) {
	return collectOne[domain.Version](db.Query(ctx, "SELECT "+versionColumns+" FROM bot_versions WHERE id = $1", id))
}

// VersionForUpdate returns a version and locks its row until the
// transaction ends.
func VersionForUpdate(ctx context.Context, tx pgx.Tx, id int64) (*domain.Version, error) {
	return collectOne[domain.Version](tx.Query(ctx, "SELECT "+versionColumns+" FROM bot_versions WHERE id = $1 FOR UPDATE", id))
}

// SetVersionStatus moves a version to a new status.
func SetVersionStatus(ctx context.Context, db DB, id int64, status domain.VersionStatus) error {
	_, err := db.Exec(ctx, "UPDATE bot_versions SET status = $2, status_changed_at = now() WHERE id = $1", id, status)
	return notified(ctx, db, id, err) // in db's transaction: pages update live on commit
}

// SetCompiled records a successful build against the SDK of key sdkKey
// (lang's SDKKey; "" records none) and moves the version to qualifying.
func SetCompiled(ctx context.Context, db DB, id int64, log, sha, sdkKey string) error {
	_, err := db.Exec(ctx, `UPDATE bot_versions SET status = 'qualifying', compile_log = $2, artifact_sha256 = $3,
		sdk_key = nullif($4, ''), status_changed_at = now() WHERE id = $1`, id, log, sha, sdkKey)
	return notified(ctx, db, id, err)
}

// SetRebuilt records a new build of a version's unchanged source against
// the SDK of key sdkKey: its artifact and key, and when (its artifact is
// no longer dropped). Its status, compile log and results stay.
func SetRebuilt(ctx context.Context, db DB, id int64, sha, sdkKey string) error {
	err := updateOne(ctx, db, `UPDATE bot_versions SET artifact_sha256 = $2, sdk_key = $3, rebuilt_at = now(),
		artifact_dropped_at = NULL WHERE id = $1`, id, sha, sdkKey)
	return notified(ctx, db, id, err)
}

// SetCompileError records a failed build.
func SetCompileError(ctx context.Context, db DB, id int64, log string) error {
	_, err := db.Exec(ctx, `UPDATE bot_versions SET status = 'compile_error', compile_log = $2,
		status_changed_at = now() WHERE id = $1`, id, log)
	return notified(ctx, db, id, err)
}

// SetCompileLimited records that a version's build ran into one of its
// limits (with SetCompileError): it then counts towards its owner's
// submission limit.
func SetCompileLimited(ctx context.Context, db DB, id int64) error {
	_, err := db.Exec(ctx, `UPDATE bot_versions SET compile_limited = true WHERE id = $1`, id)
	return err
}

// VersionByNumber returns version n of a bot.
func VersionByNumber(ctx context.Context, db DB, botID int64, n int) (*domain.Version, error) {
	var id int64
	err := db.QueryRow(ctx, "SELECT id FROM bot_versions WHERE bot_id = $1 AND number = $2", botID, n).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return VersionByID(ctx, db, id)
}

// VersionRef names one version of a bot, without its source.
type VersionRef struct {
	ID        int64
	Number    int
	Language  domain.Language
	Status    domain.VersionStatus
	CreatedAt time.Time
}

// VersionRefs lists a bot's versions, newest first.
func VersionRefs(ctx context.Context, db DB, botID int64) ([]VersionRef, error) {
	rows, err := db.Query(ctx, "SELECT id, number, language, status, created_at FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC", botID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[VersionRef])
}

// DebugLog is what a version wrote on its stderr in one match.
type DebugLog struct {
	MatchID int64
	Kind    string
	Seat    int
	When    time.Time
	Text    string
}

// VersionLogs returns the debug logs a version wrote in its latest matches,
// newest first (owner's eyes only: callers check who asks).
func VersionLogs(ctx context.Context, db DB, versionID int64, limit int) ([]DebugLog, error) {
	rows, err := db.Query(ctx, `
		SELECT m.id, m.kind, mp.seat, coalesce(m.finished_at, m.created_at), mp.log
		FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE mp.bot_version_id = $1 AND coalesce(mp.log, '') <> ''
		ORDER BY m.id DESC LIMIT $2`, versionID, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[DebugLog])
}

// VersionStates returns, for each of the given versions that exists, its
// bot, owner and status, by version id.
func VersionStates(ctx context.Context, db DB, ids []int64) (map[int64]VersionEvent, error) {
	rows, err := db.Query(ctx, `SELECT v.id AS version_id, b.id AS bot_id, b.owner_id, v.status
		FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE v.id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	evs, err := pgx.CollectRows(rows, pgx.RowToStructByName[VersionEvent])
	out := map[int64]VersionEvent{}
	for _, e := range evs {
		out[e.VersionID] = e
	}
	return out, err
}

// HasSubmitted reports whether a user has submitted any version of any bot.
func HasSubmitted(ctx context.Context, db DB, ownerID int64) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bots b JOIN bot_versions v ON v.bot_id = b.id WHERE b.owner_id = $1)`,
		ownerID).Scan(&ok)
	return ok, err
}

// BotWithOwner returns a bot and its owner's name, or ErrNotFound.
func BotWithOwner(ctx context.Context, db DB, id int64) (*domain.Bot, string, error) {
	type botOwner struct {
		domain.Bot
		Owner string
	}
	b, err := collectOne[botOwner](db.Query(ctx, "SELECT "+botColumns+", u.name AS owner FROM bots b JOIN users u ON u.id = b.owner_id WHERE b.id = $1", id))
	if err != nil {
		return nil, "", err
	}
	return &b.Bot, b.Owner, nil
}

// PublicVersion is a version without its source, compile log or artifact:
// what anyone may see of it.
type PublicVersion struct {
	ID        int64
	Number    int
	Language  domain.Language
	Status    domain.VersionStatus
	Mu, Sigma *float64
	Games     int
	CreatedAt time.Time
}

// PublicVersions lists a bot's versions without their sources, newest
// first.
func PublicVersions(ctx context.Context, db DB, botID int64) ([]PublicVersion, error) {
	rows, err := db.Query(ctx, `SELECT id, number, language, status, mu, sigma, games, created_at
		FROM bot_versions WHERE bot_id = $1 ORDER BY number DESC`, botID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[PublicVersion])
}
