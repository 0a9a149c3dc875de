//go:build !linux

package main

import "os"

// Elsewhere, PostgreSQL runs as the user running arena serve (it refuses
// root, and says so).

func isRoot() bool { return os.Geteuid() == 0 }

func nonRootPrograms(_, binRoot string, _ bool) (string, error) { return binRoot, nil }
