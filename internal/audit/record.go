package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/guardhq/guard/internal/event"
)

// MaxLineBytes bounds one line of the log, newline excluded. Append refuses a
// record that would encode longer, and readers treat a longer line as
// malformed without holding it in memory.
const MaxLineBytes = 64 << 10

// recordPrefix is how every line Append writes begins: the first field of
// event.Record. A torn line is a proper prefix of such a line.
const recordPrefix = `{"ts":"`

// encode returns rec as one JSON line, newline excluded. HTML characters are
// not escaped, so the marker event.Redacted reads as written.
func encode(rec *event.Record) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return nil, fmt.Errorf("encode audit record: %w", err)
	}
	line := bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})
	if len(line) > MaxLineBytes {
		return nil, fmt.Errorf("encode audit record: %d bytes, over the %d-byte line limit", len(line), MaxLineBytes)
	}
	return line, nil
}

// hashLine returns the chain hash of one line: the lowercase hex SHA-256 of
// its exact bytes, newline excluded.
func hashLine(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}

// ParseLine decodes one line of the log (without its newline) into a record.
// The line must be valid as Scan defines it; on error the returned record is
// zero.
func ParseLine(line []byte) (event.Record, error) {
	var f Fields
	if err := Scan(line, &f); err != nil {
		return event.Record{}, err
	}
	return f.Record(), nil
}

// isTorn reports whether a line that ParseLine rejected is what a write
// interrupted by a crash leaves behind: a proper prefix of a line Append
// writes, which a JSON decoder finds cut short.
func isTorn(line []byte) bool {
	if len(line) == 0 || len(line) > MaxLineBytes {
		return false
	}
	if len(line) < len(recordPrefix) {
		return bytes.HasPrefix([]byte(recordPrefix), line)
	}
	if !bytes.HasPrefix(line, []byte(recordPrefix)) {
		return false
	}
	var v any
	err := json.NewDecoder(bytes.NewReader(line)).Decode(&v)
	return errors.Is(err, io.ErrUnexpectedEOF)
}
