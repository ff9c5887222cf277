package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/spf13/cobra"
)

// auditOptions are the flags of `guard audit`.
type auditOptions struct {
	json bool // print records as stored, one JSON object per line
	last int  // print only the last N (matching) records; 0 prints all

	since, until                           string
	verdict, hook, agent, rule, repo, hash string
}

// exitTampered is the exit code of `guard audit verify` when the chain is
// broken or the log no longer holds a state it held, like `guard test`'s
// "would be blocked"; 1 stays for errors.
const exitTampered = 2

// tableFlushRows is how many rows the table buffers before aligning and
// printing them, so a large log is printed in bounded memory.
const tableFlushRows = 1024

func newAuditCommand(s *streams) *cobra.Command {
	opts := &auditOptions{}
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "Print the audit log (audit verify: check its hash chain)",
		Long: `Print the records of ~/.guard/audit.log as a table with the columns
TIMESTAMP, HOOK, VERDICT and RULE, or as JSON lines with --json.

Filters select records; they combine (all must match). --since and --until
take a duration back from now (30m, 1h, 7d, 2w) or an RFC 3339 time; since is
inclusive, until exclusive.

'guard audit verify' checks the hash chain and guard's checkpoint; see
docs/AUDIT.md.`,
		Example: `  guard audit -n 20
  guard audit --since 1h --verdict block
  guard audit --rule dangerous_rm --json | jq .repo`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.last < 0 {
				return withHint(errors.New("-n must not be negative"), "run 'guard audit --help' for usage")
			}
			f, err := opts.filter(time.Now())
			if err != nil {
				return withHint(err, "run 'guard audit --help' for usage")
			}
			path, err := home.File(home.AuditName)
			if err != nil {
				return err
			}
			return runAudit(s, path, opts, f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.json, "json", false, "print the records as JSON lines, exactly as stored")
	fl.IntVarP(&opts.last, "lines", "n", 0, "print only the last `N` records (that match the filters)")
	fl.StringVar(&opts.since, "since", "", "only records at or after `WHEN` (1h, 7d, or an RFC 3339 time)")
	fl.StringVar(&opts.until, "until", "", "only records before `WHEN` (1h, 7d, or an RFC 3339 time)")
	fl.StringVar(&opts.verdict, "verdict", "", "only records with this `VERDICT` (allow or block)")
	fl.StringVar(&opts.hook, "hook", "", "only records of this `HOOK` ("+strings.Join(event.Hooks, ", ")+")")
	fl.StringVar(&opts.agent, "agent", "", "only records of this `AGENT` (a, b or c)")
	fl.StringVar(&opts.rule, "rule", "", "only records blocked by this `RULE`")
	fl.StringVar(&opts.repo, "repo", "", "only records of this `REPO` (<org>/<repo>)")
	fl.StringVar(&opts.hash, "hash", "", "only records whose input_hash starts with `PREFIX` (4 to 64 hex digits)")
	cmd.RegisterFlagCompletionFunc("verdict", cobra.FixedCompletions([]string{"allow", "block"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("hook", cobra.FixedCompletions(event.Hooks, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("agent", cobra.FixedCompletions(audit.Agents, cobra.ShellCompDirectiveNoFileComp))
	cmd.AddCommand(newAuditVerifyCommand(s))
	return cmd
}

// filterFlags maps the filter's field names to this command's flags.
var filterFlags = map[string]string{"q": "--hash"}

// filter builds the audit.Filter the flags describe.
func (o *auditOptions) filter(now time.Time) (audit.Filter, error) {
	f := audit.Filter{Verdict: o.verdict, Hook: o.hook, Agent: o.agent, Rule: o.rule, Repo: o.repo}
	var err error
	if o.since != "" {
		if f.Since, err = parseWhen("--since", o.since, now); err != nil {
			return f, err
		}
	}
	if o.until != "" {
		if f.Until, err = parseWhen("--until", o.until, now); err != nil {
			return f, err
		}
	}
	if o.hash != "" {
		if f.HashPrefix, err = audit.ParseHashPrefix(o.hash); err != nil {
			return f, flagError(err)
		}
	}
	return f, flagError(f.Check())
}

// flagError names the flag in an audit.FilterError.
func flagError(err error) error {
	var fe *audit.FilterError
	if !errors.As(err, &fe) {
		return err
	}
	name, ok := filterFlags[fe.Field]
	if !ok {
		name = "--" + fe.Field
	}
	return fmt.Errorf("%s %s", name, fe.Msg)
}

// parseWhen reads a point in time: an RFC 3339 time, a date (midnight UTC),
// or a duration back from now (Go's units, plus d for days and w for weeks).
func parseWhen(flag, s string, now time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	d, err := parseAgo(s)
	if err != nil || d <= 0 {
		return time.Time{}, fmt.Errorf("%s %q: not a duration back from now (30m, 1h, 7d, 2w) or an RFC 3339 time", flag, s)
	}
	return now.Add(-d), nil
}

// parseAgo parses a duration, with d (24h) and w (7d) added to Go's units.
func parseAgo(s string) (time.Duration, error) {
	for suffix, unit := range map[string]time.Duration{"d": 24 * time.Hour, "w": 7 * 24 * time.Hour} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			v, err := strconv.ParseFloat(n, 64)
			if err != nil || v > 1e5 {
				return 0, errors.New("bad duration")
			}
			return time.Duration(v * float64(unit)), nil
		}
	}
	return time.ParseDuration(s)
}

// runAudit prints the records of the log at path that pass f, as a table or
// as JSON lines.
func runAudit(s *streams, path string, opts *auditOptions, f audit.Filter) error {
	lf, err := audit.OpenLog(path)
	if errors.Is(err, fs.ErrNotExist) {
		if !opts.json {
			fmt.Fprintf(s.out, "no audit records yet: %s does not exist (guard writes it at the first hook call)\n", path)
		}
		return nil
	}
	if err != nil {
		return err
	}
	defer lf.Close()
	filtered := !f.Empty()
	if opts.last > 0 && !filtered {
		// Only the end of the file is read.
		fi, err := lf.Stat()
		if err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
		off, err := audit.TailOffset(lf, fi.Size(), opts.last)
		if err != nil {
			return fmt.Errorf("audit log %s: %w", path, err)
		}
		if _, err := lf.Seek(off, io.SeekStart); err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
	}

	p := &auditPrinter{s: s, json: opts.json}
	// With filters and -n, the last N matches are kept until the end.
	var ring [][]byte
	r := audit.NewReader(lf)
	var fields audit.Fields
	skipped := 0
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("audit log %s: %w", path, err)
		}
		if l.TooLong || audit.Scan(l.Bytes, &fields) != nil {
			skipped++
			continue
		}
		if !f.Match(&fields) {
			continue
		}
		if opts.last > 0 && filtered {
			if len(ring) == opts.last {
				ring = append(ring[:0], ring[1:]...)
			}
			ring = append(ring, append([]byte(nil), l.Bytes...))
			continue
		}
		if err := p.print(l.Bytes, &fields); err != nil {
			return err
		}
	}
	for _, line := range ring {
		if err := audit.Scan(line, &fields); err != nil {
			return err
		}
		if err := p.print(line, &fields); err != nil {
			return err
		}
	}
	if err := p.finish(path, filtered); err != nil {
		return err
	}
	if skipped > 0 {
		fmt.Fprintf(s.err, "guard: hint: %d line(s) skipped: not valid audit records; run 'guard audit verify'\n", skipped)
	}
	return nil
}

// auditPrinter writes records as a table or as JSON lines.
type auditPrinter struct {
	s    *streams
	json bool
	tw   *tabwriter.Writer
	rows int
}

func (p *auditPrinter) print(line []byte, f *audit.Fields) error {
	if p.json {
		_, err := fmt.Fprintf(p.s.out, "%s\n", line)
		return err
	}
	if p.tw == nil {
		p.tw = tabwriter.NewWriter(p.s.out, 0, 0, 2, ' ', 0)
	}
	if p.rows%tableFlushRows == 0 {
		if err := p.tw.Flush(); err != nil {
			return err
		}
		if p.rows == 0 {
			// Cells are padded to the widest value their column can hold,
			// so every block of rows lines up with the header.
			fmt.Fprintf(p.tw, "%-24s\t%-16s\t%-7s\t%s\n", "TIMESTAMP", "HOOK", "VERDICT", "RULE")
		}
	}
	rule := printable(string(f.Rule))
	if rule == "" {
		rule = "-"
	}
	fmt.Fprintf(p.tw, "%-24s\t%-16s\t%-7s\t%s\n", printable(string(f.TS)), f.Hook, f.Verdict, rule)
	p.rows++
	return nil
}

func (p *auditPrinter) finish(path string, filtered bool) error {
	if p.json {
		return nil
	}
	if p.rows == 0 {
		if filtered {
			fmt.Fprintf(p.s.out, "no audit records match these filters in %s\n", path)
		} else {
			fmt.Fprintf(p.s.out, "no audit records yet in %s\n", path)
		}
		return nil
	}
	return p.tw.Flush()
}

// verifyOptions are the flags of `guard audit verify`.
type verifyOptions struct {
	json  bool
	head  string
	count int
	reset bool
}

func newAuditVerifyCommand(s *streams) *cobra.Command {
	opts := &verifyOptions{}
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check the hash chain of the audit log, and that nothing was cut off its end",
		Long: `Check that every record of ~/.guard/audit.log carries the SHA-256 of the
line before it, and that the log still holds guard's checkpoint (the last
record guard appended, kept in audit.log.lock) and guard's anchor (a second
checkpoint with a record count, kept outside ~/.guard: see docs/AUDIT.md).
The chain shows a record changed, removed, inserted or reordered; the
checkpoint and the anchor show records cut off the end, or a deleted log,
the anchor even when the lock file was deleted with it.

verify prints the head (the hash of the last record) and the count of
records. Save both somewhere the agents cannot write; later,
'guard audit verify --head H --count N' proves the log still holds that
state, even if the checkpoint was rewritten along with the log.

Exit status: 0 intact (or no log yet), 2 broken or cut, 1 on an error such
as an unreadable file.`,
		Example: `  guard audit verify
  guard audit verify --head 3f2a…c9 --count 1200
  guard audit verify --reset-checkpoint   # after you rotated the log yourself`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var anchor *audit.Anchor
			switch {
			case cmd.Flags().Changed("count") && opts.head == "":
				return withHint(errors.New("--count needs --head"), "run 'guard audit verify --help' for usage")
			case opts.reset && opts.head != "":
				return withHint(errors.New("--reset-checkpoint and --head do not go together"), "check the head first, then reset")
			case opts.head != "":
				a := audit.Anchor{Head: strings.ToLower(opts.head), Count: -1}
				if cmd.Flags().Changed("count") {
					if opts.count < 0 {
						return withHint(errors.New("--count must not be negative"), "run 'guard audit verify --help' for usage")
					}
					a.Count = opts.count
				}
				anchor = &a
			}
			path, err := home.File(home.AuditName)
			if err != nil {
				return err
			}
			if opts.reset {
				return runResetCheckpoint(s, path, opts.json)
			}
			return runAuditVerify(s, path, anchor, opts.json)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.json, "json", false, "print the result as a JSON object")
	fl.StringVar(&opts.head, "head", "", "require the log to still hold this `HASH` (a head printed by an earlier verify)")
	fl.IntVar(&opts.count, "count", 0, "with --head: the head must be that of the first `N` records")
	fl.BoolVar(&opts.reset, "reset-checkpoint", false, "after checking the chain, make the log as it is now guard's checkpoint and anchor (after you rotated or replaced it)")
	return cmd
}

