package domain

import "time"

// Arena's vocabulary: the statuses, kinds and roles the database holds as
// text, and the records of users, bots, versions, matches, tournaments and
// boards as the store returns them.

// VersionStatus is where a version (a submission) is on its way to the
// ladder: queued, compiling, then compile_error or qualifying, then
// rejected or accepted; an accepted version is superseded when a newer
// one of its bot is accepted. The values are the bot_versions.status
// column's.
type VersionStatus string

// Version statuses, in the order a submission goes through them. They are
// untyped, so that they are the column's plain text as well, in SQL
// arguments and in comparisons with it.
const (
	StatusQueued       = "queued"
	StatusCompiling    = "compiling"
	StatusCompileError = "compile_error"
	StatusQualifying   = "qualifying"
	StatusRejected     = "rejected"
	StatusAccepted     = "accepted"
	StatusSuperseded   = "superseded"
)

// InProgress reports whether the platform is still judging the version:
// queued, compiling or qualifying.
func (s VersionStatus) InProgress() bool {
	return s == StatusQueued || s == StatusCompiling || s == StatusQualifying
}

// Final reports whether the version has its verdict: nothing changes it
// but a new submission (which may supersede an accepted version) or an
// admin's rejudging.
func (s VersionStatus) Final() bool { return !s.InProgress() }

// Language is the language a version is written in: package lang's id
// ("go", "cpp"), as the bot_versions.language column holds it.
type Language string

// Match kinds.
const (
	KindLadder        = "ladder"
	KindQualification = "qualification"
	KindTournament    = "tournament"
	KindChallenge     = "challenge" // a student's bot against opponents they chose: never rated
)

// Match statuses.
const (
	MatchQueued   = "queued"
	MatchFinished = "finished"
	MatchFailed   = "failed"
)

// Tournament formats.
const (
	FormatElimination = "elimination"
	FormatLeague      = "league"
)

// Tournament statuses.
const (
	TournamentScheduled = "scheduled"
	TournamentRunning   = "running"
	TournamentPaused    = "paused"
	TournamentFinished  = "finished"
	TournamentCancelled = "cancelled"
)

// Roles.
const (
	RoleStudent = "student"
	RoleAdmin   = "admin"
	// RoleHouse is the one system account that owns the house bots (see
	// store/house.go). It cannot log in and is nobody's rank.
	RoleHouse = "house"
)

// BoardUse is what a game's choice of boards is for: its qualification
// or its ladder (the games table's columns are named after it).
type BoardUse string

const (
	ForQualification BoardUse = "qualification"
	ForLadder        BoardUse = "ladder"
)

// User is an account.
type User struct {
	ID           int64
	Name         string
	Email        string
	PasswordHash string
	Role         string
	Disabled     bool
	CreatedAt    time.Time
	// MustChangePassword is set by an admin's reset or a roster import:
	// the user may do nothing but choose a new password.
	MustChangePassword bool
	DisplayName        string // the person's name, from a class roster; "" if none
	Group              string `db:"group_name"` // the class group, from a class roster; "" if none
	Language           string // the language the user chose (en, ca, es); "" for none
}

// Bot is a named entry of a user in one game; its versions are the
// submissions.
type Bot struct {
	ID               int64
	OwnerID          int64
	GameID           string
	Name             string
	Disabled         bool
	CurrentVersionID *int64
	CreatedAt        time.Time
}

// Version is one submission of a bot.
type Version struct {
	ID             int64
	BotID          int64
	Number         int
	Language       Language // package lang's id: "go", "cpp"
	Source         string
	Status         VersionStatus
	CompileLog     string
	ArtifactSHA256 *string
	// SDKKey is the SDK its artifact was built against (lang's SDKKey);
	// nil for a version built before keys were recorded.
	SDKKey    *string
	RebuiltAt *time.Time // when a worker last rebuilt it against a new SDK
	Mu, Sigma *float64
	Games     int
	CreatedAt time.Time
}

// Match is one game between four seats.
type Match struct {
	ID           int64
	GameID       string
	Kind         string
	Seed         int64
	Settings     map[string]int
	Status       string
	BotVersionID *int64 // the version a qualification match judges
	BoardID      *int64 // an uploaded board; nil: generated from the seed
	ChallengerID *int64 // who started a challenge; nil for the other kinds
	ReplayKey    *string
	Rated        bool
	Error        *string
	CreatedAt    time.Time
	FinishedAt   *time.Time
	// Retention (store/retention.go): when the replay was deleted (ReplayKey is
	// then nil) or last played again, and whether that replay ends
	// otherwise than the recorded result.
	ReplayDeletedAt     *time.Time
	ReplayRegeneratedAt *time.Time
	ReplayDiffers       bool
}

// Seat is who plays in one seat: a submitted version or a built-in bot.
type Seat struct {
	VersionID *int64
	Builtin   string
}

// Tournament is one scheduled competition between a frozen set of bots.
type Tournament struct {
	ID       int64
	Name     string
	GameID   string
	Format   string
	Settings map[string]int
	BotIDs   []int64 // chosen entrants; nil: every student's accepted bot at the start
	// VersionsBefore, when set, enters each bot's last version accepted
	// before it instead of its current version.
	VersionsBefore *time.Time
	// OnePerStudent enters only each student's best-rated bot.
	OnePerStudent bool
	BoardIDs      []int64 // uploaded boards the matches rotate through; nil: generated from each seed
	GroupMatches  int     // N: matches per group and round
	FinalMatches  int     // M: matches of the final group (elimination)
	DropCount     int     // K: bots out of each group per round (elimination)
	LeagueRounds  int     // R (league)
	Seed          int64
	Status        string
	Round         int  // the round being played, 0 before the start
	FinalRound    bool // the current round is the final group
	Note          string
	Changes       int64 // changes so far (see NotifyTournament)
	StartAt       time.Time
	CreatedBy     *int64
	CreatedAt     time.Time
	StartedAt     *time.Time
	FinishedAt    *time.Time
}

// Board is an uploaded board file of a game.
type Board struct {
	ID         int64
	GameID     string
	Name       string
	Size       int
	Settings   map[string]int
	Original   string // the game's original board it is ("default", "maze 7"); "" for none
	UploadedBy string // the uploader's name; "" when unknown
	CreatedAt  time.Time
}

// Standing is one line of a game's leaderboard: a bot's current version.
type Standing struct {
	Rank       int // among students' bots; 0 for a house bot
	House      bool
	BotID      int64
	BotName    string
	OwnerID    int64
	OwnerName  string
	VersionID  int64
	Version    int
	Language   Language // the version's (package lang's id)
	Ordinal    float64  // μ − 3σ, the order of the board
	Mu, Sigma  float64
	Games      int
	LastChange *time.Time
}
