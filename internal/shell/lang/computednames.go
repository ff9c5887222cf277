package lang

// File names interpreter code computes: open('…'[::-1],
// 'a'), os.remove(bytes.fromhex('…').decode()), fs.appendFileSync(
// Buffer.from('…', 'base64').toString()), perl's open F, '>>', scalar
// reverse q(…), ruby's File.write("…".reverse). The literal scanners see
// the data, not the name the code makes of it. A call that writes,
// deletes, renames, links or changes the mode of a file is read for its
// name argument: a literal, a join of known parts, a path builder of known
// parts, the command's own arguments when guard knows them, or a variable
// assigned one of these is known; anything else is a name guard cannot
// tell (default-deny).

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// nameArgs says which arguments of a file call are names: first (the
// first), second (the second: a copy's or a link's destination), both (the
// first two: a rename), all (every one that is not an option or a mode
// number), recv (the object the method is called on: pathlib's
// Path(x).unlink()), kwOnly (none by position: logging.basicConfig(
// filename=x)).
type nameArgs byte

const (
	first nameArgs = iota
	second
	both
	all
	recv
	kwOnly
)

// fileCall is a call of interpreter code that changes the file it names.
type fileCall struct {
	name  string
	quals string // qualifiers it is spelt with (" os shutil "), "" for any
	args  nameArgs
	kw    string // the keyword argument that names the file (filename=), "" for none
}

// pyFileCalls are python's: os, shutil and pathlib's.
var pyFileCalls = []fileCall{
	{"remove", " os posix ", first, ""}, {"unlink", " os posix ", first, ""}, {"rmdir", " os posix ", first, ""},
	{"removedirs", " os ", first, ""}, {"truncate", " os ", first, ""}, {"chmod", " os ", first, ""}, {"chown", " os ", first, ""},
	{"lchown", " os ", first, ""}, {"mkfifo", " os ", first, ""}, {"mknod", " os ", first, ""}, {"utime", " os ", first, ""},
	{"rename", " os ", both, ""}, {"renames", " os ", both, ""}, {"replace", " os ", both, ""}, {"symlink", " os ", second, ""},
	{"link", " os ", second, ""}, {"rmtree", " shutil ", first, ""}, {"move", " shutil ", both, ""}, {"copy", " shutil ", second, ""},
	{"copy2", " shutil ", second, ""}, {"copyfile", " shutil ", second, ""}, {"copytree", " shutil ", second, ""},
	{"copymode", " shutil ", second, ""}, {"copystat", " shutil ", second, ""}, {"chown", " shutil ", first, ""},
	{"write_text", "", recv, ""}, {"write_bytes", "", recv, ""}, {"touch", "", recv, ""}, {"symlink_to", "", recv, ""},
	{"hardlink_to", "", recv, ""}, {"unlink", "", recv, ""}, {"rename", "", recv, ""}, {"replace", "", recv, ""},
	// Writers of a file they open by name: databases,
	// logs, downloads, archives, arrays and frames.
	{"connect", " sqlite3 ", first, "database"}, {"basicConfig", " logging ", kwOnly, "filename"},
	{"FileHandler", " logging handlers ", first, "filename"}, {"RotatingFileHandler", " logging handlers ", first, "filename"},
	{"TimedRotatingFileHandler", " logging handlers ", first, "filename"}, {"WatchedFileHandler", " logging handlers ", first, "filename"},
	{"urlretrieve", " request urllib ", second, "filename"}, {"open", " shelve dbm tarfile gzip bz2 lzma ", first, "filename"},
	{"ZipFile", " zipfile ", first, "file"}, {"TarFile", " tarfile ", first, "name"}, {"input", " fileinput ", first, "files"},
	{"FileInput", " fileinput ", first, "files"}, {"save", " np numpy ", first, "file"}, {"savez", " np numpy ", first, "file"},
	{"savetxt", " np numpy ", first, "fname"}, {"to_csv", "", first, "path_or_buf"}, {"to_json", "", first, "path_or_buf"},
	{"to_parquet", "", first, "path"}, {"to_pickle", "", first, "path"}, {"to_excel", "", first, "excel_writer"},
	// File objects made by a constructor that takes a mode: io.FileIO(n,
	// "a"), gzip.GzipFile(n, "w") write the file they name.
	{"FileIO", " io _io ", first, "file"}, {"GzipFile", " gzip ", first, "filename"}, {"BZ2File", " bz2 ", first, "filename"},
	{"LZMAFile", " lzma ", first, "filename"},
}

