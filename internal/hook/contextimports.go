package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// The agents' clients load their context files (catalogue.ContextFiles)
// into the model's context with no tool call, and import each `@path` the
// files name, any file type, recursively: a write that
// makes such a file import a read-protected file (`@.env`,
// `@~/.ssh/id_rsa`) is a read of that file no hook sees. guard checks a
// write of a context file as the reads of the files its resulting text
// imports, resolved against the file's directory (~ expanded), and of what
// those import in turn: the read rules, and the imported file's secrets,
// which no result scan redacts (event.Input.Opaque). A shell write whose
// text guard cannot compute (a pipeline's output, a copy, sed -i, a program
// guard does not know) blocks: guard cannot tell what the file will import.

const (
	// maxImportDepth is how deep the clients follow imports.
	maxImportDepth = 5
	// maxImportFiles bounds the imported files guard reads for theirs.
	maxImportFiles = 32
	// maxImportBytes bounds what guard reads of each whole; past it,
	// guard scans the file for its @words alone to maxImportScan.
	maxImportBytes = 256 << 10
	maxImportScan  = 64 << 20
	// importWhy is why an imported file's text is not the result scan's.
	importWhy = "an agent's client imports the @path lines of its context files into the model's context with no tool call guard sees"
)

// contentWriter reports whether tool is one of the clients' own writers,
// whose input holds the text it writes (a file's content, an edit's
// strings), and agent C's save_memory.
func contentWriter(tool string) bool {
	switch tool {
	case "Write", "Edit", "MultiEdit", "StrReplace", "NotebookEdit", "write_file", "replace", "save_memory":
		return true
	}
	return false
}

// contextToolReads returns the reads a tool call's writes make: of a
// write of an agent's context file, the imports of the text it writes
// (every string of its input, input) and of an edit's result, and for
// agent C's save_memory, of the fact it saves to its memory file; of a
// write of any other file, the same reads for the read rules alone (no
// context file of the project imports it). The finding blocks a write
// whose imports guard cannot walk whole.
func contextToolReads(call *agent.Call, input []byte, h, base string) ([]event.Input, *event.Finding) {
	if call.Stage != agent.StageTool || agent.CommandTool(call.Tool) {
		return nil, nil
	}
	var writes [][]string
	var dirs []string
	for _, in := range call.Inputs {
		if in.Kind == event.KindWrite {
			names := linkNames(absUnder(in.Text, base, h), h)
			writes = append(writes, names)
			for _, n := range names {
				dirs = append(dirs, filepath.Dir(n))
			}
		}
	}
	type target struct{ file, why string }
	var files []target
	if len(writes) > 0 {
		c := loadContexts(contextDirs(h, append(dirs, base)...), projectRoot(base, h), h)
		for _, names := range writes {
			why := ""
			if c.cut != "" || c.unlisted != "" || c.is(names) {
				why = importWhy
			}
			for _, n := range names {
				files = append(files, target{n, why})
			}
		}
	}
	if call.Agent == agent.C && call.Tool == "save_memory" && h != "" {
		files = append(files, target{filepath.Join(h, ".agent_c", "AGENT_C.md"), importWhy})
	}
	if len(files) == 0 {
		return nil, nil
	}
	if !contentWriter(call.Tool) {
		// A tool guard does not know to write its input's text (an MCP
		// move, copy, download) writes what guard cannot read.
		for _, f := range files {
			if f.why != "" {
				b := unknownImports(f.file)
				return nil, &b
			}
		}
	}
	text := strings.Join(jsonStrings(input, 2), "\n")
	var out []event.Input
	for _, f := range files {
		ins, ok := importReads(f.file, text, h, f.why)
		out = append(out, ins...)
		if !ok {
			b := unknownClosure(f.file)
			return out, &b
		}
		if len(call.Edits) == 0 || call.Inputs[0].Kind != event.KindWrite || len(writes) == 0 || !slices.Contains(writes[0], f.file) {
			continue
		}
		ins, ok = editImports(f.file, call.Edits, h, f.why)
		out = append(out, ins...)
		if !ok {
			b := unknownClosure(f.file)
			return out, &b
		}
	}
	return out, nil
}

