package hook

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	pathpkg "path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// A read is allowed although the file it reads may hold a secret because
// the result scan redacts what it prints. That holds only where the
// output reaches the scan as the file holds it: not for a read that
// reshapes it (rev F, sed -n 3,5p F, grep -o . F), a Read of part of a
// file, a route whose output guard cannot replace (agent A's Monitor, a
// background command, agent B: F1), or agent A's command that fails
// (PostToolUseFailure). There guard reads the file itself before the call
// runs, bounded, and a secret in it blocks: guard could not redact what
// the call would print. A command's plain read (cat F) of a file holding
// a private key blocks for every agent: a slice of a key's body (tail -n
// 3 F) is not a value the scan can find.

const (
	// maxSecretRead is the chunk guard scans of a file at a time, and the
	// most it reads of one to show a reader of it succeeds.
	maxSecretRead = 1 << 20
	// secretOverlap is what one chunk's scan carries into the next (from
	// a line start): a secret shorter than it is whole in one chunk.
	secretOverlap = 64 << 10
	// maxSecretBytes bounds the bytes guard reads of a call's files.
	maxSecretBytes = 64 << 20
	// maxSecretFiles bounds the files (regular, existing) guard reads of
	// a call. Names that do not exist do not count.
	maxSecretFiles = 64
	// keysWhy is why guard checks a command's partial read for a key.
	keysWhy = "a command's slice of a private key (a few of its body lines) is not a value the result scan can find"
	// boundWhat is what guard could not tell past its bound.
	boundWhat = "guard reads at most 64 files and 64 MiB of a call to tell whether they hold a secret"
)

// errBudget is the end of a call's scan budget (maxSecretFiles,
// maxSecretBytes) before the end of a file.
var errBudget = errors.New("scan budget spent")

// errUndecoded is a file in a compressed format guard does not decode
// (bzip2: its package builds a table at init, a cost every hook process
// would pay): a decoder (bzcat, tar xOjf) prints what guard cannot see.
var errUndecoded = errors.New("compressed in a format guard does not decode")

// scanBudget is what a call's file checks have read so far.
type scanBudget struct {
	files int
	bytes int64
	// maxFiles and maxBytes bound files and bytes; 0: maxSecretFiles,
	// maxSecretBytes (a tree's walk: maxTreeFiles, maxTreeBytes).
	maxFiles int
	maxBytes int64
}

// bytesOver reports whether b has read past its bytes bound.
func (b *scanBudget) bytesOver() bool {
	if b.maxBytes > 0 {
		return b.bytes > b.maxBytes
	}
	return b.bytes > maxSecretBytes
}

// secretReads returns the finding that blocks a read of checked (the
// inputs of call, its own first) whose output guard cannot redact and
// whose file holds a secret, or that guard cannot read to tell. A tree
// (DIR/**) is the policy's for its protected files (policy.checkOpaque)
// and treeSecrets' for the secrets of its other files. A file the call's
// one command prints chosen lines of (commandPicks: relative names under
// base) blocks only for a secret on one of them.
func secretReads(call *agent.Call, checked []event.Input, base string) (event.Finding, bool) {
	var d *secret.Detector
	var b scanBudget
	tb := scanBudget{maxFiles: maxTreeFiles, maxBytes: maxTreeBytes}
	var prints event.LinePrinter
	printsRead := false
	var picks map[string]linePick
	var members map[string][]string
	picked := false
	h, _ := home.UserHome()
	for i, in := range checked {
		why, keysOnly := readWhy(call, in, i < len(call.Inputs))
		if why == "" && !keysOnly {
			continue
		}
		p := in.Text
		if call.Lines != nil && sliceTree(call, p, h) {
			continue // FILE/** of a file the tool reads by lines: its slice's
		}
		if dir, name, ok := treeRoot(p); ok && treeScanned(in) && !strings.Contains(p, path.Unknown) {
			if d == nil {
				d = secret.New()
			}
			pr := treePrinter(call, in, &prints, &printsRead)
			if f, hit := treeSecrets(d, in, path.ExpandHome(dir, h), name, why, pr, &tb); hit {
				return f, true
			}
			continue
		}
		if strings.HasSuffix(p, "/**") || strings.Contains(p, "/**/") || strings.ContainsAny(p, "*?[\x00") || strings.Contains(p, path.Unknown) {
			continue // a tree, a pattern or an unresolved part: the path rules'
		}
		if d == nil {
			d = secret.New()
		}
		full := filepath.FromSlash(path.ExpandHome(p, h))
		if why != "" && !picked {
			picks, members, picked = callPicks(call, base), callMembers(call, base), true
		}
		var f event.Finding
		var hit bool
		if lines := call.Lines; lines != nil && why != "" && i < len(call.Inputs) {
			// The tool's own slice by whole lines; the result scan redacts
			// what a partial read prints on a route that takes a result.
			cut := why == agent.PartialRead && call.Unredacted == "" && agent.ResultsReplaced(call.Agent)
			f, hit = rangesSecret(d, full, why, lines, cut, &b)
		} else if ms := members[filepath.Clean(full)]; ms != nil && why != "" {
			f, hit = memberSecret(d, full, why, ms, &b)
		} else if pick := pickFor(picks, full); pick != nil && why != "" {
			f, hit = pickedSecret(d, full, why, pick, &b)
		} else {
			f, hit = fileSecret(d, full, why, keysOnly, &b)
		}
		if hit {
			f.Reason = strings.Replace(f.Reason, "\x00", quoted(p), 1)
			f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
			return f, true
		}
	}
	return event.Finding{}, false
}

