package console

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/regularfile"
)

// Export formats of GET /api/events?format=….
const (
	FormatCSV   = "csv"
	FormatJSONL = "jsonl"
)

// csvHeader names the CSV columns: every field of the record, in its order.
var csvHeader = []string{"ts", "hook", "verdict", "rule", "reason", "user", "host", "repo", "input_hash",
	"prev_hash", "tokens_in", "policy_version", "agent", "event", "tag", "tool", "action", "findings"}

// exportWindow is how much of the log one read takes while exporting.
const exportWindow = 1 << 20

// Export writes every event that passes f, oldest first (the log's order),
// as CSV or JSON lines, in bounded memory. JSON lines are the log's lines,
// byte for byte; an export without filters of a log without damaged lines
// is the log itself and verifies with the chain. It reads from its own file
// handle over the records indexed when it starts, so it holds no lock while
// writing, and later appends are not included.
func (x *Index) Export(w io.Writer, f audit.Filter, format string) error {
	snap, err := x.snapshot(f)
	if err != nil {
		return err
	}
	defer snap.file.Close()
	return snap.write(w, format)
}

// exportSnapshot is what Export reads: the index's columns up to the records
// it held when the export started, and a file handle of its own.
type exportSnapshot struct {
	st   *state // only its columns [0, n) are read, without the lock
	n    int
	m    *matcher
	file *os.File
}

func (x *Index) snapshot(f audit.Filter) (*exportSnapshot, error) {
	for range 2 {
		x.mu.RLock()
		st := x.st
		s := &exportSnapshot{
			// The columns are copied as slice headers: appends made later
			// write past n and never move what is read here.
			st: &state{off: st.off, ln: st.ln, ts: st.ts, class: st.class, rule: st.rule, repo: st.repo, hash: st.hash},
			n:  len(st.off),
			m:  st.matcher(f),
		}
		fi := st.fi
		x.mu.RUnlock()
		if s.n == 0 || s.m.none {
			return s, nil
		}
		file, err := regularfile.Open(x.path)
		if err != nil {
			return nil, fmt.Errorf("audit log: %w", err)
		}
		if fi2, err := file.Stat(); err == nil && os.SameFile(fi, fi2) {
			s.file = file
			return s, nil
		}
		// Rotated between the index and the open: catch up once.
		file.Close()
		if err := x.Refresh(); err != nil {
			return nil, err
		}
	}
	return nil, errChanged
}

func (s *exportSnapshot) write(w io.Writer, format string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var cw *csv.Writer
	if format == FormatCSV {
		cw = csv.NewWriter(bw)
		if err := cw.Write(csvHeader); err != nil {
			return err
		}
	}
	var lf audit.Fields
	var win []byte
	winOff := int64(0)
	buf := make([]byte, exportWindow)
	row := make([]string, len(csvHeader))
	for i := 0; i < s.n && s.file != nil; i++ {
		if ok, _ := s.m.match(s.st, i); !ok {
			continue
		}
		off, n := s.st.off[i], int64(s.st.ln[i])
		if off < winOff || off+n > winOff+int64(len(win)) {
			// The next window starts at this record (a line is at most
			// audit.MaxLineBytes, far less than a window).
			k, err := s.file.ReadAt(buf, off)
			if err != nil && err != io.EOF {
				return fmt.Errorf("read audit log: %w", err)
			}
			win, winOff = buf[:k], off
			if int64(k) < n {
				return errChanged
			}
		}
		line := win[off-winOff : off-winOff+n]
		if audit.Scan(line, &lf) != nil {
			return errChanged // rewritten in place since it was indexed
		}
		if !s.m.f.Match(&lf) {
			continue // decided by the line: a name past maxNames, a long hash prefix
		}
		if cw == nil {
			bw.Write(line)
			if err := bw.WriteByte('\n'); err != nil {
				return err
			}
			continue
		}
		fillRow(row, &lf)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	if cw != nil {
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// fillRow puts a record's fields into a CSV row, in csvHeader's order.
func fillRow(row []string, f *audit.Fields) {
	for i, v := range [][]byte{f.TS, f.Hook, f.Verdict, f.Rule, f.Reason, f.User, f.Host, f.Repo, f.InputHash, f.PrevHash} {
		row[i] = cell(string(v))
	}
	row[10] = strconv.FormatInt(f.TokensIn, 10)
	for i, v := range [][]byte{f.PolicyVersion, f.Agent, f.Event, f.Tag, f.Tool, f.Action} {
		row[11+i] = cell(string(v))
	}
	row[17] = cell(strings.Join(f.Findings(), " "))
}

// cell makes a value safe to open in a spreadsheet, which may run a cell as
// a formula (OWASP's CSV injection). Guard never writes a value that needs
// it; a hand-edited or hostile record (a repository's origin URL is the
// attacker's to choose) is changed so that it is shown as text:
//
//   - control characters (NUL, tab, CR, LF, ESC…), bidirectional controls
//     and invalid UTF-8 are written as escapes (\x00, \t, \n): a line break
//     inside a cell splits it in line-based tools, and a NUL cuts it short
//     in others;
//   - a value starting with =, +, -, @, a tab, a carriage return, a line
//     feed or ; gets a leading apostrophe, which spreadsheets show as text;
//     so does a formula after leading spaces or double quotes;
//   - a formula after a separator (, ; or |, then spaces or double quotes,
//     then = + - @) gets an apostrophe before it: a spreadsheet that splits
//     cells on ; or | (many locales do) would otherwise run that part.
//
// JSON lines exports keep every value exact.
func cell(v string) string {
	lead := v != "" && strings.IndexByte(leadTriggers, v[0]) >= 0
	v = detect.Printable(v)
	var b strings.Builder
	done := 0 // v[:done] is in b
	if lead {
		b.WriteByte('\'')
	}
	for start := 0; start <= len(v); {
		if i := formulaAt(v, start); i >= 0 && !(lead && i == 0) {
			b.WriteString(v[done:i])
			b.WriteByte('\'')
			done = i
		}
		next := strings.IndexAny(v[start:], separators)
		if next < 0 {
			break
		}
		start += next + 1
	}
	if b.Len() == 0 {
		return v
	}
	b.WriteString(v[done:])
	return b.String()
}

// leadTriggers are the first characters that make a spreadsheet read a
// cell as a formula (=, +, -, @), or that hide what follows (tab, CR, LF)
// or start a new cell where ; separates them.
const leadTriggers = "=+-@\t\r\n;"

// formulaTriggers start a formula; separators split a line into cells in
// one spreadsheet or another.
const (
	formulaTriggers = "=+-@"
	separators      = ",;|"
)

// formulaAt returns the index of the formula trigger that v[start:] begins
// with after spaces and double quotes, or -1.
func formulaAt(v string, start int) int {
	j := start
	for j < len(v) && (v[j] == ' ' || v[j] == '"') {
		j++
	}
	if j < len(v) && strings.IndexByte(formulaTriggers, v[j]) >= 0 {
		return j
	}
	return -1
}