// nodeFileCalls are node's fs calls (any qualifier: fs., fsp., a
// destructured name).
var nodeFileCalls = []fileCall{
	{"writeFile", "", first, ""}, {"writeFileSync", "", first, ""}, {"appendFile", "", first, ""}, {"appendFileSync", "", first, ""},
	{"createWriteStream", "", first, ""}, {"unlink", "", first, ""}, {"unlinkSync", "", first, ""}, {"rm", "", first, ""},
	{"rmSync", "", first, ""}, {"rmdir", "", first, ""}, {"rmdirSync", "", first, ""}, {"truncate", "", first, ""},
	{"truncateSync", "", first, ""}, {"chmod", "", first, ""}, {"chmodSync", "", first, ""}, {"chown", "", first, ""},
	{"chownSync", "", first, ""}, {"lchown", "", first, ""}, {"lchownSync", "", first, ""}, {"utimes", "", first, ""},
	{"utimesSync", "", first, ""}, {"rename", "", both, ""}, {"renameSync", "", both, ""}, {"copyFile", "", second, ""},
	{"copyFileSync", "", second, ""}, {"cp", "", second, ""}, {"cpSync", "", second, ""}, {"symlink", "", second, ""},
	{"symlinkSync", "", second, ""}, {"link", "", second, ""}, {"linkSync", "", second, ""}, {"WriteStream", "", first, ""},
}

// perlFileCalls are perl's built-ins and File::Copy's, File::Path's.
var perlFileCalls = []fileCall{
	{"unlink", "", all, ""}, {"rename", "", both, ""}, {"chmod", "", all, ""}, {"chown", "", all, ""}, {"utime", "", all, ""},
	{"truncate", "", first, ""}, {"symlink", "", second, ""}, {"link", "", second, ""}, {"copy", "", second, ""},
	{"move", "", both, ""}, {"rmtree", "", all, ""}, {"remove_tree", "", all, ""}, {"rmdir", "", first, ""},
}

// rubyFileCalls are ruby's File, IO and FileUtils calls.
var rubyFileCalls = []fileCall{
	{"write", " File IO ", first, ""}, {"binwrite", " File IO ", first, ""}, {"delete", " File ", all, ""}, {"unlink", " File ", all, ""},
	{"rename", " File ", both, ""}, {"symlink", " File ", second, ""}, {"link", " File ", second, ""}, {"chmod", " File ", all, ""},
	{"chown", " File ", all, ""}, {"utime", " File ", all, ""}, {"truncate", " File ", first, ""},
	{"rm", " FileUtils ", all, ""}, {"rm_f", " FileUtils ", all, ""}, {"rm_r", " FileUtils ", all, ""}, {"rm_rf", " FileUtils ", all, ""},
	{"rmtree", " FileUtils ", all, ""}, {"remove", " FileUtils ", all, ""}, {"mv", " FileUtils ", all, ""}, {"move", " FileUtils ", all, ""},
	{"cp", " FileUtils ", all, ""}, {"cp_r", " FileUtils ", all, ""}, {"copy", " FileUtils ", all, ""}, {"ln", " FileUtils ", all, ""},
	{"ln_s", " FileUtils ", all, ""}, {"ln_sf", " FileUtils ", all, ""}, {"touch", " FileUtils ", all, ""},
	{"chmod", " FileUtils ", all, ""}, {"chmod_R", " FileUtils ", all, ""}, {"install", " FileUtils ", all, ""},
	{"copy_entry", " FileUtils ", all, ""}, {"copy_file", " FileUtils ", all, ""}, {"cp_lr", " FileUtils ", all, ""},
	{"chown_R", " FileUtils ", all, ""}, {"remove_dir", " FileUtils ", all, ""}, {"remove_entry", " FileUtils ", all, ""},
}