// sliceTree reports whether p is the tree (FILE/**) an MCP read adds in
// case its path names a directory, of a regular file the call reads by
// whole lines (agent.Call.Lines): the file's slice is checked instead.
func sliceTree(call *agent.Call, p, h string) bool {
	root, ok := strings.CutSuffix(p, "/**")
	if !ok || !slices.ContainsFunc(call.Inputs, func(in event.Input) bool { return in.Kind == event.KindRead && in.Text == root }) {
		return false
	}
	fi, err := os.Stat(filepath.FromSlash(path.ExpandHome(root, h)))
	return err == nil && fi.Mode().IsRegular()
}

// callPicks is commandPicks of the call's one shell command (POSIX
// shells only); nil for none or several.
func callPicks(call *agent.Call, base string) map[string]linePick {
	text, ok := oneCommand(call)
	if !ok {
		return nil
	}
	return commandPicks(text, userZsh(), base)
}

// callMembers is commandMembers of the call's one shell command.
func callMembers(call *agent.Call, base string) map[string][]string {
	text, ok := oneCommand(call)
	if !ok {
		return nil
	}
	return commandMembers(text, userZsh(), base)
}

// oneCommand returns the call's one shell command (POSIX shells only).
func oneCommand(call *agent.Call) (string, bool) {
	var text string
	n := 0
	for _, in := range call.Inputs {
		if in.Kind == event.KindCommand {
			if text, n = in.Text, n+1; in.Shell != "" {
				return "", false
			}
		}
	}
	return text, n == 1
}

// memberSecret is fileSecret for tar x -O of members of the (plain or
// gzip) archive at p: only the regular members named (or below a named
// directory) are printed and scanned. An archive guard cannot read as
// tar, or a hard link among them (tar prints its target), is read whole.
func memberSecret(d *secret.Detector, p, why string, members []string, b *scanBudget) (event.Finding, bool) {
	fh, err := regularfile.Open(p)
	if err != nil {
		return fileSecret(d, p, why, false, b)
	}
	defer fh.Close()
	var r io.Reader = fh
	var magic [2]byte
	if n, _ := fh.ReadAt(magic[:], 0); n == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(io.NewSectionReader(fh, 0, 1<<62))
		if err != nil {
			return fileSecret(d, p, why, false, b)
		}
		defer zr.Close()
		r = zr
	}
	f, hit, ok := tarMembersSecret(d, tar.NewReader(r), members, b)
	switch {
	case !ok:
		return fileSecret(d, p, why, false, b)
	case errors.Is(f.err, errBudget):
		return secretFinding(why, boundWhat, "", ""), true
	case f.err != nil:
		return secretFinding(why, "guard could not read the archive's members to tell whether they hold a secret", "", ""), true
	case hit:
		return secretFinding(why, "a member it prints holds a secret ("+f.f.Rule+")", f.f.Rule, f.f.Severity), true
	}
	return event.Finding{}, false
}

// memberScan is what tarMembersSecret found.
type memberScan struct {
	f   event.Finding
	err error
}

// tarMembersSecret scans the named members of tr; false: guard cannot
// read the archive as tar, a named member is a hard link, or a named
// member matches no entry by guard's reading (tar reads it otherwise or
// fails after printing the rest: the archive is then read whole).
func tarMembersSecret(d *secret.Detector, tr *tar.Reader, members []string, b *scanBudget) (memberScan, bool, bool) {
	matched := make([]bool, len(members))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return memberScan{}, false, !slices.Contains(matched, false)
		}
		if err != nil {
			return memberScan{}, false, false
		}
		if !tarMemberCovers(h.Name, members, matched) {
			continue
		}
		switch h.Typeflag {
		case tar.TypeReg, tar.TypeRegA:
		case tar.TypeLink:
			return memberScan{}, false, false
		default:
			continue // a directory, a symbolic link: no text
		}
		if b.files++; b.files > maxSecretFiles {
			return memberScan{err: errBudget}, false, true
		}
		f, hit, err := scanStream(d, untilError{tr}, maxSecretRead, b, false)
		if err != nil {
			return memberScan{err: err}, false, true
		}
		if hit {
			return memberScan{f: f}, true, true
		}
	}
}

