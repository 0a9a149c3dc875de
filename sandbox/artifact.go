package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// Artifact is a compiled bot: a .wasm file named by the sha256 of its bytes.
type Artifact struct {
	Hash string // hex sha256 of the module
	Path string // ArtifactDir/Hash.wasm
	Size int64
}

// StoreArtifact writes wasm into dir under its hash (atomically, so
// concurrent writers of the same bot are harmless) and returns it. The
// judge uses it for modules it keeps elsewhere (the database).
func StoreArtifact(dir string, wasm []byte) (Artifact, error) {
	sum := sha256.Sum256(wasm)
	a := Artifact{Hash: hex.EncodeToString(sum[:]), Size: int64(len(wasm))}
	a.Path = filepath.Join(dir, a.Hash+".wasm")
	if st, err := os.Stat(a.Path); err == nil && st.Size() == a.Size {
		return a, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Artifact{}, err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*.wasm")
	if err != nil {
		return Artifact{}, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(wasm); err != nil {
		tmp.Close()
		return Artifact{}, err
	}
	// CreateTemp makes 0600 files; artifacts are ordinary build outputs.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return Artifact{}, err
	}
	if err := tmp.Close(); err != nil {
		return Artifact{}, err
	}
	if err := os.Rename(tmp.Name(), a.Path); err != nil {
		return Artifact{}, fmt.Errorf("sandbox: store artifact: %w", err)
	}
	return a, nil
}
