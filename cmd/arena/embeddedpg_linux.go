package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// PostgreSQL refuses to run as root (initdb, pg_ctl and postgres all
// check), and arena serve often runs as root for its sandbox. So, as root,
// the library is given two scripts in place of initdb and pg_ctl that run
// the real ones through `arena _postgres-as-user`: in a user namespace of
// their own, where they are user postgres (or nobody) mapped onto root.
// Inside, PostgreSQL sees a non-root user that owns its data directory;
// outside, its files stay root's, under ARENA_DATA_DIR wherever that is
// (even /root/.cache, which user postgres could not enter), and the
// processes have no capabilities. pg_ctl stop signals the server from
// another such namespace: both are root outside, so the kernel allows it.

func init() {
	register(&command{
		name:    "_postgres-as-user",
		summary: "run a PostgreSQL program as a non-root user (for the embedded PostgreSQL of arena serve as root)",
		usage:   "arena _postgres-as-user PROGRAM [ARGS...]",
		run:     runPostgresAsUser,
	})
}

// nonRootPrograms writes dir/asroot/bin/{initdb,pg_ctl}, which run those of
// binRoot as a non-root user, and returns dir/asroot.
func nonRootPrograms(dir, binRoot string, onMachine bool) (string, error) {
	if !onMachine {
		return "", errors.New("arena serve runs as root, and this machine has no PostgreSQL programs to run as another user " +
			"(PostgreSQL refuses root): install PostgreSQL (apt-get install postgresql), run arena serve as another user " +
			"(the embedded PostgreSQL is then downloaded), or set DATABASE_URL")
	}
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	root := filepath.Join(dir, "asroot")
	if err := os.MkdirAll(filepath.Join(root, "bin"), 0o755); err != nil {
		return "", err
	}
	for _, prog := range []string{"initdb", "pg_ctl"} {
		script := "#!/bin/sh\n# Written by arena serve (as root, which PostgreSQL refuses): runs " + prog + " as a non-root user.\n" +
			"exec " + shellQuote(self) + " _postgres-as-user " + shellQuote(filepath.Join(binRoot, "bin", prog)) + " \"$@\"\n"
		if err := os.WriteFile(filepath.Join(root, "bin", prog), []byte(script), 0o755); err != nil {
			return "", err
		}
	}
	return root, nil
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func runPostgresAsUser(_ context.Context, args []string) error {
	if len(args) == 0 {
		return usagef("no program")
	}
	uid, gid := unprivilegedIDs()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: os.Geteuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: os.Getegid(), Size: 1}},
	}
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return exitError{ee.ExitCode()}
	}
	if err != nil {
		return fmt.Errorf("running %s as a non-root user in a user namespace: %w", args[0], err)
	}
	return nil
}

// unprivilegedIDs are the user and group the programs run as inside their
// namespace: postgres's if the machine has that user, else nobody's (initdb
// needs a name for its user).
func unprivilegedIDs() (uid, gid int) {
	for _, name := range []string{"postgres", "nobody"} {
		if u, err := user.Lookup(name); err == nil {
			uid, err1 := strconv.Atoi(u.Uid)
			gid, err2 := strconv.Atoi(u.Gid)
			if err1 == nil && err2 == nil && uid != 0 {
				return uid, gid
			}
		}
	}
	return 65534, 65534
}