// tarMemberCovers reports whether the tar entry name is one of members
// or below one, both sides normalised as tar compares them (a leading ./
// and trailing / aside, . and ./ the archive's root, so a prefix of every
// entry), and marks in matched each member that covers it.
func tarMemberCovers(name string, members []string, matched []bool) bool {
	clean := func(s string) string { return pathpkg.Clean(strings.TrimPrefix(s, "./")) }
	n, covers := clean(name), false
	for i, m := range members {
		if m = clean(m); m == "." || tarMemberNamed(n, []string{m}) {
			matched[i], covers = true, true
		}
	}
	return covers
}

// pickedSecret is fileSecret for a read that prints the lines pick
// chooses of the file at p: a secret blocks only when it stands on one of
// them (shownSecret). A file past maxSecretRead, or holding a NUL byte
// (binary, UTF-16), is read whole.
func pickedSecret(d *secret.Detector, p, why string, pick linePick, b *scanBudget) (event.Finding, bool) {
	lt, f, hit, done := readLines(d, p, why, b)
	if done {
		return f, hit
	}
	printed, ok := pick(lt.lines)
	if !ok {
		return secretFinding(why, "the file holds a secret ("+lt.f.Rule+")", lt.f.Rule, lt.f.Severity), true
	}
	return shownSecret(d, lt, printed, why)
}

// lineText is a file's text for a check of the lines a read prints: the
// lines (split at newlines, without the empty tail after a last one), the
// secret Check found in it and the spans FindAll placed.
type lineText struct {
	text  string
	lines []string
	f     event.Finding
	ms    []detect.Match
}

// readLines reads the file at p for a check of the lines a read prints;
// done: the answer is f, hit already (no secret; a file past
// maxSecretRead, holding a NUL byte or one guard cannot read:
// fileSecret's; a secret guard cannot place; the budget spent).
func readLines(d *secret.Detector, p, why string, b *scanBudget) (lineText, event.Finding, bool, bool) {
	data, err := regularfile.ReadFile(p, maxSecretRead+1)
	if err != nil || len(data) > maxSecretRead || bytes.IndexByte(data, 0) >= 0 {
		f, hit := fileSecret(d, p, why, false, b)
		return lineText{}, f, hit, true
	}
	if !b.take(len(data)) {
		return lineText{}, secretFinding(why, boundWhat, "", ""), true, true
	}
	return textLines(d, string(data), nil, why)
}

// textLines is readLines for text (its lines when already split): done
// when it holds no secret, or one guard cannot place.
func textLines(d *secret.Detector, text string, lines []string, why string) (lineText, event.Finding, bool, bool) {
	f, hit := d.Check(text)
	if !hit {
		return lineText{}, event.Finding{}, false, true
	}
	if lines == nil {
		lines = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	}
	lt := lineText{text: text, lines: lines, f: f, ms: d.FindAll(text)}
	if len(lt.ms) == 0 {
		return lineText{}, secretFinding(why, "the file holds a secret ("+f.Rule+")", f.Rule, f.Severity), true, true
	}
	return lt, event.Finding{}, false, false
}

// linesSecret returns the finding of a read that prints the lines pick
// chooses of text (a file's, without NUL bytes): a secret whose span
// (FindAll's: a private key's BEGIN to END) meets one of them, or one the
// printed lines hold; a pick that cannot tell, the file whole.
func linesSecret(d *secret.Detector, text, why string, pick linePick) (event.Finding, bool) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	printed, ok := pick(lines)
	if ok && !slices.Contains(printed, true) {
		return event.Finding{}, false
	}
	lt, f, hit, done := textLines(d, text, lines, why)
	switch {
	case done:
		return f, hit
	case !ok:
		return secretFinding(why, "the file holds a secret ("+lt.f.Rule+")", lt.f.Rule, lt.f.Severity), true
	}
	return shownSecret(d, lt, printed, why)
}

// shownSecret blocks when the lines printed of lt hold a secret, or
// one of its secrets stands (any part of it) on one of them.
func shownSecret(d *secret.Detector, lt lineText, printed []bool, why string) (event.Finding, bool) {
	var shown strings.Builder
	for i, l := range lt.lines {
		if printed[i] {
			shown.WriteString(l + "\n")
		}
	}
	if g, hit := d.Check(shown.String()); hit {
		return secretFinding(why, "the lines it prints hold a secret ("+g.Rule+")", g.Rule, g.Severity), true
	}
	for _, m := range lt.ms {
		first, last := lt.span(m)
		for l := first; l <= last && l < len(printed); l++ {
			if printed[l] {
				return secretFinding(why, "a line it prints holds part of a secret ("+m.Rule+")", m.Rule, lt.f.Severity), true
			}
		}
	}
	return event.Finding{}, false
}

// span returns the first and last line (0-based) secret m stands on.
func (lt lineText) span(m detect.Match) (first, last int) {
	first = strings.Count(lt.text[:m.Start], "\n")
	return first, first + strings.Count(lt.text[m.Start:max(m.End-1, m.Start)], "\n")
}

