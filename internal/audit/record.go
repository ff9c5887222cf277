package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// MaxLineBytes bounds one line of the log, newline excluded. Append refuses a
// record that would encode longer, and readers treat a longer line as
// malformed without holding it in memory.
const MaxLineBytes = 64 << 10

// recordPrefix is how every line Append writes begins: the first field of
// event.Record. A torn line is a proper prefix of such a line.
const recordPrefix = `{"ts":"`

// encode returns rec as one JSON line, newline excluded: exactly what
// encoding/json makes of it with HTML escaping off (fields in the struct's
// order, the omitempty ones left out when empty), so that the marker
// event.Redacted reads as written. It uses no reflection: the hook path
// encodes one record per process (FuzzEncode keeps it equal to
// encoding/json).
func encode(rec *event.Record) ([]byte, error) {
	line := appendRecord(make([]byte, 0, 512), rec)
	if len(line) > MaxLineBytes {
		return nil, fmt.Errorf("encode audit record: %d bytes, over the %d-byte line limit", len(line), MaxLineBytes)
	}
	return line, nil
}

// appendRecord appends rec encoded as a JSON object to dst.
func appendRecord(dst []byte, rec *event.Record) []byte {
	dst = append(dst, `{"ts":`...)
	dst = appendJSONString(dst, rec.TS)
	for _, f := range [...]struct{ key, value string }{
		{`,"hook":`, rec.Hook},
		{`,"verdict":`, rec.Verdict},
		{`,"rule":`, rec.Rule},
		{`,"reason":`, rec.Reason},
		{`,"user":`, rec.User},
		{`,"host":`, rec.Host},
		{`,"repo":`, rec.Repo},
		{`,"input_hash":`, rec.InputHash},
		{`,"prev_hash":`, rec.PrevHash},
	} {
		dst = append(dst, f.key...)
		dst = appendJSONString(dst, f.value)
	}
	dst = append(dst, `,"tokens_in":`...)
	dst = strconv.AppendInt(dst, int64(rec.TokensIn), 10)
	dst = append(dst, `,"policy_version":`...)
	dst = appendJSONString(dst, rec.PolicyVersion)
	dst = append(dst, `,"agent":`...)
	dst = appendJSONString(dst, rec.Agent)
	dst = append(dst, `,"event":`...)
	dst = appendJSONString(dst, rec.Event)
	for _, f := range [...]struct{ key, value string }{
		{`,"tag":`, rec.Tag},
		{`,"tool":`, rec.Tool},
		{`,"action":`, rec.Action},
	} {
		if f.value != "" {
			dst = append(dst, f.key...)
			dst = appendJSONString(dst, f.value)
		}
	}
	if len(rec.Findings) > 0 {
		dst = append(dst, `,"findings":[`...)
		for i, f := range rec.Findings {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, f)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it with HTML escaping off: \" and \\, the short escapes of \b,
// \f, \n, \r and \t, \u00XX for the other control bytes, \ufffd for each
// byte of invalid UTF-8, and \u2028 and \u2029.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
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

// IsTorn reports whether a line that Scan rejected is what a write
// interrupted by a crash leaves behind (a proper prefix of a line Append
// writes): not a link of the chain, which goes on from the record before it.
func IsTorn(line []byte) bool { return isTorn(line) }

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

// cleanNames takes control characters (NUL, line feeds, escapes…),
// bidirectional controls and invalid UTF-8 out of the fields that name the
// machine: user, host and repo. They come from the environment, the host
// name and a repository's origin URL (git decodes \n and \0 escapes in
// .git/config), which the person or program that made the repository
// chose; a record is read in terminals, the console and CSV exports, where
// such characters rewrite what is shown.
func cleanNames(rec *event.Record) {
	rec.User = stripControls(rec.User)
	rec.Host = stripControls(rec.Host)
	rec.Repo = stripControls(rec.Repo)
}

// stripControls returns s without control characters, bidirectional
// controls and bytes of invalid UTF-8.
func stripControls(s string) string {
	hidden := func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }
	if utf8.ValidString(s) && strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !(r == utf8.RuneError && n == 1) && !hidden(r) {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
