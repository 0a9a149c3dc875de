package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The compose file users run must stay valid; docker-compose (Debian's
// package) checks it without a Docker engine.
func TestComposeFileIsValid(t *testing.T) {
	if _, err := exec.LookPath("docker-compose"); err != nil {
		t.Fatal("docker-compose is not installed (apt-get install docker-compose; .ci/run does it)")
	}
	out, err := exec.Command("docker-compose", "-f", "../../docker-compose.yml", "config", "--services").CombinedOutput()
	if err != nil {
		t.Fatalf("docker-compose config: %v\n%s", err, out)
	}
	services := strings.Fields(string(out))
	slices.Sort(services)
	if !slices.Equal(services, []string{"postgres", "web", "worker"}) {
		t.Fatalf("services %v, want postgres, web, worker", services)
	}
}
