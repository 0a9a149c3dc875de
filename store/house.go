package store

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"
)

// House bots: a game's reference bots (the Dummy, the Demo) on its ladder.
// They fill the seats of ladder matches that too few students leave empty,
// are rated like any bot and listed on the leaderboard as reference rows,
// but are nobody's rank. Each is a bot of the house account (RoleHouse)
// with one version, accepted from the start, whose builtin column names
// the built-in bot it runs in-process (judge/match.go).

// HouseBot is a built-in bot to put on a game's ladder.
type HouseBot struct {
	Name   string // the game's built-in bot, e.g. "Dummy"
	Source string // its program, shown to admins as the version's source
}

// EnsureHouseBots gives the game a house bot for each of bots that has
// none yet, accepted at the rating mu, sigma. Callers hold the
// matchmaking lock (LockMatchmaking), so two never create one bot twice.
func EnsureHouseBots(ctx context.Context, db DB, gameID string, bots []HouseBot, mu, sigma float64) error {
	rows, err := db.Query(ctx, `SELECT lower(b.name) FROM bots b JOIN users u ON u.id = b.owner_id
		WHERE u.role = 'house' AND b.game_id = $1 AND b.current_version_id IS NOT NULL`, gameID)
	if err != nil {
		return err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, name := range names {
		have[name] = true
	}
	var house int64
	for _, hb := range bots {
		if have[strings.ToLower(hb.Name)] {
			continue
		}
		if house == 0 {
			if err := db.QueryRow(ctx, "SELECT id FROM users WHERE role = 'house'").Scan(&house); err != nil {
				return err
			}
		}
		bot, err := BotByName(ctx, db, house, gameID, hb.Name)
		if err != nil {
			return err
		}
		v, err := CreateVersion(ctx, db, bot.ID, "go", hb.Source)
		if err != nil {
			return err
		}
		if _, err := db.Exec(ctx, "UPDATE bot_versions SET builtin = $2 WHERE id = $1", v.ID, hb.Name); err != nil {
			return err
		}
		if err := AcceptVersion(ctx, db, v.ID, mu, sigma); err != nil {
			return err
		}
		if err := SetCurrentVersion(ctx, db, bot.ID, v.ID); err != nil {
			return err
		}
	}
	return nil
}
