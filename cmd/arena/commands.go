package main

import (
	"context"
	"sort"
)

// A command is one subcommand of the arena binary. Each lives in its own file
// and registers itself from an init function, so main.go never changes.
type command struct {
	name    string
	summary string // one line for `arena help`
	usage   string // shown by `arena help NAME` and on bad flags
	run     func(ctx context.Context, args []string) error
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("arena: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