// fileCallsOf returns language f's file-changing calls.
func fileCallsOf(f Family) []fileCall {
	switch f {
	case Python:
		return pyFileCalls
	case Node:
		return nodeFileCalls
	case Perl:
		return perlFileCalls
	case Ruby:
		return rubyFileCalls
	}
	return nil
}

// maxNameSites bounds the calls ComputedNames reads in one code text.
const maxNameSites = 64

// ComputedNames reports, for code in language f, whether it writes,
// deletes, renames, links or changes the mode of a file whose name guard
// cannot tell (write), and whether it reads a file whose name guard
// cannot tell and transforms what it reads (compresses, encodes,
// reverses: the result scan would not see the file's text). argv tells
// whether the command's own arguments are known words (sys.argv[1] is
// then a name guard checks as the command's operand). Code that resolves
// names against a directory descriptor is read as such (DirFd).
func ComputedNames(f Family, code string, argv bool) (write, read bool) {
	u := ComputedUse(f, code, argv)
	return u.Write, u.Encoded
}

// NameUse is what code does with the file names it computes.
type NameUse struct {
	// Write: it writes, deletes, renames, links or changes the mode of
	// a file whose name guard cannot tell.
	Write bool
	// Read: it opens, reads, includes or prints a file whose name guard
	// cannot tell, whatever made the name (a listing by any API or by a
	// child program, a line read, a decoding).
	Read bool
	// Encoded: it transforms what it reads of such a file.
	Encoded bool
}

// ComputedUse is ComputedNames with every read of a computed name
// reported (Read), not only an encoded one.
func ComputedUse(f Family, code string, argv bool) NameUse {
	return computedNames(names{code: code, argv: argv, fam: f})
}

// ComputedHomeNames is ComputedNames for a program file, whose names built
// from its variables guard leaves (the documented limit), except where the
// name joins the home directory with a part guard cannot tell
// (os.path.join(os.path.expanduser('~'), n), Path.home() / n): whatever
// made the part (a replace, json.loads of an escape, a decoder, a format),
// the name may be any file of the home.
func ComputedHomeNames(f Family, code string, argv bool) (write, read bool) {
	u := computedNames(names{code: code, argv: argv, fam: f, homeOnly: true})
	return u.Write, u.Encoded
}

// computedNames reads the file calls of n.code (see ComputedUse).
func computedNames(n names) NameUse {
	f, code := n.fam, n.code
	calls := fileCallsOf(f)
	if calls == nil && f != PHP && f != Lua || DirFd(code) {
		return NameUse{}
	}
	n.lits = litSpans(code)
	if n.lookedUp(calls) {
		return NameUse{Write: true}
	}
	var u NameUse
	sites := 0
	for name, k := range codeIdents(code, n.lits) {
		if sites >= maxNameSites {
			return NameUse{Write: true, Read: u.Read}
		}
		w, r, ok := n.site(calls, name, k)
		if !ok {
			continue
		}
		sites++
		u.Write = u.Write || w
		u.Read = u.Read || r
		if u.Write {
			break
		}
	}
	u.Read = u.Read || n.argvReplaced()
	rest := code
	for _, r := range n.readNames {
		rest = strings.Replace(rest, r, "", 1) // the name's own reversal is not the text's
	}
	u.Encoded = u.Read && !u.Write && transforms(rest)
	return u
}