// verifyJSON is the --json form of `guard audit verify`.
type verifyJSON struct {
	Path       string          `json:"path"`
	OK         bool            `json:"ok"`
	Exists     bool            `json:"exists"`
	Count      int             `json:"count"`
	Head       string          `json:"head"`
	Torn       []int           `json:"torn"`
	Checkpoint *checkpointJSON `json:"checkpoint"`
	Anchor     *anchorJSON     `json:"anchor"`
	Reset      bool            `json:"reset,omitempty"`
	Problem    *problemJSON    `json:"problem,omitempty"`
}

type checkpointJSON struct {
	Size  int64    `json:"size"`
	Head  string   `json:"head"`
	Count int      `json:"count"`
	Cut   *cutJSON `json:"cut"`
}

// anchorJSON is guard's anchor file of the log that the log still holds:
// where it is, and the state it keeps (count: the records up to it).
type anchorJSON struct {
	Path  string `json:"path"`
	Size  int64  `json:"size"`
	Head  string `json:"head"`
	Count int    `json:"count"`
}

type cutJSON struct {
	TS    string `json:"ts"`
	Size  int64  `json:"size"`
	Head  string `json:"head"`
	Found int64  `json:"found"`
}

type problemJSON struct {
	Kind    string `json:"kind"`
	Entry   int    `json:"entry,omitempty"`
	Source  string `json:"source,omitempty"`
	Message string `json:"message"`
}