// editImports returns the reads of the imports an edit's result of file
// has that the file has not (an edit that completes an import: `@.e` made
// `@.env`), why as importReads; false when guard cannot tell: a file it
// cannot read, or imports it cannot walk whole.
func editImports(file string, edits []agent.Edit, h, why string) ([]event.Input, bool) {
	old, err := regularfile.ReadFile(file, maxSecretRead)
	if err != nil {
		return nil, absent(file, err)
	}
	text := strings.ReplaceAll(string(old), "\r\n", "\n")
	if res, ok := applyEdits(text, edits); ok {
		return newImports(file, text, res, h, why)
	}
	return nil, true
}

// contextShellWrites returns the reads of the imports of the files a
// command's analysis a writes with text guard knows (base: the directory
// it runs in): of a context file (contexts.is: an imported file, a link to
// one, too) and of those it copies (copiedContexts) as opaque reads, of
// any other file for the read rules alone; and the finding that
// blocks a context file written with text guard does not know, a write or
// a touch that no followed write explains, or one whose imports guard
// cannot walk whole.
func contextShellWrites(a *shell.Analysis, base, h string) ([]event.Input, *event.Finding) {
	if len(a.Writes)+len(a.Touches) == 0 {
		return nil, nil
	}
	dirs := []string{base}
	names := map[string][]string{}
	globbed := map[string][][]string{}
	for _, l := range [][]string{a.Writes, a.Touches} {
		for _, w := range l {
			names[w] = linkNames(absUnder(w, base, h), h)
			for _, n := range names[w] {
				dirs = append(dirs, filepath.Dir(n))
			}
			for _, m := range dirGlob(absUnder(w, base, h)) {
				globbed[w] = append(globbed[w], linkNames(m, h))
				dirs = append(dirs, filepath.Dir(m))
			}
		}
	}
	c := loadContexts(contextDirs(h, dirs...), projectRoot(base, h), h)
	known := map[string]effect.ContextWrite{}
	for _, cw := range a.ContextWrites {
		known[cw.Path] = cw
	}
	var out []event.Input
	for _, w := range a.Writes {
		for _, ns := range append([][]string{names[w]}, globbed[w]...) {
			ins, block := shellWrite(a, w, ns, known, c, base, h)
			if block != nil {
				return nil, block
			}
			out = append(out, ins...)
		}
	}
	if f := unresolvedWrite(a, c, base, h); f != nil {
		return nil, f
	}
	kept := keptTouches(a)
	for _, t := range a.Touches {
		// git mv F AGENTS.md, git checkout -- AGENTS.md, a program's copy.
		for _, ns := range append([][]string{names[t]}, globbed[t]...) {
			if file := ns[0]; !kept[t] && !kept[filepath.Base(t)] && c.is(ns) && madeDir(a, filepath.Dir(file), base, h) {
				f := unknownImports(file)
				return nil, &f
			}
		}
	}
	copied, block := copiedContexts(a, base, h)
	return append(out, copied...), block
}

// maxDirGlob bounds the files a pattern in a written name's directory
// part is taken to name (dirGlob).
const maxDirGlob = 64

// dirGlob returns the files absolute name p names when a directory part of
// it is a pattern (echo x >> */AGENTS.md): bash expands a redirection's
// word, and a program's operand, against the directories there
// (FINDINGS56d P5); each match, at most maxDirGlob, is a file the command
// may write. A pattern in the last part alone is contexts.is's (globUnder);
// none when nothing matches (the name is then written as it is).
func dirGlob(p string) []string {
	if !strings.ContainsAny(filepath.Dir(p), "*?[") {
		return nil
	}
	m, err := filepath.Glob(p)
	if err != nil {
		return nil
	}
	return m[:min(len(m), maxDirGlob)]
}