// lookedUp reports whether code reaches a file call by a literal lookup
// (getattr(os, "remove"), require("fs")["appendFileSync"]) or renames it
// as it destructures it (const {appendFileSync: a} = require("fs")): what
// it is called with is not read.
func (n *names) lookedUp(calls []fileCall) bool {
	isCall := func(t string) bool {
		for _, fc := range calls {
			if fc.name == t && fc.args != recv {
				return true
			}
		}
		return t == "open" || t == "openSync"
	}
	for i, l := range n.lits {
		if i >= maxLiterals {
			break
		}
		if lookupLiteral(n.code, n.lits, l) && isCall(n.code[l.start:l.end]) {
			return true
		}
	}
	if n.fam != Node {
		return false
	}
	for name, k := range codeIdents(n.code, n.lits) {
		if j := skipBlanks(n.code, k); j < len(n.code) && n.code[j] == ':' && isCall(name) {
			return true
		}
	}
	return false
}

// names reads the name expressions of one code text.
type names struct {
	code    string
	lits    []lit
	argv    bool
	fam     Family
	assigns map[string][]int
	steps   int // expressions read (maxNameSteps)
	// readNames are the name arguments of reads guard cannot tell.
	readNames []string
	// homeOnly: a name argument is read only where it holds the home
	// directory (homeAnchored); any other is taken as known.
	homeOnly bool
}

// homeAnchored reports whether a name expression holds the home
// directory: a home token or literal (expanduser, Path.home(), '~/…',
// os.environ['HOME']), or a variable assigned such an expression.
func (n *names) homeAnchored(expr string, depth int) bool {
	if depth > maxNameDepth {
		return true
	}
	for _, a := range codeAtoms(expr) {
		if a.home || strings.HasPrefix(a.text, "~") {
			return true
		}
	}
	if n.assigns == nil {
		n.assigns = assignments(n.code)
	}
	for name := range codeIdents(expr, litSpans(expr)) {
		for _, p := range n.assigns[name] {
			if n.homeAnchored(n.code[p:childStatementEnd(n.code, n.lits, p)], depth+1) {
				return true
			}
		}
	}
	return false
}

// site reads the identifier name ending at code[k]: when it is a file
// call (ok), whether it changes a file whose name guard cannot tell (w),
// or reads one (r).
func (n *names) site(calls []fileCall, name string, k int) (w, r, ok bool) {
	code := n.code
	qual := qualifier(code, k-len(name))
	i := skipBlanks(code, k)
	paren := i < len(code) && code[i] == '('
	if n.fam == Python && name == "open" && qual != "" && strings.HasSuffix(code[:k-len(name)], ".") {
		if r := receiver(code, k-len(name)-1); strings.Contains(r, "Path") {
			args := append([]string{r}, n.callArgs(i, paren)...)
			return n.openSite(nameMode, args) // Path(x).open("a")
		}
	}
	if n.readsRecv(name, qual, k) {
		return false, true, true // p.read_text() of a name guard cannot tell
	}
	if open, ok := n.opens(name, qual, paren); ok {
		if !paren && n.fam != Perl && n.fam != Ruby && n.fam != PHP && n.fam != Lua {
			return false, n.handedOn(k-len(name), i), true // map(open, names): called by another name
		}
		args := n.callArgs(i, paren)
		return n.openSite(open, args)
	}
	src, isSrc := n.sourceRead(name, qual, k, i, paren) // shutil.copy(NAME, …) reads NAME
	for _, fc := range calls {
		if fc.name != name || fc.args != recv && !n.qualified(fc, qual, k-len(name)) {
			continue
		}
		if fc.args == recv {
			if qual == "" || !strings.HasSuffix(code[:k-len(name)], ".") {
				return false, false, false
			}
			r := receiver(code, k-len(name)-1)
			if isLiteral(r) || (name == "replace" || name == "rename") && len(n.callArgs(i, paren)) != 1 {
				return false, false, false // "a".replace(x, y): a string's
			}
			return !n.known(r, 0), false, true
		}
		if !paren && n.fam != Perl && n.fam != Ruby {
			return true, false, true // w = fs.appendFileSync; map(os.remove, x): called by another name
		}
		return !n.namesKnown(fc, n.callArgs(i, paren)), src, true
	}
	return false, src, isSrc
}

