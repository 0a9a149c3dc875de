package store

import (
	"context"
	"errors"
	"time"

	"arena.dev/domain"
	"github.com/jackc/pgx/v5"
)

// Challenges (service/challenge.go): matches of KindChallenge, which a
// student starts with their bot against opponents they choose. Who may sit
// in one is said here: the challenger's own playable versions, and the
// versions the game's leaderboard shows (boardFilter); nobody else's
// unranked version, so a challenge reveals nothing the board does not.

// PlayableStatuses are the statuses of a version that can play a
// challenge: it has compiled, and is being qualified or has qualified.
var PlayableStatuses = []string{domain.StatusQualifying, domain.StatusAccepted, domain.StatusSuperseded}

// Contender is a version that may sit in a challenge.
type Contender struct {
	VersionID int64
	BotID     int64
	BotName   string
	OwnerID   int64
	OwnerName string
	Number    int
	Status    string
}

const contenderColumns = `v.id AS version_id, b.id AS bot_id, b.name AS bot_name, u.id AS owner_id, u.name AS owner_name, v.number, v.status`

func scanContenders(rows pgx.Rows, err error) ([]Contender, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Contender])
}

func oneContender(cs []Contender, err error) (Contender, error) {
	if err == nil && len(cs) == 0 {
		err = domain.ErrNotFound
	}
	if err != nil {
		return Contender{}, err
	}
	return cs[0], nil
}

// OwnContenders lists a user's versions of a game that can play a
// challenge, bots by name, each bot's newest version first. A bot an
// admin disabled plays no more.
func OwnContenders(ctx context.Context, db DB, ownerID int64, gameID string) ([]Contender, error) {
	return scanContenders(db.Query(ctx, `SELECT `+contenderColumns+`
		FROM bots b JOIN bot_versions v ON v.bot_id = b.id JOIN users u ON u.id = b.owner_id
		WHERE b.owner_id = $1 AND b.game_id = $2 AND NOT b.disabled AND v.status = ANY($3)
		ORDER BY lower(b.name), v.number DESC`, ownerID, gameID, PlayableStatuses))
}

// OwnContender returns one of OwnContenders by version id, or ErrNotFound.
func OwnContender(ctx context.Context, db DB, ownerID int64, gameID string, versionID int64) (Contender, error) {
	return oneContender(scanContenders(db.Query(ctx, `SELECT `+contenderColumns+`
		FROM bots b JOIN bot_versions v ON v.bot_id = b.id JOIN users u ON u.id = b.owner_id
		WHERE b.owner_id = $1 AND b.game_id = $2 AND NOT b.disabled AND v.status = ANY($3) AND v.id = $4`,
		ownerID, gameID, PlayableStatuses, versionID)))
}

// NewestContender returns a bot's newest version that can play a
// challenge, or ErrNotFound.
func NewestContender(ctx context.Context, db DB, botID int64) (Contender, error) {
	return oneContender(scanContenders(db.Query(ctx, `SELECT `+contenderColumns+`
		FROM bots b JOIN bot_versions v ON v.bot_id = b.id JOIN users u ON u.id = b.owner_id
		WHERE b.id = $1 AND NOT b.disabled AND v.status = ANY($2)
		ORDER BY v.number DESC LIMIT 1`, botID, PlayableStatuses)))
}

// BoardContender returns the version a bot has on the game's leaderboard
// (house bots included), or ErrNotFound when it is not on the board.
func BoardContender(ctx context.Context, db DB, gameID string, botID int64) (Contender, error) {
	return oneContender(scanContenders(db.Query(ctx, `SELECT `+contenderColumns+` `+boardFilter+` AND b.id = $2`, gameID, botID)))
}