// shellWrite returns the reads of the imports of the file a command
// writes as w (names: linkNames), with the text known holds for it, and
// the finding that blocks it (contextShellWrites).
func shellWrite(a *shell.Analysis, w string, names []string, known map[string]effect.ContextWrite, c *contexts, base, h string) ([]event.Input, *event.Finding) {
	file := names[0]
	ctx := c.is(names) || c.cut != "" || c.unlisted != ""
	if ctx && !madeDir(a, filepath.Dir(file), base, h) {
		return nil, nil // cp F old.md: old.md/AGENTS.md only if old.md is a directory
	}
	cw, ok := known[w]
	switch {
	case (!ok || !cw.Known) && c.is(names):
		f := unknownImports(file)
		return nil, &f
	case !ok || !cw.Known:
		if c.cut != "" {
			f := unknownClosure(c.cut)
			return nil, &f
		}
		if c.unlisted != "" {
			f := unlistedContexts(c.unlisted)
			return nil, &f
		}
		return nil, nil // a file no context file imports
	}
	why := ""
	if ctx {
		why = importWhy
	}
	var out []event.Input
	for _, n := range names {
		ins, ok := importReads(n, cw.Text, h, why)
		out = append(out, ins...)
		if ok && (ctx || startsWord(cw.Text)) {
			// An append: the text joins the file's (a file guard cannot
			// read blocks only as context).
			old, readable := readOld(n)
			if readable {
				ins, ok = newImports(n, string(old), string(old)+cw.Text, h, why)
				out = append(out, ins...)
			}
			ok = ok && (readable || !ctx)
		}
		if !ok {
			f := unknownClosure(n)
			return nil, &f
		}
	}
	return out, nil
}

// unresolvedWrite returns the block of a write of a name guard cannot
// tell (an extraction's members, a copy's, `> "$(…)"`) into a directory
// that holds, or will, a context file or a file one imports, existing or
// not: the directory its known head names, any when the
// name begins unknown or may climb out of its head with .. .
func unresolvedWrite(a *shell.Analysis, c *contexts, base, h string) *event.Finding {
	for _, u := range a.Unresolved {
		if !u.Write {
			continue
		}
		dir := string(filepath.Separator)
		if head, _, _ := strings.Cut(u.Text, word.Unknown); head != "" && !strings.Contains(u.Text, word.RunTime) {
			dir = filepath.Dir(absUnder(head+"x", base, h))
		}
		if c.under(dir) || c.cut != "" || c.unlisted != "" {
			f := unknownImports(filepath.Join(dir, "…"))
			return &f
		}
	}
	return nil
}

// startsWord reports whether text, appended to a file, may complete an
// @word the file ends with.
func startsWord(text string) bool {
	return text != "" && !strings.ContainsRune(" \t\r\n", rune(text[0]))
}

// readOld returns what the file at p holds before a write (nothing when
// it does not exist); false when guard cannot read it.
func readOld(p string) ([]byte, bool) {
	old, err := regularfile.ReadFile(p, maxSecretRead)
	if err != nil {
		return nil, absent(p, err)
	}
	return old, true
}

// absent reports whether err, of a read of p, says p holds no text to
// import: it does not exist, or it is a directory.
func absent(p string, err error) bool {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return true
	}
	fi, e := os.Stat(p)
	return errors.Is(err, regularfile.ErrNotRegular) && e == nil && fi.IsDir()
}

// importText returns the text of the file at p, a context file or an
// imported one, or past maxImportBytes its @words alone (importScan);
// false when guard cannot tell what it imports: a file past
// maxImportScan, or one guard cannot read as a regular file. A file
// that does not exist, or a directory, imports nothing.
func importText(p string) (string, bool) {
	data, err := regularfile.ReadFile(p, maxImportBytes)
	if err == nil {
		return string(data), true
	}
	if !errors.Is(err, regularfile.ErrTooLarge) {
		return "", absent(p, err)
	}
	return importScan(p) // a lock file a context file imports
}

// importScan returns the @words of the file at p (importsOf), read in
// chunks to maxImportScan bytes, keeping none of the rest: a word longer
// than a path may be is cut to its end. False past the bound or on an
// error.
func importScan(p string) (string, bool) {
	f, err := regularfile.Open(p)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var words []string
	buf := make([]byte, 256<<10)
	carry, total := "", 0
	for {
		n, err := f.Read(buf)
		total += n
		text := carry + string(buf[:n])
		if k := strings.LastIndexAny(text, " \t\r\n"); k >= 0 && err == nil {
			words = append(words, importsOf(text[:k+1])...)
			text = text[k+1:]
		}
		if carry = text; len(carry) > 64<<10 {
			carry = "x" + carry[len(carry)-8<<10:] // "x": no word starts at the cut
		}
		switch {
		case total > maxImportScan:
			return "", false
		case errors.Is(err, io.EOF):
			words = append(words, importsOf(carry)...)
			for i, w := range words {
				words[i] = "@" + strings.ReplaceAll(w, " ", "\\ ")
			}
			return strings.Join(words, "\n"), true
		case err != nil:
			return "", false
		}
	}
}