// qualified reports whether a file call's name, spelt after qualifier qual
// (its name starting at code[s]), is that call: one of its qualifiers, an
// alias imported for one (import os as o), a module a call returns
// (__import__("os").remove), or (python) a bare name the code imports
// (from os import remove).
func (n *names) qualified(fc fileCall, qual string, s int) bool {
	switch {
	case fc.quals == "" || strings.Contains(fc.quals, " "+qual+" "):
		return true
	case qual == "?":
		return strings.Contains(receiver(n.code, s-1), "import")
	case qual == "":
		return n.fam == Python && (strings.Contains(n.code, "from os import") || strings.Contains(n.code, "from shutil import") ||
			strings.Contains(n.code, "from posix import"))
	}
	return strings.Contains(n.code, " as "+qual)
}

// openKind is how a language opens a file: python's and ruby's
// open(NAME, MODE), perl's open(FH, MODE, NAME), node's open(NAME, FLAGS).
type openKind byte

const (
	nameMode openKind = iota + 1
	handleModeName
	handleNameMode
	readsName
)

// opens reports whether the call name (qualified by qual) opens a file,
// and how its arguments are laid out.
func (n *names) opens(name, qual string, paren bool) (openKind, bool) {
	switch n.fam {
	case Python:
		if name == "open" && (qual == "" || qual == "io" || qual == "_io" || qual == "codecs" || qual == "os" || qual == "builtins") {
			return nameMode, true
		}
	case Node:
		switch name {
		case "open", "openSync":
			return nameMode, qual != ""
		case "readFile", "readFileSync", "createReadStream", "readTextFile", "readTextFileSync", "readLines":
			return readsName, true
		case "file":
			return readsName, qual == "Bun"
		}
	case Perl:
		switch name {
		case "open":
			return handleModeName, true
		case "sysopen":
			return handleNameMode, true
		}
	case Ruby:
		switch {
		case (name == "open" || name == "new") && (qual == "File" || qual == "IO"):
			return nameMode, true
		case (name == "read" || name == "binread" || name == "readlines" || name == "foreach") && (qual == "File" || qual == "IO"):
			return readsName, true
		case name == "open" && qual == "" && paren:
			return nameMode, true // Kernel#open
		}
	case PHP:
		if strings.Contains(phpReaders, " "+name+" ") && qual == "" {
			return readsName, true
		}
	case Lua:
		switch {
		case (name == "open" || name == "lines") && qual == "io":
			return nameMode, true
		case (name == "dofile" || name == "loadfile") && qual == "":
			return readsName, paren
		}
	}
	return 0, false
}

// handedOn reports whether the name at code[s:e] (and the qualifier before
// it) is a call's argument: map(open, names), promisify(fs.readFile); not
// a destructured name ({readFile} = require("fs")).
func (n *names) handedOn(s, e int) bool {
	for s > 0 && (word.IsWordChar(n.code[s-1]) || n.code[s-1] == '.') {
		s--
	}
	b := strings.TrimRight(n.code[:s], " \t")
	return b != "" && (b[len(b)-1] == '(' || b[len(b)-1] == ',') && e < len(n.code) && (n.code[e] == ',' || n.code[e] == ')')
}

