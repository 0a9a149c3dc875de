//go:build !arena_portable

package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// enter builds the root in the child's own mount namespace (the host's
// mounts are untouched) and makes it the child's root directory.
func (j *jailRoot) enter() error {
	if err := unix.Mount("", "/", "", unix.MS_PRIVATE|unix.MS_REC, ""); err != nil {
		return err
	}
	if err := unix.Mount("arena-build-root", j.Mount, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=1m,mode=0755"); err != nil {
		return err
	}
	r := rootBuilder{mnt: j.Mount}
	for _, p := range j.ReadOnly {
		if err := r.add(p, false); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	for _, p := range j.Writable {
		if err := r.add(p, true); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	if j.Build != "" {
		if err := r.bindAt(j.Build, j.At, true); err != nil {
			return fmt.Errorf("%s: %w", j.Build, err)
		}
	}
	flags := uintptr(unix.MS_REMOUNT | unix.MS_RDONLY | unix.MS_NOSUID | unix.MS_NODEV)
	if err := unix.Mount("", j.Mount, "", flags, ""); err != nil {
		return err
	}
	if err := unix.Chdir(j.Mount); err != nil {
		return err
	}
	if err := unix.Chroot("."); err != nil {
		return err
	}
	return unix.Chdir("/")
}

// rootBuilder puts host paths into a new root at the same paths.
type rootBuilder struct {
	mnt   string
	bound []string // host paths bound into the root
	hops  int      // symbolic links followed, against loops
}

// add makes the host path p visible at p in the root. Symbolic links on
// the way are recreated in the root and followed on the host, so the root
// holds what p resolves to too (/lib -> usr/lib, clang++ -> clang).
func (r *rootBuilder) add(p string, writable bool) error {
	if !filepath.IsAbs(p) {
		return fmt.Errorf("not an absolute path")
	}
	parts := strings.Split(strings.Trim(filepath.Clean(p), "/"), "/")
	cur := "/"
	for i, part := range parts {
		if part == "" {
			continue
		}
		next := filepath.Join(cur, part)
		fi, err := os.Lstat(next)
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if r.hops++; r.hops > 255 {
			return syscall.ELOOP
		}
		target, err := os.Readlink(next)
		if err != nil {
			return err
		}
		if !r.covered(next) {
			if err := os.MkdirAll(r.mnt+cur, 0o755); err != nil {
				return err
			}
			if err := os.Symlink(target, r.mnt+next); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(cur, target)
		}
		return r.add(filepath.Join(append([]string{target}, parts[i+1:]...)...), writable)
	}
	if r.covered(cur) {
		return nil
	}
	return r.bindAt(cur, cur, writable)
}

// covered reports whether p is in the root already: it or a directory
// above it is bound.
func (r *rootBuilder) covered(p string) bool {
	for _, b := range r.bound {
		if p == b || strings.HasPrefix(p, b+"/") || b == "/" {
			return true
		}
	}
	return false
}

// bindAt mounts the host's p (a directory or a file, no symbolic link) at
// at in the root, read-only unless writable.
func (r *rootBuilder) bindAt(p, at string, writable bool) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	dst := r.mnt + at
	if fi.IsDir() {
		err = os.MkdirAll(dst, 0o755)
	} else {
		if err = os.MkdirAll(filepath.Dir(dst), 0o755); err == nil {
			var f *os.File
			if f, err = os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				err = f.Close()
			}
		}
	}
	if err != nil {
		return err
	}
	if err := unix.Mount(p, dst, "", unix.MS_BIND, ""); err != nil {
		return err
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_NOSUID)
	if fi.Mode()&fs.ModeDevice == 0 {
		flags |= unix.MS_NODEV // only /dev/null is a device, and bound on purpose
	}
	if !writable {
		flags |= unix.MS_RDONLY
	}
	if err := unix.Mount("", dst, "", flags, ""); err != nil {
		return err
	}
	r.bound = append(r.bound, at)
	return nil
}