// OnBoard reports whether a version is one the game's leaderboard shows.
func OnBoard(ctx context.Context, db DB, gameID string, versionID int64) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 `+boardFilter+` AND v.id = $2)`, gameID, versionID).Scan(&ok)
	return ok, err
}

// FindBot returns the bot of a game that the named owner has under that
// name (names compare case-insensitively), or ErrNotFound. Unlike
// BotByName it never creates one.
func FindBot(ctx context.Context, db DB, gameID, ownerName, botName string) (*domain.Bot, error) {
	return collectOne[domain.Bot](db.Query(ctx, `SELECT `+botColumns+` FROM bots b JOIN users u ON u.id = b.owner_id
		WHERE b.game_id = $1 AND lower(u.name) = lower($2) AND lower(b.name) = lower($3)`, gameID, ownerName, botName))
}

// FindOwnBot is FindBot by the owner's id.
func FindOwnBot(ctx context.Context, db DB, ownerID int64, gameID, botName string) (*domain.Bot, error) {
	return collectOne[domain.Bot](db.Query(ctx, `SELECT `+botColumns+` FROM bots b
		WHERE b.owner_id = $1 AND b.game_id = $2 AND lower(b.name) = lower($3)`, ownerID, gameID, botName))
}

// SeatOwners returns the owner of each bot seat of a match by seat (built-in
// seats have none).
func SeatOwners(ctx context.Context, db DB, matchID int64) (map[int]int64, error) {
	return collectMap[int, int64](db.Query(ctx, `SELECT mp.seat, b.owner_id FROM match_players mp
		JOIN bot_versions v ON v.id = mp.bot_version_id JOIN bots b ON b.id = v.bot_id
		WHERE mp.match_id = $1`, matchID))
}

// SeatLogs returns the debug logs of a match's seats whose bot the user
// owns, by seat: a log is its owner's only.
func SeatLogs(ctx context.Context, db DB, matchID, ownerID int64) (map[int]string, error) {
	return collectMap[int, string](db.Query(ctx, `SELECT mp.seat, mp.log FROM match_players mp
		JOIN bot_versions v ON v.id = mp.bot_version_id JOIN bots b ON b.id = v.bot_id
		WHERE mp.match_id = $1 AND b.owner_id = $2 AND coalesce(mp.log, '') <> ''`, matchID, ownerID))
}

// RoundLog is what a bot printed in one round of a match (-1: its setup).
type RoundLog struct {
	Round int
	Text  string
}

// SeatRoundLogs returns the debug logs of a match's seats whose bot the
// user owns, as SeatLogs does (ownerID 0: every submitted bot's, for an
// admin), each cut by round (FinishMatch's LogRounds). A log from before
// logs were cut is one piece, in no round (Round -2).
func SeatRoundLogs(ctx context.Context, db DB, matchID, ownerID int64) (map[int][]RoundLog, error) {
	rows, err := db.Query(ctx, `SELECT mp.seat, mp.log, mp.log_rounds FROM match_players mp
		JOIN bot_versions v ON v.id = mp.bot_version_id JOIN bots b ON b.id = v.bot_id
		WHERE mp.match_id = $1 AND ($2 = 0 OR b.owner_id = $2) AND coalesce(mp.log, '') <> ''`, matchID, ownerID)
	if err != nil {
		return nil, err
	}
	type seatLog struct {
		Seat      int
		Log       string
		LogRounds []int32
	}
	logs, err := pgx.CollectRows(rows, pgx.RowToStructByName[seatLog])
	if err != nil {
		return nil, err
	}
	out := map[int][]RoundLog{}
	for _, l := range logs {
		out[l.Seat] = cutLog(l.Log, l.LogRounds)
	}
	return out, nil
}

// cutLog cuts log at the [round, start] pairs of cuts; what comes before
// the first (the host's notes) is in none.
func cutLog(log string, cuts []int32) []RoundLog {
	if cuts == nil {
		return []RoundLog{{Round: -2, Text: log}}
	}
	var out []RoundLog
	for k := 0; k+1 < len(cuts); k += 2 {
		start, end := int(cuts[k+1]), len(log)
		if k+3 < len(cuts) {
			end = int(cuts[k+3])
		}
		if start < 0 || start > end || end > len(log) {
			break // not from FinishMatch
		}
		out = append(out, RoundLog{Round: int(cuts[k]), Text: log[start:end]})
	}
	return out
}

// ChallengesEnabled reports whether a game takes challenges (an admin
// may switch them off, for an exam); false for a game with no row.
func ChallengesEnabled(ctx context.Context, db DB, gameID string) (bool, error) {
	var on bool
	err := db.QueryRow(ctx, "SELECT challenges_enabled FROM games WHERE id = $1", gameID).Scan(&on)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return on, err
}

// SetChallengesEnabled switches a game's challenges on or off.
func SetChallengesEnabled(ctx context.Context, db DB, gameID string, on bool) error {
	return updateOne(ctx, db, "UPDATE games SET challenges_enabled = $2 WHERE id = $1", gameID, on)
}

// ChallengeSwitches says, by game id, whether each recorded game takes
// challenges.
func ChallengeSwitches(ctx context.Context, db DB) (map[string]bool, error) {
	return collectMap[string, bool](db.Query(ctx, "SELECT id, challenges_enabled FROM games"))
}

// ChallengeLoad is what a user's challenges weigh on the workers now.
type ChallengeLoad struct {
	Pending      int       // queued or being played
	Recent       int       // started in the window
	OldestRecent time.Time // when the oldest of those was started
}

// UserChallengeLoad counts a user's pending challenges and those started
// in the last window. A queued challenge whose job is gone (an admin
// cancelled it, or it ran out of attempts) will never be played, so it is
// not pending: it does not hold one of the user's places for ever. The
// job is found through River's index on its arguments.
func UserChallengeLoad(ctx context.Context, db DB, userID int64, window time.Duration) (ChallengeLoad, error) {
	var l ChallengeLoad
	var oldest *time.Time
	err := db.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE m.status = 'queued' AND `+liveJob+`),
		       count(*) FILTER (WHERE m.created_at > now() - $2::interval),
		       min(m.created_at) FILTER (WHERE m.created_at > now() - $2::interval)
		FROM matches m
		WHERE m.challenger_id = $1 AND (m.status = 'queued' OR m.created_at > now() - $2::interval)`,
		userID, window).Scan(&l.Pending, &l.Recent, &oldest)
	if oldest != nil {
		l.OldestRecent = *oldest
	}
	return l, err
}

