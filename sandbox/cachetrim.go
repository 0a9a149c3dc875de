package sandbox

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Every version of every bot a worker has run leaves its artifact (~3 MB)
// and its compiled code in wazero's cache (~11 MB) behind: a class's
// semester is thousands of versions, tens of GB. Trim keeps them to a size.
// Both refill themselves: a worker fetches a missing artifact from the
// database and precompiles it, and a child compiles a module missing from
// wazero's cache (in 1–2 s, not charged to the player). The Go build cache
// is left to Go, which trims entries unused for five days.

// TrimSpare is how recently a file must have been used for Trim to keep it
// whatever the size: a bot about to start must find its files.
const TrimSpare = time.Hour

// MarkUsed records that the file at path, as info describes it, is in use,
// for Trim. It touches the file at most once per ten minutes.
func MarkUsed(path string, info fs.FileInfo) {
	if time.Since(info.ModTime()) > 10*time.Minute {
		now := time.Now()
		_ = os.Chtimes(path, now, now)
	}
}

// cachedFile is one file of the trimmed caches.
type cachedFile struct {
	path    string
	size    int64
	lastUse time.Time
}

// Trim deletes the least recently used artifacts and compiled modules until
// they take at most max bytes, but none used within TrimSpare. A file's
// last use is its modification time (MarkUsed for artifacts) or its access
// time, whichever is later (wazero's files are only read; with relatime,
// a read updates the access time about once a day). It returns how many
// files it deleted and how many bytes it freed.
func (c Caches) Trim(max int64) (removed int, freed int64, err error) {
	var files []cachedFile
	var total int64
	for _, dir := range []string{c.ArtifactDir(), c.WasmCache()} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return nil // no such cache yet
				}
				return err
			}
			if !d.Type().IsRegular() {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil // deleted meanwhile
			}
			f := cachedFile{path: path, size: info.Size(), lastUse: lastUse(info)}
			files = append(files, f)
			total += f.size
			return nil
		})
		if err != nil {
			return removed, freed, err
		}
	}
	slices.SortFunc(files, func(a, b cachedFile) int { return a.lastUse.Compare(b.lastUse) })
	spare := time.Now().Add(-TrimSpare)
	for _, f := range files {
		if total <= max || f.lastUse.After(spare) {
			break
		}
		// Look again just before: a worker may have used it since the walk.
		info, err := os.Stat(f.path)
		if err != nil || lastUse(info).After(spare) {
			continue
		}
		if err := os.Remove(f.path); err != nil {
			continue
		}
		removed++
		freed += f.size
		total -= f.size
	}
	return removed, freed, nil
}

// lastUse is the later of a file's modification and access times.
func lastUse(info fs.FileInfo) time.Time {
	t := info.ModTime()
	if a, ok := accessTime(info); ok && a.After(t) {
		t = a
	}
	return t
}