// readWhy says why guard cannot redact what read in prints ("" when it
// can), and whether, where it can, a private key in the file still blocks
// (a command's read, a content search's own file: their slices are not
// redacted).
func readWhy(call *agent.Call, in event.Input, own bool) (why string, keysOnly bool) {
	if in.Kind != event.KindRead || call.Stage != agent.StageTool && in.Opaque == "" {
		return "", false // a prompt's attachment is read only where guard cannot redact it
	}
	switch {
	case in.Unprinted:
		return "", false // wc -l F, sha256sum F, cp F G, git log -- F: names and ids (by program and options, internal/shell)
	case in.Opaque != "":
		return in.Opaque, false
	case own:
		return "", call.OwnSlices // the tool's own path: the result scan's
	}
	prog := strings.SplitN(in.Via, " ", 2)[0]
	switch {
	case call.FailsUnredacted != "":
		return call.FailsUnredacted, false
	case call.Programs == 1 && prog != "" && strings.Contains(wholeReaders, " "+prog+" "):
		return "", false // a key whole, armour and all: the result scan's
	}
	return "", true
}

// fileSecret scans the file at p (regular files only, within the call's
// budget b) for secrets; keysOnly: only a private key counts. A file guard
// cannot read to its end blocks (fail closed at the bound); one that does
// not exist, is no regular file or that the kernel refuses holds nothing a
// read prints.
func fileSecret(d *secret.Detector, p, why string, keysOnly bool, b *scanBudget) (event.Finding, bool) {
	blockWhy := why
	if why == "" {
		blockWhy = keysWhy
	}
	f, hit, err := scanFile(d, p, b, keysOnly)
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, regularfile.ErrNotRegular), errors.Is(err, fs.ErrPermission):
		return event.Finding{}, false
	case errors.Is(err, errBudget):
		return secretFinding(blockWhy, boundWhat, "", ""), true
	case errors.Is(err, errUndecoded):
		return secretFinding(blockWhy, "the file is compressed in a format guard does not decode (bzip2, xz, lzma, zstd, lz4, a zip member's method), so it cannot tell whether it holds a secret", "", ""), true
	default:
		return secretFinding(blockWhy, "guard could not read the file to tell whether it holds a secret", "", ""), true
	}
	if !hit {
		return event.Finding{}, false
	}
	return secretFinding(blockWhy, "the file holds a secret ("+f.Rule+")", f.Rule, f.Severity), true
}

// scanFile reads the regular file at p in chunks of maxSecretRead, each
// carrying the last secretOverlap bytes of the one before from a line
// start, and checks each for a secret (keysOnly: a private key), within
// the budget b.
//
// A file one call scans twice (a command that reads and writes it: the
// read's check and the edit's) is scanned once: the answer is kept for the
// same file unchanged (scans).
func scanFile(d *secret.Detector, p string, b *scanBudget, keysOnly bool) (event.Finding, bool, error) {
	fh, err := regularfile.Open(p)
	if err != nil {
		return event.Finding{}, false, err
	}
	defer fh.Close()
	fi, statErr := fh.Stat()
	key := scanKey{path: p, keysOnly: keysOnly}
	if statErr == nil {
		if a, ok := scans.get(key, fi); ok {
			return a.f, a.hit, a.err
		}
	}
	f, hit, err := scanOpen(d, fh, b, keysOnly)
	if statErr == nil && (err == nil || errors.Is(err, errUndecoded)) {
		scans.put(key, fi, scanAnswer{f, hit, err})
	}
	return f, hit, err
}

// scanOpen is scanFile's scan of the open file fh.
func scanOpen(d *secret.Detector, fh *os.File, b *scanBudget, keysOnly bool) (event.Finding, bool, error) {
	limit := maxSecretFiles
	if b.maxFiles > 0 {
		limit = b.maxFiles
	}
	if b.files++; b.files > limit {
		return event.Finding{}, false, errBudget
	}
	size := 4 << 10
	if fi, err := fh.Stat(); err == nil && fi.Size() >= int64(size) {
		size = int(min(fi.Size()+1, maxSecretRead))
	}
	var magic [16]byte
	n, _ := fh.ReadAt(magic[:], 0)
	if undecodedMagic(magic[:n]) && !keysOnly {
		return event.Finding{}, false, errUndecoded // bzcat F, xz -dc F
	}
	if n >= 4 && string(magic[:4]) == "PK\x03\x04" {
		if fi, err := fh.Stat(); err == nil {
			if f, hit, err := scanZip(d, fh, fi.Size(), b, keysOnly); hit || err != nil && (!errors.Is(err, errUndecoded) || !keysOnly) {
				return f, hit, err
			}
		}
	}
	if n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		// gzip: zcat F, gzip -dc F print it inflated;
		// the inflated bytes count against the budget.
		if f, hit, err := scanGzip(d, fh, b, keysOnly); hit || err != nil {
			return f, hit, err
		}
	}
	return scanStream(d, fh, size, b, keysOnly)
}

