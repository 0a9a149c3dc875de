//go:build race

package sandbox

// raceBuild: the race detector maps terabytes of shadow memory, so a child
// of a -race binary cannot have an address-space limit.
const raceBuild = true
