// Command arena is the whole platform in one binary: the web server, the
// workers, migrations, and the students' tools (play, view, kit).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"arena.dev/config"
	_ "arena.dev/games/all" // every game
	"arena.dev/sandbox"
)

func main() {
	// A sandbox child (this binary re-executed to compile or run a bot) does
	// its work and exits here, before anything else.
	sandbox.Child()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// exitError carries a specific exit status.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		return help(args, stdout, stderr)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintln(stderr, tr("cli.unknown_command", map[string]any{"Name": fmt.Sprintf("%q", args[0])}))
		return 2
	}
	// The first Ctrl-C asks for a graceful stop; once ctx is done the handler is
	// removed, so a second Ctrl-C kills the process at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); stop() }()

	err := cmd.run(ctx, args[1:])
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, new(usageError)):
		fmt.Fprintf(stderr, "arena %s: %v\n%s\n", cmd.name, err, tr("cli.usage", map[string]any{"Usage": usage(cmd)}))
		return 2
	default:
		fmt.Fprintf(stderr, "arena %s: %v\n", cmd.name, err)
		return 1
	}
}

// usageError is a mistake in a command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		if c, ok := commands[args[1]]; ok {
			fmt.Fprintf(stdout, "%s\n\n%s\n", summary(c), tr("cli.usage", map[string]any{"Usage": usage(c)}))
			return 0
		}
		fmt.Fprintln(stderr, tr("cli.help.unknown", map[string]any{"Name": fmt.Sprintf("%q", args[1])}))
		return 2
	}
	fmt.Fprintln(stdout, tr("cli.help.title"))
	fmt.Fprintln(stdout)
	for _, n := range commandNames() {
		if strings.HasPrefix(n, "_") {
			continue
		}
		fmt.Fprintf(stdout, "  %-9s %s\n", n, summary(commands[n]))
	}
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, tr("cli.help.footer"))
	return 0
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, turning flag errors into usage errors and -h into help.
func parseFlags(fs *flag.FlagSet, c *command, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(os.Stdout)
			fmt.Printf("%s\n\n%s\n\n", summary(c), tr("cli.usage", map[string]any{"Usage": usage(c)}))
			printDefaults(fs, c)
			return flag.ErrHelp
		}
		return usageError{err.Error()}
	}
	return nil
}

// loadConfig reads the environment and sets up the default logger.
func loadConfig() (config.Config, *slog.Logger, error) {
	cfg, err := config.Load()
	if err != nil {
		return cfg, nil, err
	}
	logger := newLogger(cfg, os.Stderr)
	slog.SetDefault(logger)
	sandbox.SetCPUPoll(cfg.CPUPoll)
	return cfg, logger, nil
}

// newLogger logs text on a terminal and JSON otherwise, unless LOG_FORMAT says.
func newLogger(cfg config.Config, w *os.File) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	format := cfg.LogFormat
	if format == "auto" {
		format = "json"
		if fi, err := w.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			format = "text"
		}
	}
	if format == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