// anchorFile returns the path of guard's anchor of the log at path (in
// home.StateDir), or "" when the home directory is not known.
func anchorFile(path string) string {
	dir, err := home.StateDir()
	if err != nil {
		return ""
	}
	return audit.AnchorFile(dir, path)
}

// runAuditVerify checks the log at path and reports the result.
func runAuditVerify(s *streams, path string, anchor *audit.Anchor, asJSON bool) error {
	af := anchorFile(path)
	rep, err := audit.VerifyWith(path, audit.VerifyOptions{Anchor: anchor, AnchorFile: af})
	out := verifyJSON{Path: path, OK: true, Exists: true, Count: rep.Entries, Head: rep.Head, Torn: rep.Torn}
	if out.Torn == nil {
		out.Torn = []int{}
	}
	if cp := rep.Checkpoint; cp != nil {
		out.Checkpoint = &checkpointJSON{Size: cp.Size, Head: cp.Head, Count: cp.Entries}
	}
	if a := rep.Anchor; a != nil {
		out.Anchor = &anchorJSON{Path: af, Size: a.Size, Head: a.Head, Count: a.Entries}
	}
	var ce *audit.ChainError
	var ae *audit.AnchorError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		out.Exists, out.Head = false, event.ZeroHash
		if asJSON {
			return writeJSON(s.out, out)
		}
		fmt.Fprintf(s.out, "no audit log yet at %s: nothing to verify\n", path)
		return nil
	case errors.As(err, &ce):
		out.OK = false
		out.Problem = &problemJSON{Kind: "hash_mismatch", Entry: ce.Entry, Message: err.Error()}
		detail := ""
		if !errors.Is(err, audit.ErrHashMismatch) {
			out.Problem.Kind = "invalid_record"
			detail = " (not a valid audit record)"
		}
		if asJSON {
			writeJSON(s.out, out)
			return &exitError{code: exitTampered}
		}
		fmt.Fprintf(s.out, "✗ hash mismatch at entry %d%s\n", ce.Entry, detail)
		fmt.Fprintf(s.out, "warning: the audit log may have been tampered with: an entry was changed, removed, inserted or reordered at or just before entry %d; entries %d and later cannot be trusted\n", ce.Entry, max(1, ce.Entry-1))
		return &exitError{code: exitTampered}
	case errors.As(err, &ae):
		out.OK = false
		out.Problem = &problemJSON{Kind: ae.KindName(), Source: ae.Source, Message: err.Error()}
		if ae.Kind == audit.ErrLogMissing || ae.Kind == audit.ErrCheckpointDamaged {
			out.Exists = ae.Kind != audit.ErrLogMissing
			out.Torn, out.Head = []int{}, event.ZeroHash
		}
		hint := ""
		if ae.Source != audit.SourceHead {
			hint = "if you rotated, restored or deleted the log yourself, keep the old file, then run 'guard audit verify --reset-checkpoint'"
		}
		if ae.Kind == audit.ErrMissed {
			hint = "find what held the audit log's lock or kept guard from writing the log; then 'guard audit verify --reset-checkpoint' clears the record of the misses"
		}
		if asJSON {
			writeJSON(s.out, out)
			return &exitError{code: exitTampered, hint: hint}
		}
		fmt.Fprintf(s.out, "✗ %s\n", err)
		if ae.Source == audit.SourceAnchor {
			fmt.Fprintf(s.out, "anchor file: %s\n", af)
		}
		if ae.Kind == audit.ErrMissed {
			fmt.Fprintf(s.out, "missed appends: %s\n", af+audit.MissedExt)
			fmt.Fprintln(s.out, "warning: the audit log lacks records of calls guard answered: the log's lock was held too long, or the log could not be written")
			return &exitError{code: exitTampered, hint: hint}
		}
		fmt.Fprintln(s.out, "warning: the audit log may have been tampered with: records were removed from its end, or it was deleted, replaced or rewritten")
		return &exitError{code: exitTampered, hint: hint}
	case err != nil:
		return err
	}
	if asJSON {
		return writeJSON(s.out, out)
	}
	printVerified(s, rep, af, anchor)
	return nil
}