// scanGzip scans the gzip stream of fh inflated (within the budget b):
// what a decoder prints is the stream up to its end or its first error
// (a header it cannot read: nothing).
func scanGzip(d *secret.Detector, fh io.ReaderAt, b *scanBudget, keysOnly bool) (event.Finding, bool, error) {
	zr, err := gzip.NewReader(io.NewSectionReader(fh, 0, 1<<62))
	if err != nil {
		return event.Finding{}, false, nil
	}
	defer zr.Close()
	return scanStream(d, untilError{zr}, maxSecretRead, b, keysOnly)
}

// untilError reads r, ending at its first error as at its end.
type untilError struct{ r io.Reader }

func (u untilError) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	if err != nil {
		err = io.EOF
	}
	return n, err
}

// scanStream reads r in chunks of up to maxSecretRead (the first one of
// size), each carrying the last secretOverlap bytes of the one before
// from a line start, and checks each for a secret, within the budget b.
func scanStream(d *secret.Detector, fh io.Reader, size int, b *scanBudget, keysOnly bool) (event.Finding, bool, error) {
	return scanChunks(d, fh, size, b, keysOnly, nil)
}

// scanChunks is scanStream checking only the chunks printed accepts
// (nil: every chunk).
func scanChunks(d *secret.Detector, fh io.Reader, size int, b *scanBudget, keysOnly bool, printed func([]byte) bool) (event.Finding, bool, error) {
	buf, keep := make([]byte, size), 0
	for {
		n, err := io.ReadFull(fh, buf[keep:])
		if b.bytes += int64(n); b.bytesOver() {
			return event.Finding{}, false, errBudget
		}
		if err == nil && len(buf) < maxSecretRead {
			buf = append(buf, make([]byte, maxSecretRead-len(buf))...)
			keep += n
			continue // a file that grew past its size: read on
		}
		done := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		if err != nil && !done {
			return event.Finding{}, false, err
		}
		text := buf[:keep+n]
		if (n > 0 || keep == 0) && (printed == nil || printed(text)) {
			if f, hit := chunkSecret(d, string(text), keysOnly); hit {
				return f, true, nil
			}
		}
		if done {
			return event.Finding{}, false, nil
		}
		from := len(text) - secretOverlap
		if i := bytes.IndexByte(text[from:], '\n'); i >= 0 {
			from += i + 1
		}
		keep = copy(buf, text[from:])
	}
}

// chunkSecret checks text for a secret; keysOnly: for a private key,
// also after another secret found first. A binary chunk (one holding a
// NUL byte) is checked as its printable runs (printableRuns).
func chunkSecret(d *secret.Detector, text string, keysOnly bool) (event.Finding, bool) {
	if strings.IndexByte(text, 0) >= 0 {
		if u, ok := utf16Text(text); ok { // iconv -f utf-16le F
			if f, hit := chunkSecret(d, u, keysOnly); hit {
				return f, hit
			}
		}
		// UTF-16 anywhere in the chunk (after 4 KiB of ASCII, before it),
		// as tr -d '\0', iconv or strings -el print it.
		text = printableRuns(text) + utf16Runs(text)
	}
	f, hit := d.Check(text)
	if !hit || !keysOnly || f.Rule == keyRule {
		return f, hit
	}
	for _, m := range d.FindAll(text) {
		if m.Rule == keyRule {
			return event.Finding{Rule: keyRule, Severity: "critical"}, true
		}
	}
	return event.Finding{}, false
}

// printableRuns returns the runs of at least minRun printable ASCII
// bytes and blanks of a binary text, a line each: a secret a reader
// prints from a binary file is such a run, and the detector reads a
// binary's other bytes slowly (about 6 MB/s against 280 MB/s of text).
func printableRuns(text string) string {
	const minRun = 8
	var b strings.Builder
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && (text[i] >= 0x20 && text[i] < 0x7f || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= minRun {
			b.WriteString(text[start:i])
			b.WriteByte('\n')
		}
		start = -1
	}
	return b.String()
}

// utf16Runs returns the runs of at least 8 printable ASCII characters
// each followed by a NUL (UTF-16 text, little endian, or big endian one
// byte on), at either alignment anywhere in text, decoded, a line each;
// and those each followed by three NULs (UTF-32), at any
// of four alignments.
func utf16Runs(text string) string {
	var b strings.Builder
	wideRuns(&b, text, 2)
	wideRuns(&b, text, 4)
	return b.String()
}

// wideRuns writes to b the runs of at least 8 printable ASCII characters
// each followed by w-1 NULs, at every alignment, decoded, a line each.
func wideRuns(b *strings.Builder, text string, w int) {
	const minRun = 8
	wide := func(i int) bool {
		if i+w > len(text) {
			return false
		}
		for k := 1; k < w; k++ {
			if text[i+k] != 0 {
				return false
			}
		}
		return text[i] >= 0x20 && text[i] < 0x7f || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'
	}
	for off := 0; off < w; off++ {
		start := -1
		for i := off; i < len(text)+w; i += w {
			if wide(i) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 && (i-start)/w >= minRun {
				for j := start; j < i; j += w {
					b.WriteByte(text[j])
				}
				b.WriteByte('\n')
			}
			start = -1
		}
	}
}

