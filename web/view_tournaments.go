package web

import (
	"context"
	"slices"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/templates"
)

// tournamentsLoad is what the list of tournaments is made of:
// loadTournaments reads it in two queries (the latest tournaments, the
// entrants of each counted); tournamentsView makes the page of it
// without one.
type tournamentsLoad struct {
	Tournaments []*domain.Tournament // latest first
	Entrants    map[int64]int        // by tournament
	Viewer      *domain.User         // nil: no one logged in
}

// tournamentsListed is how many of the latest tournaments the list shows.
const tournamentsListed = 200

func (s *Server) loadTournaments(ctx context.Context) (tournamentsLoad, error) {
	l := tournamentsLoad{Viewer: userFrom(ctx)}
	var err error
	if l.Tournaments, err = store.Tournaments(ctx, s.Pool, tournamentsListed); err != nil {
		return l, err
	}
	l.Entrants, err = store.TournamentEntrantCounts(ctx, s.Pool)
	return l, err
}

// tournamentsView is the list of tournaments: upcoming ones soonest first,
// then the running and the finished ones, latest first; admins are
// offered to create one.
func tournamentsView(ctx context.Context, l tournamentsLoad) templates.TournamentsData {
	d := templates.TournamentsData{Admin: l.Viewer != nil && l.Viewer.Role == domain.RoleAdmin}
	for _, t := range l.Tournaments {
		row := templates.TournamentRow{ID: t.ID, Name: t.Name, Game: t.GameID, Format: t.Format, Status: t.Status,
			When: fullTime(ctx, &t.StartAt), Entrants: l.Entrants[t.ID]}
		switch t.Status {
		case domain.TournamentScheduled:
			d.Upcoming = append(d.Upcoming, row)
		case domain.TournamentRunning, domain.TournamentPaused:
			d.Running = append(d.Running, row)
		default:
			row.When = fullTime(ctx, t.FinishedAt)
			d.Finished = append(d.Finished, row)
		}
	}
	slices.Reverse(d.Upcoming)
	return d
}
