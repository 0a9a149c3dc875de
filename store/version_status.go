package store

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