// keyRule is the secret rule of a private key.
const keyRule = "private_key"

// secretFinding is the block of a read of file \x00 (filled in by the
// caller) whose output guard cannot redact.
func secretFinding(why, what, rule, severity string) event.Finding {
	if rule == "" {
		rule = "unredactable_read"
	}
	if severity == "" {
		severity = "high"
	}
	msg := "guard could not redact what this call would print of \x00: " + why + "; " + what
	return event.Finding{Detector: event.DetectorSecrets, Rule: rule, Severity: severity, Reason: msg, LogReason: msg}
}

// quoted is p quoted for a reason, or <redacted> when its name holds a
// secret or PII value.
func quoted(p string) string {
	if policy.Sensitive(p) {
		return "'" + event.Redacted + "'"
	}
	return "'" + agent.OneLine(p) + "'"
}

// Readers by their exit status: neverFails print a file's lines and exit
// 0 when their file reads to its end (sort, head on a pipe too);
// quietFails exit non-zero without an error only when they print nothing
// (grep's 1: no line selected), so only as the command's one program.
// wholeReaders print a whole file as it is (a key's armour with it).
const (
	neverFails   = " cat head tail sort uniq less more most bat batcat "
	quietFails   = " grep egrep fgrep rg "
	wholeReaders = " cat less more most "
)

// showsSuccess reports whether guard can show that command analysis a
// succeeds, so that its output reaches agent A's PostToolUse rather than
// PostToolUseFailure (default-deny): programs that exit 0 once their file
// reads to its end (neverFails, or one quietFails program alone), only
// options known not to fail, follow or wait (safeOptions), and one file
// operand in the whole command, a regular file guard reads to its end
// itself (readsWhole; base: the directory relative ones are in). One
// operand: a file that fails to open, or is gone when the command runs,
// prints nothing; a second one could fail after the first printed. The
// command's syntax must have no status but its programs' (plainStatus,
// without redirections: not cat F; [[ -z x ]], ! cat F, cat F >
// /nonexistent/x; zsh: read as zsh).
// cat F, cat F | head -40, grep -n x F.
func showsSuccess(a *shell.Analysis, text string, zsh bool, base string) bool {
	if a.Err != nil || len(a.Commands) == 0 {
		return false
	}
	h, _ := home.UserHome()
	file := ""
	for _, c := range a.Commands {
		quiet := len(a.Commands) == 1 && strings.Contains(quietFails, " "+c.Name+" ")
		if c.Synthetic || c.Name == "" || !quiet && !strings.Contains(neverFails, " "+c.Name+" ") {
			return false
		}
		args := make([]string, len(c.Args))
		for i, arg := range c.Args {
			args[i] = arg.Text
		}
		if catalogue.Reshapes(c.Name, args) || !safeOptions(c.Name, args) {
			return false
		}
		for _, i := range catalogue.Operands(c.Name, args) {
			if c.Args[i].Data {
				continue // a grep pattern
			}
			if file != "" {
				return false
			}
			file = path.ExpandHome(args[i], h)
		}
	}
	return file != "" && plainStatusOf(text, zsh, false) && readsWhole(file, base)
}

// safeOptions reports whether every option of reader name in args is one
// known neither to fail after printing nor to follow or wait (tail -f,
// less +F, sort -c, grep -P's backtracking limit): a catalogue per
// reader; an option outside it is "cannot show it succeeds".
func safeOptions(name string, args []string) bool {
	flags, values, long := readerOptions(name)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return true
		case strings.HasPrefix(a, "--"):
			opt, _, _ := strings.Cut(a, "=")
			if !strings.Contains(long, " "+opt+" ") {
				return false
			}
		case strings.HasPrefix(a, "+"):
			return false // less +F, tail +N: not in the catalogue
		case len(a) > 1 && a[0] == '-':
			ok, next := safeCluster(a[1:], flags, values)
			if !ok {
				return false
			}
			if next {
				i++ // -n 5: the value is the next word
			}
		}
	}
	return true
}

// safeCluster reports whether a cluster of short options holds only
// flags, then at most one option taking a value (the rest of the cluster,
// else the next word: next); a number alone is head's and tail's count.
func safeCluster(cl, flags, values string) (ok, next bool) {
	for j := 0; j < len(cl); j++ {
		c := cl[j]
		switch {
		case strings.IndexByte(values, c) >= 0:
			return true, j == len(cl)-1
		case c >= '0' && c <= '9' && strings.IndexByte(values, 'n') >= 0:
		case strings.IndexByte(flags, c) < 0:
			return false, false
		}
	}
	return true, false
}

