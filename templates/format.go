package templates

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Ago says how long ago t was, the way people say it.
func Ago(t time.Time) string {
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural(int(d.Minutes()), "minute") + " ago"
	case d < 48*time.Hour:
		return plural(int(d.Hours()), "hour") + " ago"
	default:
		return plural(int(d.Hours()/24), "day") + " ago"
	}
}

// Wait says a wait of some seconds: "37 s", "1 min 5 s" (as
// static/countdown.js counts it down).
func Wait(seconds int) string {
	if seconds < 60 {
		return strconv.Itoa(seconds) + " s"
	}
	if seconds%60 == 0 {
		return strconv.Itoa(seconds/60) + " min"
	}
	return fmt.Sprintf("%d min %d s", seconds/60, seconds%60)
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// countOf says n of a bot in words: "three Dummies", "one Demo".
func countOf(n int, name string) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	count := strconv.Itoa(n)
	if n >= 0 && n < len(words) {
		count = words[n]
	}
	if n == 1 {
		return count + " " + name
	}
	if strings.HasSuffix(name, "y") && !strings.ContainsAny(name[len(name)-2:len(name)-1], "aeiou") {
		return count + " " + name[:len(name)-1] + "ies"
	}
	return count + " " + name + "s"
}