// OpensNames reports whether code in language f opens or reads a file by
// a name that is no plain literal, whatever call guard knows it by
// (fs.openSync(f), File.foreach(f), highlight_file($f), map(open, names)):
// with a listing, the names it lists (codelistings.go).
func OpensNames(f Family, code string) bool {
	n := names{code: code, fam: f, lits: litSpans(code)}
	for name, k := range codeIdents(code, n.lits) {
		qual := qualifier(code, k-len(name))
		i := skipBlanks(code, k)
		paren := i < len(code) && code[i] == '('
		if (name == "read_text" || name == "read_bytes") && f == Python && qual != "" {
			return true
		}
		if _, ok := n.opens(name, qual, paren); !ok {
			continue
		}
		if !paren {
			if n.fam == Perl || n.fam == Ruby || n.fam == PHP || n.fam == Lua || n.handedOn(k-len(name), i) {
				return true
			}
			continue
		}
		if args := n.callArgs(i, paren); len(args) > 0 && !isLiteral(args[0]) {
			return true
		}
	}
	return false
}

// phpReaders are PHP's calls that read, print or run the file they name.
const phpReaders = " file_get_contents readfile file fopen highlight_file show_source php_strip_whitespace include " +
	"include_once require require_once parse_ini_file SplFileObject "

// readsRecv reports whether the identifier name ending at code[k] (after
// qualifier qual) reads the file its receiver names, one guard cannot tell
// (pathlib's p.read_text(), p.read_bytes()).
func (n *names) readsRecv(name, qual string, k int) bool {
	if n.fam != Python || name != "read_text" && name != "read_bytes" || qual == "" || !strings.HasSuffix(n.code[:k-len(name)], ".") {
		return false
	}
	r := receiver(n.code, k-len(name)-1)
	if n.known(r, 0) {
		return false
	}
	n.readNames = append(n.readNames, r)
	return true
}

// argvReplaced reports whether perl or ruby code sets its argument list to
// names guard cannot tell and reads the files it names (@ARGV = <.* *>;
// print <>, ARGV.replace(Dir.children(".")); puts ARGF.read): the reads of
// <> and ARGF are of computed names.
func (n *names) argvReplaced() bool {
	var argv string
	var readers []string
	switch n.fam {
	case Perl:
		argv, readers = "@ARGV", []string{"<>", "<<>>", "<ARGV>", "readline(ARGV", "readline ARGV", "eof()"}
	case Ruby:
		argv, readers = "ARGV", []string{"ARGF", "$<", "gets", "readlines", "readline"}
	default:
		return false
	}
	if !slices.ContainsFunc(readers, func(r string) bool { return strings.Contains(n.code, r) }) {
		return false
	}
	for off := 0; off < len(n.code); {
		i := strings.Index(n.code[off:], argv)
		if i < 0 {
			return false
		}
		i += off
		off = i + len(argv)
		rest := strings.TrimLeft(n.code[off:], " \t")
		switch {
		case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "=="), strings.HasPrefix(rest, "<<"):
			val := strings.TrimLeft(rest[1:], "<= \t")
			if e := strings.IndexAny(val, ";\n"); e >= 0 {
				val = val[:e]
			}
			if !n.literalList(val) {
				return true
			}
		case strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, ".each") && !strings.HasPrefix(rest, ".first") &&
			!strings.HasPrefix(rest, ".size") && !strings.HasPrefix(rest, ".length") && !strings.HasPrefix(rest, ".empty"):
			return true // ARGV.replace(x), ARGV.push(x), ARGV.concat(x)
		case n.fam == Perl && i > 0 && precededByWord(n.code[:i], "push", "unshift", "splice"):
			return true
		}
	}
	return false
}

// literalList reports whether val is a literal or a bracketed list of
// literals ("a.txt", ("a", "b"), qw(a b), ["a"]).
func (n *names) literalList(val string) bool {
	val = strings.TrimSpace(val)
	if strings.HasPrefix(val, "qw") {
		return true
	}
	val = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(val, "("), "["), ")")
	val = strings.TrimSuffix(val, "]")
	for _, el := range topLevel(val) {
		if el = strings.TrimSpace(el); el != "" && !isLiteral(el) {
			return false
		}
	}
	return true
}

