package main

import (
	"context"
	"fmt"

	"arena.dev/store"
)

func init() {
	register(&command{
		name:    "migrate",
		summary: "apply the database migrations (up) or list them (status)",
		usage:   "arena migrate [up|status]",
		run:     runMigrate,
	})
}

func runMigrate(ctx context.Context, args []string) error {
	c := commands["migrate"]
	fs := newFlags(c)
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	action := "up"
	if fs.NArg() > 1 {
		return usagef("too many arguments")
	}
	if fs.NArg() == 1 {
		action = fs.Arg(0)
	}
	if action != "up" && action != "status" {
		return usagef("unknown action %q", action)
	}
	cfg, _, err := loadConfig()
	if err != nil {
		return err
	}
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if action == "up" {
		if err := store.Migrate(ctx, pool); err != nil {
			return err
		}
	}
	states, err := store.MigrationStatus(ctx, pool)
	if err != nil {
		return err
	}
	pending := 0
	for _, s := range states {
		if !s.Applied {
			pending++
		}
		if action == "status" {
			mark := "applied"
			if !s.Applied {
				mark = "pending"
			}
			fmt.Printf("%-5s %3d  %-7s  %s\n", s.Source, s.Version, mark, s.Name)
		}
	}
	if action == "up" {
		fmt.Printf("database %s is up to date (%d migrations)\n", store.Redact(cfg.DatabaseURL), len(states))
	} else if pending > 0 {
		fmt.Printf("%d pending: run 'arena migrate up'\n", pending)
	}
	return nil
}
