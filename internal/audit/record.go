package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

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
//
// It is strict: the line must be a single JSON object of at most
// MaxLineBytes, with no field that event.Record does not define, and the
// record must be valid (see Append). On error the returned record is zero.
func ParseLine(line []byte) (event.Record, error) {
	var rec event.Record
	switch {
	case len(line) == 0:
		return rec, errors.New("empty line")
	case len(line) > MaxLineBytes:
		return rec, fmt.Errorf("line of %d bytes, over the %d-byte limit", len(line), MaxLineBytes)
	case line[0] != '{' || line[len(line)-1] != '}':
		return rec, errors.New("not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return event.Record{}, fmt.Errorf("decode: %w", err)
	}
	if dec.InputOffset() != int64(len(line)) {
		return event.Record{}, errors.New("data after the JSON object")
	}
	if err := validate(&rec); err != nil {
		return event.Record{}, err
	}
	return rec, nil
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

// validate checks the fields whose values a reader depends on. It reports
// every problem, naming fields but never quoting their values.
func validate(r *event.Record) error {
	var errs []error
	if _, err := time.Parse(time.RFC3339Nano, r.TS); err != nil {
		errs = append(errs, errors.New("ts: not an RFC 3339 time"))
	}
	if !isHook(r.Hook) {
		errs = append(errs, errors.New("hook: not one of UserPromptSubmit, PreToolUse, PostToolUse, Stop"))
	}
	switch event.Decision(r.Verdict) {
	case event.Allow:
		if r.Rule != "" || r.Reason != "" {
			errs = append(errs, errors.New("rule, reason: must be empty on allow"))
		}
	case event.Block:
	default:
		errs = append(errs, errors.New("verdict: not allow or block"))
	}
	if !isHex64(r.PrevHash) {
		errs = append(errs, errors.New("prev_hash: not 64 lowercase hex digits"))
	}
	if r.InputHash != "" && !isHex64(r.InputHash) {
		errs = append(errs, errors.New("input_hash: not 64 lowercase hex digits"))
	}
	if r.TokensIn < 0 {
		errs = append(errs, errors.New("tokens_in: negative"))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("invalid audit record: %w", err)
	}
	return nil
}

func isHook(h string) bool {
	for _, name := range event.Hooks {
		if h == name {
			return true
		}
	}
	return false
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