// madeDir reports whether directory d exists, or may once the command
// made it (a write or touch of it, base and h resolving theirs).
func madeDir(a *shell.Analysis, d, base, h string) bool {
	if fi, err := os.Stat(d); err == nil && fi.IsDir() || !errors.Is(err, fs.ErrNotExist) {
		return true
	}
	for _, l := range [][]string{a.Writes, a.Touches} {
		for _, p := range l {
			q := filepath.FromSlash(path.ExpandHome(p, h))
			if !filepath.IsAbs(q) {
				q = filepath.Join(base, q)
			}
			if q == d || strings.HasPrefix(d, q+string(filepath.Separator)) || word.Opaque(p) {
				return true
			}
		}
	}
	return len(a.Unresolved) > 0
}

// unknownImports is the block of a write of a context file with text guard
// does not know.
func unknownImports(file string) event.Finding {
	msg := "guard cannot tell what '%s' will import: the command writes it with text guard does not know (a pipeline's output, " +
		"a copy of another file, a program guard does not know), and " + importWhy + "; write it with the file tools or with echo or printf of literal text"
	return importFinding(msg, file)
}

// importFinding is a blocked_path finding of a context file's imports:
// msg formatted with path p (redacted in the audit log's reason) and the
// args after it.
func importFinding(msg, p string, args ...any) event.Finding {
	return event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "blocked_path",
		Severity:  "high",
		Reason:    fmt.Sprintf(msg, append([]any{detect.Printable(filepath.ToSlash(p))}, args...)...),
		LogReason: fmt.Sprintf(msg, append([]any{event.Redacted}, args...)...),
	}
}

// newImports returns the reads of the imports result has that old has not
// (an edit that completes an import: `@.e` made `@.env`), why and false as
// importReads.
func newImports(file, old, result, h, why string) ([]event.Input, bool) {
	had := map[string]bool{}
	for _, p := range importsOf(old) {
		had[p] = true
	}
	var added []string
	for _, p := range importsOf(result) {
		if !had[p] {
			added = append(added, p)
		}
	}
	return pathImportReads(file, added, h, why)
}

// importReads returns the reads of the files text, written to file,
// imports, and of the files those import, to maxImportDepth: opaque reads
// (why, Opaque) of a context file's, reads for the read rules alone (why
// "", Unprinted: nothing loads them) of another's;
// false when guard cannot tell what they import (pathImportReads).
func importReads(file, text, h, why string) ([]event.Input, bool) {
	return pathImportReads(file, importsOf(text), h, why)
}

// pathImportReads returns the reads of imports, paths file imports, and of
// the files those import, to maxImportDepth, each opaque for why; false
// when guard cannot tell what one imports: past maxImportFiles files read,
// or a file importText cannot read.
func pathImportReads(file string, imports []string, h, why string) ([]event.Input, bool) {
	var out []event.Input
	seen := map[string]bool{}
	read, known := 0, true
	var walk func(from string, imports []string, depth int)
	walk = func(from string, imports []string, depth int) {
		for _, p := range imports {
			abs := importPath(from, p, h)
			if seen[abs] {
				continue
			}
			seen[abs] = true
			out = append(out, event.Input{Kind: event.KindRead, Text: filepath.ToSlash(abs), Via: filepath.Base(file) + "'s @import", Opaque: why, Unprinted: why == ""})
			if depth+1 >= maxImportDepth || !known {
				continue
			}
			if read >= maxImportFiles {
				_, err := os.Stat(abs)
				known = err != nil && absent(abs, err)
				continue
			}
			text, ok := importText(abs)
			known = ok
			if text != "" {
				read++
				walk(abs, importsOf(text), depth+1)
			}
		}
	}
	walk(file, imports, 0)
	return out, known
}

// importPath resolves import p of the file from: ~ is the home, a
// relative path is under from's directory.
func importPath(from, p, h string) string {
	switch {
	case (p == "~" || strings.HasPrefix(p, "~/")) && h != "":
		return filepath.Clean(filepath.FromSlash(path.ExpandHome(p, h)))
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(p))
}

