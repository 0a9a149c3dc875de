package store

import "arena.dev/domain"

// The version statuses and languages are domain values (domain/vocabulary.go).
type (
	VersionStatus = domain.VersionStatus
	Language      = domain.Language
)

const (
	StatusQueued       = domain.StatusQueued
	StatusCompiling    = domain.StatusCompiling
	StatusCompileError = domain.StatusCompileError
	StatusQualifying   = domain.StatusQualifying
	StatusRejected     = domain.StatusRejected
	StatusAccepted     = domain.StatusAccepted
	StatusSuperseded   = domain.StatusSuperseded
)
