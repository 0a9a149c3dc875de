package store

import "arena.dev/domain"

// The records and enums store returns are domain values; these aliases keep
// the names web and templates use until their call sites name domain.
type (
	User       = domain.User
	Bot        = domain.Bot
	Version    = domain.Version
	Match      = domain.Match
	Seat       = domain.Seat
	Tournament = domain.Tournament
	Board      = domain.Board
	Standing   = domain.Standing
	BoardUse   = domain.BoardUse
)

const (
	KindLadder        = domain.KindLadder
	KindQualification = domain.KindQualification
	KindTournament    = domain.KindTournament
	KindChallenge     = domain.KindChallenge

	MatchQueued   = domain.MatchQueued
	MatchFinished = domain.MatchFinished
	MatchFailed   = domain.MatchFailed

	FormatElimination = domain.FormatElimination
	FormatLeague      = domain.FormatLeague

	TournamentScheduled = domain.TournamentScheduled
	TournamentRunning   = domain.TournamentRunning
	TournamentPaused    = domain.TournamentPaused
	TournamentFinished  = domain.TournamentFinished
	TournamentCancelled = domain.TournamentCancelled

	RoleStudent = domain.RoleStudent
	RoleAdmin   = domain.RoleAdmin
	RoleHouse   = domain.RoleHouse

	ForQualification = domain.ForQualification
	ForLadder        = domain.ForLadder
)