// printVerified prints the report of a log that verified: the chain, the
// torn lines, head and count, the checkpoint, guard's anchor file af, and
// the anchor given with --head.
func printVerified(s *streams, rep audit.Report, af string, anchor *audit.Anchor) {
	fmt.Fprintf(s.out, "✓ audit chain intact (%d entries verified)\n", rep.Entries)
	for _, n := range rep.Torn {
		fmt.Fprintf(s.out, "note: entry %d is a torn line left by an interrupted write; it holds no record and is not a link of the chain\n", n)
	}
	fmt.Fprintf(s.out, "head: %s\n", rep.Head)
	fmt.Fprintf(s.out, "count: %d\n", rep.Entries)
	if cp := rep.Checkpoint; cp != nil {
		fmt.Fprintf(s.out, "checkpoint: intact (guard's last append, entry %d of %d)\n", cp.Entries, rep.Entries)
	} else {
		fmt.Fprintln(s.out, "checkpoint: none yet (guard writes one at its next append)")
	}
	switch a := rep.Anchor; {
	case a != nil:
		fmt.Fprintf(s.out, "anchor file: intact (entry %d of %d, %s)\n", a.Entries, rep.Entries, af)
	case af != "":
		fmt.Fprintf(s.out, "anchor file: none yet (the next hook call writes %s)\n", af)
	}
	if anchor != nil {
		if anchor.Count < 0 {
			fmt.Fprintf(s.out, "anchor: intact (the log still holds head %s)\n", anchor.Head)
		} else {
			fmt.Fprintf(s.out, "anchor: intact (the log still holds head %s at count %d)\n", anchor.Head, anchor.Count)
		}
	}
}

