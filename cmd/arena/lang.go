package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/lang"
)

// The arena tool speaks the language of the user's locale: LC_ALL, else
// LC_MESSAGES, else LANG, as POSIX orders them (ca_ES.UTF-8 → Catalan);
// English when they name none of Arena's languages (C, POSIX, unset).
// Its messages come from i18n/locales/*/cli.toml. What programs read (the
// `player P NAME score S` and `winner` lines, JSON, replay files) stays as
// it is in every language.
//
// There is no --lang option: `arena kit --lang` already names a bot's
// programming language.
func envLang() string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(name); v != "" {
			return localeLang(v)
		}
	}
	return i18n.Default
}

// localeLang is the language of a POSIX locale name: language[_TERRITORY][.codeset][@modifier].
func localeLang(locale string) string {
	locale, _, _ = strings.Cut(locale, ".")
	locale, _, _ = strings.Cut(locale, "@")
	return i18n.Normalize(strings.ReplaceAll(locale, "_", "-"))
}

// cliCtx is a context speaking the environment's language.
func cliCtx() context.Context { return i18n.WithLang(context.Background(), envLang()) }

// tr is message id of cli.toml in the environment's language.
func tr(id string, data ...map[string]any) string { return i18n.T(cliCtx(), id, data...) }

// trn is tr for a message with plural forms, chosen by count ({{.Count}}).
func trn(id string, count int, data ...map[string]any) string {
	return i18n.N(cliCtx(), id, count, data...)
}

// summary is a command's one line for `arena help`: the code's English, or
// its translation (cli.cmd.NAME) when the environment speaks another language.
func summary(c *command) string {
	id := "cli.cmd." + c.name
	if envLang() == i18n.Default {
		return c.summary
	}
	if s := tr(id); s != id {
		return s
	}
	return c.summary
}

// usage is a command's usage for `arena help NAME` and usage errors: the
// code's, or its translation (cli.usage.NAME, for the commands whose usage
// explains in words) when it names the same options; a translation the
// code has outgrown (an option added) gives way to the English.
func usage(c *command) string {
	id := "cli.usage." + c.name
	if envLang() == i18n.Default {
		return c.usage
	}
	if s := tr(id); s != id && slices.Equal(optionRE.FindAllString(s, -1), optionRE.FindAllString(c.usage, -1)) {
		return s
	}
	return c.usage
}

// optionRE finds a usage's options (--board, -n).
var optionRE = regexp.MustCompile(`(?:^|[\s\[])--?[a-z][a-z-]*`)

// placeWords says a place in a match, as games.PlaceWords does in English.
func placeWords(place int, tied bool) string {
	if envLang() == i18n.Default || place <= 0 {
		return games.PlaceWords(place, tied)
	}
	var s string
	switch place {
	case 1, 2, 3, 4:
		s = tr("cli.place." + string(rune('0'+place)))
	default:
		s = tr("cli.place.other", map[string]any{"Place": place})
	}
	if tied {
		s = tr("cli.place.tied", map[string]any{"Place": s})
	}
	return s
}

// printDefaults is fs.PrintDefaults on os.Stdout in the environment's
// language: the options' descriptions, and the flag package's English
// "(default X)" said as cli.flag.default says it.
func printDefaults(fs *flag.FlagSet, c *command) {
	translateFlags(fs, c)
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(os.Stdout)
	out := b.String()
	if envLang() != i18n.Default {
		out = strings.ReplaceAll(out, " (default ", " ("+tr("cli.flag.default")+" ")
	}
	fmt.Fprint(os.Stdout, out)
}

// translateFlags puts the environment's language into fs's option
// descriptions (cli.flag.COMMAND.OPTION) for `arena COMMAND -h`; English,
// and any option the catalogue lacks, keep the code's description.
func translateFlags(fs *flag.FlagSet, c *command) {
	if envLang() == i18n.Default {
		return
	}
	data := map[string]any{"Languages": strings.Join(lang.IDs(), ", ")}
	fs.VisitAll(func(f *flag.Flag) {
		id := "cli.flag." + c.name + "." + f.Name
		if s := tr(id, data); s != id {
			f.Usage = s
		}
	})
}

// statusWords is a version's or match's status (domain.StatusAccepted…) as arena
// submit prints it: the API's word in English, else cli.status.STATUS.
func statusWords(status string) string {
	id := "cli.status." + status
	if envLang() == i18n.Default {
		return status
	}
	if s := tr(id); s != id {
		return s
	}
	return status
}
