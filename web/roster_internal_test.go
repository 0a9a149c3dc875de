package web

import (
	"strings"
	"testing"

	"arena.dev/store"
)

// The one-time passwords' CSV guards cells as the other CSVs do: a display
// name or group starting like a formula is not one in a spreadsheet.
func TestRosterCredentialsCSVHasNoFormulas(t *testing.T) {
	got := string(rosterCredentialsCSV([]store.RosterStudent{{Name: "ann", DisplayName: "=HYPERLINK(1)", Group: "+g"}},
		map[string]string{"ann": "pw"}))
	if !strings.Contains(got, `"ann","'=HYPERLINK(1)","'+g","pw"`) {
		t.Errorf("CSV:\n%s", got)
	}
}