// readerOptions returns the short flags, the short options taking a
// value and the long options (" --x " each) of a reader known not to
// fail after printing, follow or wait.
func readerOptions(name string) (flags, values, long string) {
	switch name {
	case "cat":
		return "AbeEnstTuv", "", " --number --number-nonblank --show-all --show-ends --show-tabs --show-nonprinting --squeeze-blank "
	case "head", "tail":
		return "qvz", "nc", " --lines --bytes --quiet --silent --verbose --zero-terminated "
	case "sort":
		return "bdfghiMnrRsuVz", "kt", " --reverse --numeric-sort --unique --ignore-case --human-numeric-sort --version-sort --key --field-separator --stable "
	case "uniq":
		return "cdiuz", "fsw", " --count --repeated --unique --ignore-case "
	case "grep", "egrep", "fgrep":
		return "nHhiywxvcFEGslLaTZ", "emABC", " --line-number --with-filename --no-filename --ignore-case --word-regexp --line-regexp --invert-match --count --fixed-strings --extended-regexp --no-messages --color --colour "
	case "rg":
		return "nNiwxvcFHlsS", "emABC", " --line-number --no-line-number --ignore-case --word-regexp --line-regexp --invert-match --count --fixed-strings --with-filename --no-heading --smart-case --color --hidden "
	case "wc":
		return "clmwL", "", " --lines --words --bytes --chars --max-line-length "
	case "tr":
		return "cCdst", "", " --complement --delete --squeeze-repeats --truncate-set1 "
	case "fold":
		return "bs", "w", " --bytes --spaces --width "
	case "cut":
		return "sz", "bcdf", " --bytes --characters --delimiter --fields --only-delimited --complement --output-delimiter --zero-terminated "
	case "bat", "batcat":
		return "pnA", "", " --plain --number --show-all --paging --color --style "
	}
	return "", "", "" // less, more, most: no option (less +F follows)
}

// readsWhole reports whether p (relative ones under base) is a regular
// file of at least one byte and at most maxSecretRead that guard reads to
// its end itself, getting as many bytes as its size: a procfs or sysfs
// file (size 0 or a page it does not hold, a read that fails or never
// ends: /proc/self/attr/current, /proc/self/pagemap) is not.
func readsWhole(p, base string) bool {
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		if base == "" {
			return false
		}
		p = filepath.Join(base, p)
	}
	f, err := regularfile.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() < 1 || fi.Size() > maxSecretRead {
		return false
	}
	buf := make([]byte, fi.Size()+1)
	n, err := io.ReadFull(f, buf)
	return int64(n) == fi.Size() && errors.Is(err, io.ErrUnexpectedEOF)
}

// netSent is why guard cannot redact a read of a command that redirects
// output to a network connection.
const netSent = "the command sends what it reads over the network (a redirection to /dev/tcp or /dev/udp): no result scan sees it"

// sendsOutput reports whether command analysis a redirects output to a
// network connection: bash opens /dev/tcp/HOST/PORT and /dev/udp/… as a
// socket (cat F > /dev/tcp/…, exec 3<>/dev/tcp/…, { …; } >/dev/udp/…).
// Every read of such a command counts as sent, whatever the statement
// that reads: default-deny, the descriptor may outlive the redirection.
func sendsOutput(a *shell.Analysis) bool {
	for _, w := range a.Writes {
		if strings.HasPrefix(w, "/dev/tcp/") || strings.HasPrefix(w, "/dev/udp/") {
			return true
		}
	}
	return false
}

// treeShown reports whether a read of command analysis a (text as
// written, run in base; the call's failure route why) goes down agent A's
// failure route only by the status of its own programs: its syntax has no
// other status (plainStatus), the call sets no time limit of the client's
// (agent.ClientTimeout), and every file it reads is there (readsPresent).
// git show HEAD ; false; a timeout field.
func treeShown(a *shell.Analysis, text string, zsh bool, base, why string) bool {
	return a.Err == nil && why != agent.ClientTimeout && plainStatus(text, zsh) && readsPresent(a, base)
}

// readsPresent reports whether every operand of a program of command
// analysis a that reads the files it names (catalogue.Verbatim: cat, grep;
// ls, wc, du, stat, file, tree), resolved against base, exists (a glob:
// matches one): a read of a missing file is a failure the command's text
// sets on purpose (grep -rn x . /nonexistent, ls /nonexistent). An operand
// guard cannot resolve (no base, a part it cannot work out) is not shown.
func readsPresent(a *shell.Analysis, base string) bool {
	h, _ := home.UserHome()
	n := 0
	for _, c := range a.Commands {
		if !catalogue.Verbatim.Has(c.Name) && !strings.Contains(" ls wc du stat file tree ", " "+c.Name+" ") {
			continue
		}
		args := make([]string, len(c.Args))
		for i, arg := range c.Args {
			args[i] = arg.Text
		}
		for _, i := range catalogue.Operands(c.Name, args) {
			if c.Args[i].Data || args[i] == "-" || strings.Contains(args[i], "…") || slices.Contains(a.Writes, args[i]) {
				continue // a grep pattern, standard input, a name found at run time (find -exec, xargs), a file the command writes
			}
			if n++; n > maxPresentReads || !present(args[i], base, h) {
				return false
			}
		}
	}
	return true
}

