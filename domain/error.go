package domain

import (
	"errors"
	"strconv"
	"strings"
	"text/template"
	"time"
)

// ErrorCode says what kind of failure an error is, whoever reports it; the
// web maps each to one HTTP status (web/errors.go), the CLI and tests
// compare codes instead of error types.
type ErrorCode string

const (
	Invalid      ErrorCode = "invalid"      // a request that makes no sense; its sender can fix it (422)
	Malformed    ErrorCode = "malformed"    // a request that does not parse (400)
	TooLarge     ErrorCode = "too_large"    // a body or source over a limit (413)
	NotFound     ErrorCode = "not_found"    // what it names does not exist, or is not the user's to see (404)
	Conflict     ErrorCode = "conflict"     // a unique name taken, a row still referred to (409)
	Forbidden    ErrorCode = "forbidden"    // not allowed now (a game closed to challenges) (403)
	Unauthorized ErrorCode = "unauthorized" // not logged in (401)
	TooMany      ErrorCode = "too_many"     // over a rate or count limit; RetryAfter says when to try again (429)
	Unavailable  ErrorCode = "unavailable"  // this server cannot do it (503)
	Internal     ErrorCode = "internal"     // our fault: logged, never shown (500)
)

// Error is a failure the user is told about. Key names its message in the
// catalogue (i18n/locales/*/errors.toml), Data fills the message's
// placeholders, Message is the English text (the catalogue's English
// template filled with Data), used where no translation is at hand.
type Error struct {
	Code       ErrorCode
	Key        string
	Message    string
	Data       map[string]any
	RetryAfter time.Duration // over a limit: when one is likely to pass (0: unknown)
	// Limit is, for a refusal over a limit that counts down a known wait,
	// the same refusal without the wait, for pages that show the countdown
	// themselves.
	Limit *Error
}

func (e *Error) Error() string { return e.Message }

// Data is the parameters of an error's message, by placeholder name.
type Data = map[string]any

// Moment is a time in an error's data: Message says it as
// "2026-11-29 12:46 UTC", a page in its reader's language.
type Moment time.Time

func (m Moment) String() string { return time.Time(m).UTC().Format("2006-01-02 15:04 UTC") }

// NewError is an error of code whose English message is the template
// english (text/template, as the catalogue's templates) filled with data.
// english is the catalogue's English entry for key, word for word (a test
// checks it).
func NewError(code ErrorCode, key, english string, data Data) *Error {
	return &Error{Code: code, Key: key, Message: Fill(english, data), Data: data}
}

// Refusal is an Invalid error: a request refused for a reason its sender
// can fix.
func Refusal(key, english string, data Data) *Error { return NewError(Invalid, key, english, data) }

// Fill executes a message template with data. A template that does not
// parse or run is a programming error, kept visible in the text.
func Fill(tmpl string, data Data) string {
	if !strings.Contains(tmpl, "{{") {
		return tmpl
	}
	t, err := template.New("").Option("missingkey=error").Parse(tmpl)
	if err != nil {
		return tmpl
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return tmpl
	}
	return b.String()
}

// Quote is a name as messages show it: in double quotes, escaped as Go
// quotes it (a message's %q).
func Quote(s string) string { return strconv.Quote(s) }

// The generic failures of data access: store answers them, wrapped with
// what was looked for (errors.Is finds them).
var (
	ErrNotFound = &Error{Code: NotFound, Key: "errors.not_found", Message: "not found"}
	ErrConflict = &Error{Code: Conflict, Key: "errors.conflict", Message: "already taken"}
	ErrInUse    = &Error{Code: Conflict, Key: "errors.in_use", Message: "in use"}
)

// CodeOf is the code of err: its Error's, Internal for anything else (nil
// included: a caller asking has failed).
func CodeOf(err error) ErrorCode {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}