// precededByWord reports whether s ends with one of words and blanks or an
// opening bracket (push @ARGV, push(@ARGV).
func precededByWord(s string, words ...string) bool {
	s = strings.TrimRight(s, " \t(")
	for _, w := range words {
		if strings.HasSuffix(s, w) {
			return true
		}
	}
	return false
}

// openSite reads an open call's arguments: it writes when its mode is a
// writing one or one guard cannot tell.
func (n *names) openSite(kind openKind, args []string) (w, r, ok bool) {
	var name, mode string
	switch {
	case len(args) == 0:
		return false, false, false
	case kind == readsName:
		if n.known(args[0], 0) {
			return false, false, true
		}
		n.readNames = append(n.readNames, args[0])
		return false, true, true
	case kind == handleModeName && len(args) == 2:
		// perl's 2-argument open(F, EXPR): its mode is in the text
		if n.known(args[1], 0) {
			return false, false, true // read by the literal scanners (">>/x")
		}
		return true, false, true
	case kind == handleModeName && len(args) > 2:
		mode, name = args[1], args[2]
	case kind == handleNameMode && len(args) > 2:
		mode, name = args[2], args[1] // sysopen(FH, NAME, FLAGS)
	case kind != nameMode:
		return false, false, false
	default:
		name = args[0]
		for _, a := range args[1:] {
			if k, v, ok := strings.Cut(a, "="); ok && strings.TrimSpace(k) == "mode" {
				mode = v
			} else if k, v, ok := strings.Cut(a, ":"); ok && strings.TrimSpace(k) == "mode" {
				mode = v
			}
		}
		if mode == "" && len(args) > 1 && !strings.Contains(args[1], "=") {
			mode = args[1]
		}
	}
	if n.known(name, 0) {
		return false, false, true
	}
	if !writingMode(mode) {
		n.readNames = append(n.readNames, name)
	}
	return writingMode(mode), !writingMode(mode), true
}

// writingMode reports whether an open's mode argument writes: a literal
// holding w, a, x, + or > (perl), a flags expression naming a writing flag,
// or a mode guard cannot read.
func writingMode(mode string) bool {
	mode = strings.TrimSpace(mode)
	if mode == "" {
		return false
	}
	if l, ok := wholeLiteral(mode); ok {
		return strings.ContainsAny(Unescape(mode[l.start:l.end]), "wax+>")
	}
	for _, r := range [...]string{"O_RDONLY", "File::RDONLY", "'r'", `"r"`} {
		if mode == r {
			return false
		}
	}
	return true
}

// isLiteral reports whether expr is one literal.
func isLiteral(expr string) bool {
	_, ok := wholeLiteral(strings.TrimSpace(expr))
	return ok
}

// namesKnown reports whether the name arguments of a file call (its
// args: see nameArgs, and its keyword) are all known.
func (n *names) namesKnown(fc fileCall, args []string) bool {
	var pos []string
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		switch {
		case fc.kw != "" && ok && strings.TrimSpace(k) == fc.kw && !strings.HasPrefix(v, "="):
			if !n.known(v, 0) {
				return false // filename=x
			}
		case fc.kw != "" && optionArg(a):
		default:
			pos = append(pos, a)
		}
	}
	switch fc.args {
	case first:
		return len(pos) == 0 || n.known(pos[0], 0)
	case second:
		return len(pos) < 2 || n.known(pos[1], 0)
	case both:
		return (len(pos) == 0 || n.known(pos[0], 0)) && (len(pos) < 2 || n.known(pos[1], 0))
	case kwOnly:
		return true
	}
	if len(pos) == 0 {
		return n.fam != Perl // perl's unlink with no argument: $_
	}
	for _, a := range pos {
		if optionArg(a) {
			continue
		}
		if !n.known(a, 0) {
			return false
		}
	}
	return true
}

