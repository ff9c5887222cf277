package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/home"
	"github.com/spf13/cobra"
)

// auditOptions are the flags of `guard audit`.
type auditOptions struct {
	json bool // print records as stored, one JSON object per line
	last int  // print only the last N lines; 0 prints all
}

// exitTampered is the exit code of `guard audit verify` when the chain is
// broken, like `guard test`'s "would be blocked"; 1 stays for errors.
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

'guard audit verify' checks the hash chain; see docs/AUDIT.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.last < 0 {
				return withHint(errors.New("-n must not be negative"), "run 'guard audit --help' for usage")
			}
			path, err := home.File(home.AuditName)
			if err != nil {
				return err
			}
			return runAudit(s, path, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the records as JSON lines, exactly as stored")
	cmd.Flags().IntVarP(&opts.last, "lines", "n", 0, "print only the last `N` records")
	cmd.AddCommand(newAuditVerifyCommand(s))
	return cmd
}

func newAuditVerifyCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:   "verify",
		Short: "Check the hash chain of the audit log",
		Long: `Check that every record of ~/.guard/audit.log carries the SHA-256 of the
line before it.

Exit status: 0 when the chain is intact (or there is no log yet), 2 when it is
broken (a record was changed, removed, inserted or reordered), 1 on an error
such as an unreadable file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := home.File(home.AuditName)
			if err != nil {
				return err
			}
			return runAuditVerify(s, path)
		},
	}
}

// runAudit prints the log at path as a table or as JSON lines.
func runAudit(s *streams, path string, opts *auditOptions) error {
	f, err := audit.OpenLog(path)
	if errors.Is(err, fs.ErrNotExist) {
		if !opts.json {
			fmt.Fprintf(s.out, "no audit records yet: %s does not exist (guard writes it at the first hook call)\n", path)
		}
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if opts.last > 0 {
		fi, err := f.Stat()
		if err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
		off, err := audit.TailOffset(f, fi.Size(), opts.last)
		if err != nil {
			return fmt.Errorf("audit log %s: %w", path, err)
		}
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
	}

	var tw *tabwriter.Writer
	if !opts.json {
		tw = tabwriter.NewWriter(s.out, 0, 0, 2, ' ', 0)
	}
	r := audit.NewReader(f)
	rows, skipped := 0, 0
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("audit log %s: %w", path, err)
		}
		if l.TooLong {
			skipped++
			continue
		}
		rec, err := audit.ParseLine(l.Bytes)
		if err != nil {
			skipped++
			continue
		}
		if opts.json {
			if _, err := fmt.Fprintf(s.out, "%s\n", l.Bytes); err != nil {
				return err
			}
			continue
		}
		if rows%tableFlushRows == 0 {
			if err := tw.Flush(); err != nil {
				return err
			}
			if rows == 0 {
				// Cells are padded to the widest value their column can hold,
				// so every block of rows lines up with the header.
				fmt.Fprintf(tw, "%-24s\t%-16s\t%-7s\t%s\n", "TIMESTAMP", "HOOK", "VERDICT", "RULE")
			}
		}
		rule := printable(rec.Rule)
		if rule == "" {
			rule = "-"
		}
		fmt.Fprintf(tw, "%-24s\t%-16s\t%-7s\t%s\n", rec.TS, rec.Hook, rec.Verdict, rule)
		rows++
	}
	if tw != nil {
		if rows == 0 {
			fmt.Fprintf(s.out, "no audit records yet in %s\n", path)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if skipped > 0 {
		fmt.Fprintf(s.err, "guard: hint: %d line(s) skipped: not valid audit records; run 'guard audit verify'\n", skipped)
	}
	return nil
}

// runAuditVerify checks the chain of the log at path and reports the result.
func runAuditVerify(s *streams, path string) error {
	rep, err := audit.Verify(path)
	var ce *audit.ChainError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(s.out, "no audit log yet at %s: nothing to verify\n", path)
		return nil
	case errors.As(err, &ce):
		detail := ""
		if !errors.Is(err, audit.ErrHashMismatch) {
			detail = " (not a valid audit record)"
		}
		fmt.Fprintf(s.out, "✗ hash mismatch at entry %d%s\n", ce.Entry, detail)
		fmt.Fprintf(s.out, "warning: the audit log may have been tampered with: an entry was changed, removed, inserted or reordered at or just before entry %d; entries %d and later cannot be trusted\n", ce.Entry, max(1, ce.Entry-1))
		return &exitError{code: exitTampered}
	case err != nil:
		return err
	}
	fmt.Fprintf(s.out, "✓ audit chain intact (%d entries verified)\n", rep.Entries)
	for _, n := range rep.Torn {
		fmt.Fprintf(s.out, "note: entry %d is a torn line left by an interrupted write; it holds no record and is not a link of the chain\n", n)
	}
	fmt.Fprintf(s.out, "head: %s\n", rep.Head)
	return nil
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