// importsOf returns the paths text imports, in every reading a client may
// give an `@word` at a line's start or after a blank, a quote, a backtick
// or an opening bracket: the word up to a blank (`\ ` joins, as the
// clients unescape it), up to a quote and up to any other Unicode space
// (importBlank: a JS `\s` ends the word, a client splitting on ASCII
// blanks alone does not); the client's word, which ends at a backslash
// that escapes no blank; each unescaped and as written, with and without
// a `#fragment` (the clients cut the path there), and a path ending in
// punctuation with and without it. guard checks every reading, so a word
// it reads differently from a client is still checked as the path the
// client opens. Code spans count too: guard does not parse Markdown as
// each client does.
func importsOf(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	end := -1 // the end of the @word the scan is in
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			continue
		}
		r, n := utf8.DecodeLastRuneInString(text[:i])
		stop := end
		switch {
		case i >= end && (n == 0 || strings.ContainsRune("\"'`([{<", r) || importBlank(r)):
			end = importEnd(text, i+1)
			stop = end
		case i < end && wideBlank(r): // a word inside a word, to a JS `\s`
			stop = i + 1 + cutIndex(strings.IndexFunc(text[i+1:end], wideBlank), end-i-1)
		default:
			continue
		}
		for _, p := range importReadings(text[i+1 : stop]) {
			add(p)
			if k := strings.IndexByte(p, '#'); k >= 0 {
				add(p[:k])
			}
			for _, q := range []string{p, strings.SplitN(p, "#", 2)[0]} {
				if t := strings.TrimRight(q, ".,;:!?)]}*_"); t != q {
					add(t)
				}
			}
		}
	}
	return out
}

// importReadings returns the readings (importWords) of @word w, of w cut
// at its first Unicode space other than an escaped blank, and of w cut at
// its first quote.
func importReadings(w string) []string {
	words := importWords(w)
	if k := strings.IndexFunc(w, wideBlank); k >= 0 {
		words = append(importWords(w[:k]), words...)
	}
	if k := strings.IndexAny(w, "\"'`<>"); k >= 0 {
		words = append(importWords(w[:k]), words...)
	}
	return words
}

// importEnd returns where the @word starting at i ends: at an ASCII blank
// (space, tab, CR, LF) not escaped by a backslash, or the text's end.
func importEnd(text string, i int) int {
	for i < len(text) && !strings.ContainsRune(" \t\r\n", rune(text[i])) {
		if text[i] == '\\' && i+1 < len(text) && text[i+1] == ' ' {
			i++
		}
		i++
	}
	return i
}

// importBlank reports whether r ends an @word for some client: any Unicode
// space (\f, \v, U+00A0, U+2028, U+3000 …) or U+FEFF, which a JS `\s`
// matches.
func importBlank(r rune) bool {
	return unicode.IsSpace(r) || r == '\uFEFF'
}

// wideBlank reports whether r is an importBlank an @word's end
// (importEnd) does not stop at: any but an escaped space.
func wideBlank(r rune) bool {
	return r != ' ' && importBlank(r)
}

// cutIndex returns k, or none when k is -1 (not found).
func cutIndex(k, none int) int {
	if k < 0 {
		return none
	}
	return k
}

// importWords returns the readings of an @word w: as written, the
// client's (up to a backslash that escapes no blank, `\ ` a blank), and
// with every backslash escape undone.
func importWords(w string) []string {
	client := w
	for k := 0; k < len(client); k++ {
		if client[k] == '\\' {
			if k+1 < len(client) && client[k+1] == ' ' {
				k++
				continue
			}
			client = client[:k]
		}
	}
	var b strings.Builder
	for k := 0; k < len(w); k++ {
		if w[k] == '\\' && k+1 < len(w) {
			k++
		}
		b.WriteByte(w[k])
	}
	return []string{w, strings.ReplaceAll(client, "\\ ", " "), b.String()}
}

// jsonStrings returns every string raw, a JSON value, holds, and those of
// a string that is itself JSON, to depth levels.
func jsonStrings(raw []byte, depth int) []string {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case string:
			out = append(out, t)
			if s := strings.TrimSpace(t); depth > 1 && (strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")) {
				out = append(out, jsonStrings([]byte(s), depth-1)...)
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		case map[string]any:
			for k, e := range t {
				out = append(out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}