// present reports whether operand w, resolved against base (home h),
// names an entry on disk (a glob: matches one).
func present(w, base, h string) bool {
	p := filepath.FromSlash(path.ExpandHome(shell.ExpandEnv(w, lookupEnv), h))
	if strings.Contains(p, "$") {
		return false
	}
	if !filepath.IsAbs(p) {
		if base == "" {
			return false
		}
		p = filepath.Join(base, p)
	}
	if strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(p)
		return err == nil && len(m) > 0
	}
	return exists(p)
}

// maxPresentReads bounds the reads readsPresent looks up.
const maxPresentReads = 64

// failingTrees marks the recursive reads (DIR/**) of ins as reads whose
// output guard cannot redact (why: the reason in full): the policy's
// tree rule then blocks a tree holding a file it protects
// (policy.checkOpaque) that the command
// may print a line of (prints: treePrints; nil: any), as on agent A's
// other unredactable routes. Programs that print none of a file's text
// (catalogue.Unprinted: du, wc) are left. The search's own
// status is never shown (a link it cannot follow, a FIFO, /dev/zero).
func failingTrees(ins []event.Input, why string, prints event.LinePrinter) {
	for i, in := range ins {
		if isPrintedTree(in) {
			ins[i].Opaque = why
			ins[i].Prints = prints
		}
	}
}

// isPrintedTree reports whether in is a recursive read (DIR/**,
// DIR/**/NAME) not yet opaque, by a program that may print its text.
func isPrintedTree(in event.Input) bool {
	p := in.Text
	return in.Kind == event.KindRead && in.Opaque == "" && (strings.HasSuffix(p, "/**") || strings.Contains(p, "/**/")) && !unprinted(in)
}

// unprinted reports whether read in is by a command that prints none of
// the file's text, as the analysis found by program and options
// (event.Input.Unprinted: wc -l F, sha256sum F, cp F G, git log -- F;
// not tar xOf A or cmp -l).
func unprinted(in event.Input) bool {
	return in.Unprinted
}

// utf16Text returns text decoded as UTF-16 when it reads as such: a byte
// order mark, or NULs in at least seven of eight of the odd bytes (little
// endian) or of the even ones (big endian, or little endian one byte off,
// as a chunk may start) of its first 4 KiB. False for other text.
func utf16Text(text string) (string, bool) {
	if len(text) < 4 {
		return "", false
	}
	big := false
	switch {
	case strings.HasPrefix(text, "\xff\xfe"):
		text = text[2:]
	case strings.HasPrefix(text, "\xfe\xff"):
		text, big = text[2:], true
	default:
		var nul [2]int
		head := text[:min(len(text), 4<<10)]
		for i := 0; i < len(head); i++ {
			if head[i] == 0 {
				nul[i%2]++
			}
		}
		half := len(head) / 2
		switch {
		case nul[1]*8 >= half*7:
		case nul[0]*8 >= half*7:
			big = true
		default:
			return "", false
		}
	}
	u := make([]uint16, len(text)/2)
	for i := range u {
		a, b := uint16(text[2*i]), uint16(text[2*i+1])
		if big {
			u[i] = a<<8 | b
		} else {
			u[i] = b<<8 | a
		}
	}
	return string(utf16.Decode(u)), true
}

// scanKey names one scan of scanFile: the path and what counts.
type scanKey struct {
	path     string
	keysOnly bool
}

// scanAnswer is what one scan found.
type scanAnswer struct {
	f   event.Finding
	hit bool
	err error
}

// scanMemo keeps scanFile's answers, each with the file's identity when
// it was scanned (device and inode, size, modification time); safe for
// concurrent use (a call's checks may run on while a time-out answers).
type scanMemo struct {
	mu sync.Mutex
	m  map[scanKey]scanEntry
}

// scanEntry is one kept answer and the file it was of.
type scanEntry struct {
	fi os.FileInfo
	a  scanAnswer
}

// scans is the process's memo: one hook call per process.
var scans scanMemo

// get returns the answer kept for key when the file is still fi's.
func (s *scanMemo) get(key scanKey, fi os.FileInfo) (scanAnswer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.m[key]
	if !ok || !os.SameFile(e.fi, fi) || e.fi.Size() != fi.Size() || !e.fi.ModTime().Equal(fi.ModTime()) {
		return scanAnswer{}, false
	}
	return e.a, true
}

// put keeps answer a for key, of the file fi.
func (s *scanMemo) put(key scanKey, fi os.FileInfo, a scanAnswer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[scanKey]scanEntry{}
	}
	s.m[key] = scanEntry{fi, a}
}