// runResetCheckpoint checks the chain of the log at path and makes its
// present end guard's checkpoint.
func runResetCheckpoint(s *streams, path string, asJSON bool) error {
	old, hadOld, oldErr := audit.ReadCheckpoint(path)
	af := anchorFile(path)
	var oldA audit.AnchorState
	hadOldA, oldAErr := false, error(nil)
	if af != "" {
		oldA, hadOldA, oldAErr = audit.ReadAnchor(path, af)
	}
	rep, err := audit.VerifyWith(path, audit.VerifyOptions{IgnoreCheckpoint: true})
	exists := true
	var ce *audit.ChainError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		rep, exists = audit.Report{Head: event.ZeroHash}, false
	case errors.As(err, &ce):
		return &exitError{code: exitTampered, err: fmt.Errorf("the chain is broken at entry %d: checkpoint not reset", ce.Entry),
			hint: "run 'guard audit verify' to see where"}
	case err != nil:
		return err
	}
	if err := audit.ResetCheckpoint(path, rep.End, rep.Head); err != nil {
		return err
	}
	if af != "" {
		if err := audit.ResetAnchor(path, af, rep.End, rep.Entries, rep.Head); err != nil {
			return err
		}
	}
	if asJSON {
		out := verifyJSON{Path: path, OK: true, Exists: exists, Count: rep.Entries, Head: rep.Head, Torn: rep.Torn, Reset: true,
			Checkpoint: &checkpointJSON{Size: rep.End, Head: rep.Head, Count: rep.Entries}}
		if af != "" {
			out.Anchor = &anchorJSON{Path: af, Size: rep.End, Head: rep.Head, Count: rep.Entries}
		}
		if out.Torn == nil {
			out.Torn = []int{}
		}
		return writeJSON(s.out, out)
	}
	switch {
	case oldErr != nil:
		fmt.Fprintf(s.out, "previous checkpoint: unreadable (%s)\n", oldErr)
	case hadOld && old.Cut != nil && old.Cut.Size >= 0:
		fmt.Fprintf(s.out, "previous checkpoint: cut found at %s; the log had held %d bytes ending in record %s\n", old.Cut.TS, old.Cut.Size, old.Cut.Head)
	case hadOld && old.Cut != nil:
		fmt.Fprintf(s.out, "previous checkpoint: cut found at %s (the checkpoint was unreadable)\n", old.Cut.TS)
	case hadOld:
		fmt.Fprintf(s.out, "previous checkpoint: %d bytes ending in record %s\n", old.Size, old.Head)
	}
	if line := previousAnchor(oldA, hadOldA, oldAErr); line != "" {
		fmt.Fprintln(s.out, line)
	}
	fmt.Fprintf(s.out, "✓ audit chain intact (%d entries verified)\n", rep.Entries)
	fmt.Fprintf(s.out, "checkpoint reset: head %s, count %d\n", rep.Head, rep.Entries)
	if af != "" {
		fmt.Fprintf(s.out, "anchor reset: %s\n", af)
	}
	return nil
}