// liveJob is true of a match m whose job may still play it.
const liveJob = `EXISTS (SELECT 1 FROM river_job j
	WHERE j.kind = 'match' AND j.args @> jsonb_build_object('match_id', m.id)
	  AND j.state NOT IN ('completed', 'cancelled', 'discarded'))`

// QueuedChallenges counts a game's challenges waiting to be played (those
// whose job is gone never will be).
func QueuedChallenges(ctx context.Context, db DB, gameID string) (int, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT count(*) FROM matches m
		WHERE m.game_id = $1 AND m.kind = 'challenge' AND m.status = 'queued' AND `+liveJob, gameID).Scan(&n)
	return n, err
}

// UserChallenges lists a user's latest challenges of a game, newest first,
// finished or not (FinishedAt nil: not played yet).
func UserChallenges(ctx context.Context, db DB, userID int64, gameID string, limit int) ([]MatchSummary, error) {
	return summaries(ctx, db, `SELECT id, game_id, kind, replay_key IS NOT NULL AS has_replay, finished_at FROM matches
		WHERE challenger_id = $1 AND game_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`, userID, gameID, limit)
}

// MatchJob is where a match's job stands in River: its state ("" when the
// match has no job), and, while it waits, how many jobs of its queue River
// will hand out before it (River's own order: priority, then time, then
// id, on River's fetching index).
func MatchJob(ctx context.Context, db DB, matchID int64) (state string, ahead int, err error) {
	err = db.QueryRow(ctx, `
		WITH j AS (SELECT id, state, queue, priority, scheduled_at FROM river_job
			WHERE kind = 'match' AND args @> jsonb_build_object('match_id', $1::bigint) ORDER BY id DESC LIMIT 1)
		SELECT j.state::text, CASE WHEN j.state = 'available' THEN (SELECT count(*) FROM river_job a
			WHERE a.state = 'available' AND a.queue = j.queue
			  AND (a.priority, a.scheduled_at, a.id) < (j.priority, j.scheduled_at, j.id)) ELSE 0 END
		FROM j`, matchID).Scan(&state, &ahead)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", 0, nil
	}
	return state, ahead, err
}