// optionArg reports whether a call argument is a keyword option
// (verbose: true, exist_ok=True) or a number (a mode).
func optionArg(a string) bool {
	a = strings.TrimSpace(a)
	if a == "" || a[0] >= '0' && a[0] <= '9' {
		return true
	}
	if k, _, ok := strings.Cut(a, ":"); ok && identifier(strings.TrimSpace(k)) && !strings.HasPrefix(a, "::") {
		return true
	}
	k, _, ok := strings.Cut(a, "=")
	return ok && identifier(strings.TrimSpace(k)) && !strings.Contains(a, "==")
}

// qualifier returns the identifier before the dot before code[s]
// (os for os.remove), "" when code[s] follows no dot.
func qualifier(code string, s int) string {
	if s <= 0 || code[s-1] != '.' {
		if s > 1 && code[s-1] == ':' && code[s-2] == ':' {
			s-- // File::Copy::copy
		} else {
			return ""
		}
	}
	e := s - 1
	b := e
	for b > 0 && word.IsWordChar(code[b-1]) {
		b--
	}
	if b == e {
		return "?" // f(x).remove, "s".replace
	}
	return code[b:e]
}

// receiver returns the expression a method is called on, the dot before
// it at code[d]: Path("x") for Path("x").unlink(), p for p.unlink().
func receiver(code string, d int) string {
	b := d
	for b > 0 {
		c := code[b-1]
		switch {
		case c == ')' || c == ']':
			o := openerBefore(code, b-1)
			if o < 0 {
				return code[b:d]
			}
			b = o
		case word.IsWordChar(c) || c == '.' || c == '$':
			b--
		case c == '\'' || c == '"':
			q := strings.LastIndexByte(code[:b-1], c)
			if q < 0 {
				return code[b:d]
			}
			b = q
		default:
			return code[b:d]
		}
	}
	return code[b:d]
}

// openerBefore returns the index of the bracket opening the one closing at
// code[e], or -1.
func openerBefore(code string, e int) int {
	depth := 0
	for k := e; k >= 0 && k > e-maxExpr; k-- {
		switch code[k] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// callArgs returns the arguments of the call whose argument list starts
// at code[i]: in brackets when paren, else (perl, ruby) up to the end of
// the statement or a low-precedence or, and, if, unless.
func (n *names) callArgs(i int, paren bool) []string {
	code := n.code
	if paren {
		i++
	}
	var out []string
	depth, start := 0, i
	for k := i; k < len(code) && k < i+maxExpr; k++ {
		if l, ok := litAt(n.lits, k); ok {
			k = l.next - 1
			continue
		}
		c := code[k]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return append(out, strings.TrimSpace(code[start:k]))
			}
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(code[start:k]))
			start = k + 1
		case depth == 0 && !paren && (c == ';' || c == '\n' || stopWord(code, k)):
			return append(out, strings.TrimSpace(code[start:k]))
		case depth == 0 && !paren && c == 'd' && strings.HasPrefix(code[k:], "do") && (k+2 == len(code) || !word.IsWordChar(code[k+2])) && (k == 0 || !word.IsWordChar(code[k-1])):
			return append(out, strings.TrimSpace(code[start:k])) // File.open x, "w" do |f|
		}
	}
	return append(out, strings.TrimSpace(code[start:min(len(code), i+maxExpr)]))
}

// transformNames are the calls and spellings by which code turns what it
// reads into text the result scan does not read as it was: compression,
// encodings, reversal, translation.
var transformNames = [...]string{"b64", "base64", "base32", "base85", "zlib", "gzip", "bz2", "lzma", "compress", "deflate",
	"hexlify", ".hex(", "'hex'", `"hex"`, "codecs", "encode", "[::-1]", "reverse", "btoa", "pack", "xor", "rot13",
	"translate", "tr/", "y/", "crypt", "zip", "marshal", "pickle", "ord(", "charCodeAt", "map("}

// transforms reports whether code transforms text it reads (transformNames).
func transforms(code string) bool {
	for _, t := range transformNames {
		if strings.Contains(code, t) {
			return true
		}
	}
	return false
}