// previousAnchor describes the anchor a reset replaces, so that it can be
// recorded; "" when there was none.
func previousAnchor(a audit.AnchorState, ok bool, err error) string {
	switch {
	case err != nil:
		return fmt.Sprintf("previous anchor: unreadable (%s)", err)
	case !ok:
		return ""
	}
	line := "previous anchor: " + audit.StateText(a.Count, a.Size, a.Head)
	if c := a.Cut; c != nil && c.Missing {
		line += fmt.Sprintf("; cut found at %s (the log held records, with neither its checkpoint nor its anchor)", orUnknown(c.TS))
	} else if c != nil && c.Size >= 0 {
		line += fmt.Sprintf("; cut found at %s, when the log had held %s", orUnknown(c.TS), audit.StateText(c.Count, c.Size, c.Head))
	} else if c != nil {
		line += fmt.Sprintf("; cut found at %s (the anchor was unreadable)", orUnknown(c.TS))
	}
	return line
}

func orUnknown(s string) string {
	if s == "" {
		return "an unknown time"
	}
	return s
}

// writeJSON writes v as one line of JSON, HTML characters unescaped.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printable replaces control and other non-printing characters, so a value
// read from a damaged or hostile log cannot drive the terminal or break the
// table's columns.
func printable(v string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return '?'
	}, v)
}
