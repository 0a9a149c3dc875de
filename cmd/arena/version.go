package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = ""

func init() {
	register(&command{
		name:    "version",
		summary: "print the version",
		usage:   "arena version",
		run: func(context.Context, []string) error {
			fmt.Printf("arena %s (%s)\n", versionString(), runtime.Version())
			return nil
		},
	})
}

// versionString prefers the build-time version, then the VCS revision.
func versionString() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && dirty {
			return rev + "-dirty"
		}
		if rev != "" {
			return rev
		}
	}
	return "dev"
}
