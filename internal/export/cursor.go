package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// Cursor is how far the collector has acknowledged the log: saved after
// every acknowledged batch, read when the exporter starts.
type Cursor struct {
	// Off is where shipping resumes: the offset just after the last line
	// the acknowledged batches covered.
	Off int64 `json:"offset"`
	// Head is the chain hash of the last record shipped (event.ZeroHash
	// before the first): the prev_hash the next record must carry.
	Head string `json:"head"`
	// HeadStart and HeadEnd are where that record's line is in the log
	// (newline excluded), so that a restart can check the log still holds
	// it. Both 0 when nothing was shipped.
	HeadStart int64 `json:"head_start"`
	HeadEnd   int64 `json:"head_end"`
	// Shipped counts the records the collector acknowledged, breaks
	// included, over the cursor's life.
	Shipped int64 `json:"shipped"`
}

// zeroCursor is the cursor of a log nothing was shipped from.
func zeroCursor() Cursor { return Cursor{Head: event.ZeroHash} }

// CursorPath returns the path of the cursor of the log at logPath in the
// directory dir (home.StateDir, beside the log's anchor):
// audit-<16 hex digits>.otlp-cursor.
func CursorPath(dir, logPath string) string {
	return strings.TrimSuffix(audit.AnchorFile(dir, logPath), audit.AnchorExt) + ".otlp-cursor"
}

// readCursor reads the cursor file at path: the zero cursor when there is
// none.
func readCursor(path string) (Cursor, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return zeroCursor(), nil
	}
	if err != nil {
		return zeroCursor(), fmt.Errorf("export cursor: %w", err)
	}
	var c Cursor
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil || !c.valid() {
		return zeroCursor(), fmt.Errorf("export cursor %s: not a cursor guard wrote", path)
	}
	return c, nil
}

// valid reports whether the cursor's values are possible.
func (c Cursor) valid() bool {
	h, err := hex.DecodeString(c.Head)
	return err == nil && len(h) == sha256.Size && strings.ToLower(c.Head) == c.Head &&
		c.HeadStart >= 0 && c.HeadEnd >= c.HeadStart && c.Off >= c.HeadEnd && c.Shipped >= 0 &&
		c.HeadEnd-c.HeadStart <= audit.MaxLineBytes
}

// writeCursor saves c at path atomically (temporary file, fsync, rename).
func writeCursor(path string, c Cursor) error {
	b, _ := json.Marshal(c) // plain fields: no error
	if err := writeAtomic(path, append(b, '\n')); err != nil {
		return fmt.Errorf("export cursor: %w", err)
	}
	return nil
}

// check reports whether the log f of size bytes still holds the record the
// cursor names, where it names it; if not, the break to report.
func (c Cursor) check(f io.ReaderAt, size int64) (Break, bool) {
	br := Break{Reason: "cursor", Expected: c.Head, Offset: c.HeadStart}
	if c.Off > size {
		br.Found = fmt.Sprintf("a log of %d bytes, shorter than the %d shipped", size, c.Off)
		return br, false
	}
	if c.HeadEnd == 0 {
		return br, true // nothing shipped yet, or only lines that are no link
	}
	line := make([]byte, c.HeadEnd-c.HeadStart)
	if _, err := f.ReadAt(line, c.HeadStart); err != nil {
		br.Found = "unreadable: " + err.Error()
		return br, false
	}
	if got := hashOf(line); got != c.Head {
		br.Found = got
		return br, false
	}
	return br, true
}

// hashOf is the chain hash of a line: the hex SHA-256 of its bytes.
func hashOf(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}
