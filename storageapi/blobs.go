package storageapi

import (
	"bytes"
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Blobs holds object bytes by content: the SHA-256 of the bytes names
// them, so an upload of bytes already stored, a copy, or an upsert with
// the same content writes nothing new. The storage.objects row's version
// column holds that name.
type Blobs interface {
	// Put stores r's bytes, refusing more than limit bytes with
	// errTooLarge; the bytes are durable when it returns.
	Put(r io.Reader, limit int64) (Blob, error)
	// Open returns the named bytes; fs.ErrNotExist when absent.
	Open(hash string) (io.ReadSeekCloser, int64, error)
	Remove(hash string) error
	// Hashes lists every stored name (for the startup sweep).
	Hashes() ([]string, error)
}

// Blob is what Put stored.
type Blob struct {
	Hash string // hex SHA-256: the content address
	MD5  string // hex MD5: the eTag, as S3 computes it for a single part
	Size int64
}

var errTooLarge = errors.New("storageapi: object exceeds the size limit")

// hashingCopy copies at most limit bytes of r to w, hashing them.
func hashingCopy(w io.Writer, r io.Reader, limit int64) (Blob, error) {
	sh, mh := sha256.New(), md5.New()
	n, err := io.Copy(io.MultiWriter(w, sh, mh), io.LimitReader(r, limit+1))
	if err != nil {
		return Blob{}, err
	}
	if n > limit {
		return Blob{}, errTooLarge
	}
	return Blob{Hash: hex.EncodeToString(sh.Sum(nil)), MD5: hex.EncodeToString(mh.Sum(nil)), Size: n}, nil
}

func validHash(h string) bool {
	if len(h) != 64 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && strings.ToLower(h) == h
}

// DirBlobs keeps bytes as files <dir>/<first two hex digits>/<hash>,
// each written to a temporary file, fsynced and renamed into place, so a
// crash leaves either the whole file or a temporary one the sweep removes.
type DirBlobs struct{ dir string }

// NewDirBlobs opens (creating) a blob directory.
func NewDirBlobs(dir string) (*DirBlobs, error) {
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return nil, fmt.Errorf("storageapi: %w", err)
	}
	return &DirBlobs{dir: dir}, nil
}

var _ Blobs = (*DirBlobs)(nil)

func (d *DirBlobs) path(hash string) string { return filepath.Join(d.dir, hash[:2], hash) }

// Put implements Blobs.
func (d *DirBlobs) Put(r io.Reader, limit int64) (Blob, error) {
	f, err := os.CreateTemp(filepath.Join(d.dir, "tmp"), "upload-*")
	if err != nil {
		return Blob{}, err
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	b, err := hashingCopy(f, r, limit)
	if err != nil {
		return Blob{}, err
	}
	if err := f.Sync(); err != nil {
		return Blob{}, err
	}
	if err := f.Close(); err != nil {
		return Blob{}, err
	}
	done = true
	dst := d.path(b.Hash)
	if _, err := os.Stat(dst); err == nil {
		os.Remove(tmp) // the same bytes are already stored
		return b, nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		os.Remove(tmp)
		return Blob{}, err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return Blob{}, err
	}
	syncDir(filepath.Dir(dst))
	return b, nil
}

func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		_ = f.Sync()
		f.Close()
	}
}

// Open implements Blobs.
func (d *DirBlobs) Open(hash string) (io.ReadSeekCloser, int64, error) {
	if !validHash(hash) {
		return nil, 0, fs.ErrNotExist
	}
	f, err := os.Open(d.path(hash))
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// Remove implements Blobs.
func (d *DirBlobs) Remove(hash string) error {
	if !validHash(hash) {
		return nil
	}
	err := os.Remove(d.path(hash))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Hashes implements Blobs; it also clears temporary files left by a
// crash (no upload is running when the sweep calls it).
func (d *DirBlobs) Hashes() ([]string, error) {
	tmps, _ := os.ReadDir(filepath.Join(d.dir, "tmp"))
	for _, t := range tmps {
		os.Remove(filepath.Join(d.dir, "tmp", t.Name()))
	}
	var out []string
	dirs, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, err
	}
	for _, sub := range dirs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		files, err := os.ReadDir(filepath.Join(d.dir, sub.Name()))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if validHash(f.Name()) {
				out = append(out, f.Name())
			}
		}
	}
	return out, nil
}

// MemBlobs keeps bytes in memory, for projects run with --memory.
type MemBlobs struct {
	mu sync.RWMutex
	m  map[string][]byte
}

// NewMemBlobs returns an empty in-memory store.
func NewMemBlobs() *MemBlobs { return &MemBlobs{m: map[string][]byte{}} }

var _ Blobs = (*MemBlobs)(nil)

// Put implements Blobs.
func (m *MemBlobs) Put(r io.Reader, limit int64) (Blob, error) {
	var buf bytes.Buffer
	b, err := hashingCopy(&buf, r, limit)
	if err != nil {
		return Blob{}, err
	}
	m.mu.Lock()
	if _, ok := m.m[b.Hash]; !ok {
		m.m[b.Hash] = buf.Bytes()
	}
	m.mu.Unlock()
	return b, nil
}

// Open implements Blobs.
func (m *MemBlobs) Open(hash string) (io.ReadSeekCloser, int64, error) {
	m.mu.RLock()
	b, ok := m.m[hash]
	m.mu.RUnlock()
	if !ok {
		return nil, 0, fs.ErrNotExist
	}
	return nopCloser{bytes.NewReader(b)}, int64(len(b)), nil
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

// Remove implements Blobs.
func (m *MemBlobs) Remove(hash string) error {
	m.mu.Lock()
	delete(m.m, hash)
	m.mu.Unlock()
	return nil
}

// Hashes implements Blobs.
func (m *MemBlobs) Hashes() ([]string, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]string, 0, len(m.m))
	for h := range m.m {
		out = append(out, h)
	}
	return out, nil
}
