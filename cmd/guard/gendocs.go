//go:build gendocs

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// A build with the gendocs tag writes the release's man pages and shell
// completions from guard's own command tree (cobra's generators), instead of
// running guard: scripts/release-docs runs it before goreleaser builds.
// Release binaries are built without the tag, so they carry neither the
// generator nor its markdown-to-roff dependencies.
func init() { docsMain = genDocs }

// genDocs implements `go run -tags gendocs ./cmd/guard OUTDIR UNIXTIME`: the
// man pages, gzipped, into OUTDIR/man/, and the bash, zsh, fish and
// PowerShell completions into OUTDIR/completions/. UNIXTIME (the commit's
// time) dates the man pages, so that two builds of one commit are identical.
func genDocs(args []string) int {
	if err := writeDocs(args); err != nil {
		fmt.Fprintf(os.Stderr, "gendocs: error: %v\n", err)
		return 1
	}
	return 0
}

func writeDocs(args []string) error {
	if len(args) != 2 {
		return errors.New("usage: gendocs OUTDIR UNIXTIME")
	}
	sec, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil {
		return fmt.Errorf("time %q: %w", args[1], err)
	}
	when := time.Unix(sec, 0).UTC()
	out := args[0]
	root := newRootCommand(&streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	root.DisableAutoGenTag = true

	manDir := filepath.Join(out, "man")
	compDir := filepath.Join(out, "completions")
	for _, d := range []string{manDir, compDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	header := &doc.GenManHeader{Title: "GUARD", Section: "1", Date: &when, Source: "guard " + strings.TrimSpace(releaseVersion), Manual: "guard manual"}
	if err := writeMan(root, header, manDir); err != nil {
		return err
	}
	for name, gen := range map[string]func(io.Writer) error{
		"guard.bash": func(w io.Writer) error { return root.GenBashCompletionV2(w, true) },
		"_guard":     root.GenZshCompletion,
		"guard.fish": func(w io.Writer) error { return root.GenFishCompletion(w, true) },
		"guard.ps1":  root.GenPowerShellCompletionWithDesc,
	} {
		var b bytes.Buffer
		if err := gen(&b); err != nil {
			return fmt.Errorf("completion %s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(compDir, name), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeMan writes one gzipped page per available command (guard.1.gz,
// guard-audit-verify.1.gz, …), as Debian wants them: maximum compression,
// no name or time in the gzip header.
func writeMan(cmd *cobra.Command, header *doc.GenManHeader, dir string) error {
	for _, c := range cmd.Commands() {
		if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() {
			continue
		}
		if err := writeMan(c, header, dir); err != nil {
			return err
		}
	}
	var page bytes.Buffer
	h := *header
	if err := doc.GenMan(cmd, &h, &page); err != nil {
		return fmt.Errorf("man page of %s: %w", cmd.CommandPath(), err)
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(page.Bytes()); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	name := strings.ReplaceAll(cmd.CommandPath(), " ", "-") + ".1.gz"
	return os.WriteFile(filepath.Join(dir, name), gz.Bytes(), 0o644)
}
