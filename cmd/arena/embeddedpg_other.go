//go:build !linux

package main

// Elsewhere, PostgreSQL runs as the user running arena serve (it refuses
// root, and says so).

func nonRootPrograms(_, binRoot string, _ bool) (string, error) { return binRoot, nil }
