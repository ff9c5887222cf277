package lang

import (
	"path"
	"strings"
)

// Directories interpreter code enumerates: os.listdir("."), os.scandir(),
// os.walk(top), pathlib's Path(d).iterdir() and .glob/.rglob(pattern),
// glob.glob(pattern), node's fs.readdirSync(d) (fs.promises.readdir,
// opendir), ruby's Dir.glob, Dir.children, Dir.each_child, Dir[…], perl's
// opendir and glob, PHP's scandir and glob. A name the listing yields
// stands for any entry of the directory: code that opens or changes the
// names it lists reads or writes what the directory holds, a protected
// file among them (.env, .agent_b/hooks.json in the working directory).

// Listing is a directory code enumerates: Dir as the code names it ("."
// for the working directory, which a call without one lists), "" with
// Known false when guard cannot compute it (a variable it cannot follow,
// a call); Names, the patterns a listed name's last element matches
// (none: any entry); Recursive, whether the entries of its directories
// are listed too (os.walk, rglob, a ** pattern); Hidden, whether a
// pattern's * matches a leading dot (pathlib's glob, os.listdir's
// names), as the shell's and glob.glob's do not.
type Listing struct {
	Dir               string
	Names             []string
	Known             bool
	Recursive, Hidden bool
}

// maxListings bounds the listings Listings returns for one code text.
const maxListings = 16

// dirArgCalls list the directory their first argument names (the working
// directory without one); dirQualified, only when called on Dir (ruby:
// JavaScript's Object.entries is none).
const (
	dirArgCalls  = " listdir scandir walk fwalk readdirSync readdir opendir opendirSync DirectoryIterator FilesystemIterator RecursiveDirectoryIterator newDirectoryStream "
	dirQualified = " children each_child entries foreach "
	// dirMethods list the path object they are called on (pathlib's
	// Path(d).iterdir(), Path.walk, Java's File.listFiles).
	dirMethods = " iterdir listFiles walk "
	// recursiveCalls list the directories below theirs too.
	recursiveCalls = " walk fwalk RecursiveDirectoryIterator "
	// patternCalls list the names matching their first argument, a
	// pattern: relative to the path object they are called on
	// (Path(d).glob, rglob) or to the working directory.
	patternCalls = " glob iglob rglob "
)

// globModules are the qualifiers under which glob is a function of a
// pattern relative to the working directory, not a method of a path.
const globModules = " glob Dir File "

// Listings returns the directories code enumerates (bounded).
func Listings(code string) []Listing {
	n := names{code: code, lits: litSpans(code)}
	var out []Listing
	for id, k := range codeIdents(code, n.lits) {
		if len(out) >= maxListings {
			break
		}
		s := k - len(id)
		q := qualifier(code, s)
		open := skipBlanks(code, k)
		paren := open < len(code) && code[open] == '('
		switch {
		case id == "opendir" && q == "": // perl: opendir(my $d, DIR), opendir D, DIR
			args := n.callArgs(open, paren)
			out = append(out, n.listing(argAt(args, 1), false))
		case has(dirArgCalls, id) || has(dirQualified, id) && q == "Dir":
			if !paren && !(q == "Dir" && open < len(code) && code[open] != '.') {
				continue
			}
			args := n.callArgs(open, paren)
			rec := has(recursiveCalls, id) || strings.Contains(strings.Join(args, ","), "recursive")
			out = append(out, n.listing(argAt(args, 0), rec))
		case has(dirMethods, id) && q != "":
			out = append(out, n.listing(receiver(code, s-1), id == "walk"))
		case has(patternCalls, id) || id == "Dir" && open < len(code) && code[open] == '[':
			if l, ok := n.patternListing(id, q, s, open); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// has reports whether word id is in set s (" a b ").
func has(s, id string) bool { return strings.Contains(s, " "+id+" ") }

// argAt returns the i-th of args, "" past them.
func argAt(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return ""
}

// patternListing reads a pattern call (glob(p), Path(d).rglob(p), ruby's
// Dir[p], perl's glob "p q"): the directory is its receiver's, or the
// working directory's, joined with the pattern's leading elements that
// hold no wildcard; Names, its last elements; recursive for rglob and a
// pattern with ** or a wildcard before its last element. A pattern of
// pathlib's, or one asked to (include_hidden, FNM_DOTMATCH), matches dot
// names.
func (n *names) patternListing(id, q string, s, open int) (Listing, bool) {
	code := n.code
	paren := open < len(code) && code[open] == '('
	var pat string
	switch {
	case id == "Dir" || paren:
		pat = argAt(n.callArgs(open, true), 0)
	case q == "" && open < len(code) && (code[open] == '"' || code[open] == '\''):
		pat = argAt(n.callArgs(open, false), 0) // perl: glob "*.txt"
	default:
		return Listing{}, false
	}
	base := Listing{Dir: ".", Known: true, Recursive: id == "rglob"}
	if q != "" && id != "Dir" && !has(globModules, q) {
		base = n.listing(receiver(code, s-1), id == "rglob")
	}
	base.Hidden = base.Hidden || strings.Contains(code, "include_hidden") || strings.Contains(code, "DOTMATCH")
	l, ok := wholeLiteral(strings.TrimSpace(pat))
	if !ok || !base.Known {
		return Listing{}, true
	}
	p := strings.TrimSpace(pat)
	for _, one := range strings.Fields(Unescape(p[l.start:l.end])) {
		dir, name := path.Split(one)
		if name == "**" {
			name = "*"
		}
		d, rec := base.Dir, base.Recursive
		for _, e := range strings.Split(strings.Trim(dir, "/"), "/") {
			if e == "" {
				continue
			}
			if rec = rec || strings.ContainsAny(e, "*?[{"); !rec {
				d = path.Join(d, e)
			}
		}
		if strings.HasPrefix(one, "/") {
			d = "/" + strings.TrimPrefix(d, ".")
		}
		if len(base.Names) > 0 && (d != base.Dir || rec != base.Recursive) {
			continue // perl's second pattern in another directory: the first's is read
		}
		base.Dir, base.Recursive = d, rec
		base.Names = append(base.Names, name)
	}
	return base, true
}

// listing returns the listing of every entry of the directory
// expression e names (see dirValue).
func (n *names) listing(e string, recursive bool) Listing {
	d, ok := n.dirValue(e, 0)
	return Listing{Dir: d, Known: ok, Recursive: recursive, Hidden: true}
}

// cwdSpellings are the expressions whose value is the working directory.
var cwdSpellings = [...]string{"", ".", "os.curdir", "curdir", "os.getcwd()", "getcwd()", "process.cwd()", "Dir.pwd",
	"Path.cwd()", "pathlib.Path.cwd()", "Path()", "pathlib.Path()", "Dir.getwd", "__dirname", "cwd()"}

// dirWrappers are calls whose value is the directory their argument
// names.
var dirWrappers = [...]string{"pathlib.Path", "Path", "PurePath", "PosixPath", "os.path.abspath", "abspath",
	"os.path.realpath", "realpath", "os.fspath", "str", "Pathname.new", "Pathname", "path.resolve", "resolve", "File"}

// dirValue returns the directory expression e of code names: a literal,
// the working directory (cwdSpellings), a wrapper of one (Path("src")), a
// keyword argument's value (top="."), or a variable last assigned one of
// these; false for what guard cannot compute.
func (n *names) dirValue(e string, depth int) (string, bool) {
	e = strings.TrimSpace(e)
	if depth > maxNameDepth {
		return "", false
	}
	if k, v, ok := strings.Cut(e, "="); ok && identifier(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
		e = strings.TrimSpace(v) // os.walk(top=".")
	}
	e = strings.TrimPrefix(e, "new ")
	for _, c := range cwdSpellings {
		if e == c {
			return ".", true
		}
	}
	if l, ok := wholeLiteral(e); ok {
		t := Unescape(e[l.start:l.end])
		if t == "" || strings.ContainsAny(t, "\x00$`{}") {
			return ".", t == ""
		}
		return t, true
	}
	for _, w := range dirWrappers {
		if rest, ok := strings.CutPrefix(e, w+"("); ok && strings.HasSuffix(rest, ")") && skipGroup(e, len(w)) == len(e) {
			sub := names{code: e[len(w):], lits: litSpans(e[len(w):])}
			args := sub.callArgs(0, true)
			if len(args) > 1 {
				return "", false
			}
			return n.dirValue(argAt(args, 0), depth+1)
		}
	}
	if identifier(e) {
		as := assignments(n.code)[e]
		if len(as) == 1 { // one assignment: a loop's or a branch's would be several values
			if v, ok := assignedValue(n.code, as[0]-1); ok {
				return n.dirValue(v, depth+1)
			}
		}
	}
	return "", false
}

// ChangesFiles reports whether code in language f writes, removes or
// renames files by names it computes: one of its file-changing calls
// (write_text, unlink, fs.writeFileSync, FileUtils.rm…) or an open for
// writing, whose name is not a literal (open("files.json", "w") writes
// that file alone, which the literal scanners read).
func ChangesFiles(f Family, code string) bool {
	n := names{code: code, lits: litSpans(code), fam: f}
	calls := fileCallsOf(f)
	for id, k := range codeIdents(code, n.lits) {
		s := k - len(id)
		q := qualifier(code, s)
		open := skipBlanks(code, k)
		paren := open < len(code) && code[open] == '('
		for _, fc := range calls {
			if fc.name != id || fc.args == recv && q == "" || !n.qualified(fc, q, s) {
				continue
			}
			if fc.args == recv || !allLiterals(n.callArgs(open, paren)) {
				return true
			}
		}
		if kind, ok := n.opens(id, q, paren); ok {
			if args := n.callArgs(open, paren); n.writesOpen(kind, args) && !plainLiteral(argAt(args, openName(kind, len(args)))) {
				return true
			}
		}
	}
	return false
}

// plainLiteral reports whether expr is one literal that interpolates
// nothing ("x", not ">$_", f"{d}/x", "#{d}").
func plainLiteral(expr string) bool {
	e := strings.TrimSpace(expr)
	return isLiteral(e) && !strings.ContainsAny(e, "$#{") && !strings.HasPrefix(e, "f")
}

// openName returns which of an open's n arguments (laid out as kind
// says) is the name it opens.
func openName(kind openKind, n int) int {
	switch {
	case kind == handleModeName && n == 2, kind == handleNameMode:
		return 1
	case kind == handleModeName:
		return 2
	}
	return 0
}

// allLiterals reports whether each of args is a literal (an open's mode
// and name, a copy's source and destination).
func allLiterals(args []string) bool {
	for _, a := range args {
		if a = strings.TrimSpace(a); a != "" && !plainLiteral(a) && !optionArg(a) {
			return false
		}
	}
	return true
}

// writesOpen reports whether an open call (kind, its args) may write:
// its mode is a writing one or one guard cannot tell (writingMode); a
// perl open of two arguments when its literal's mode (leading its name)
// writes: a name the code computes (open F, $_) is read as one to read.
func (n *names) writesOpen(kind openKind, args []string) bool {
	switch {
	case kind == readsName || len(args) == 0:
		return false
	case kind == handleModeName && len(args) == 2:
		l, ok := wholeLiteral(strings.TrimSpace(args[1]))
		t := strings.TrimSpace(args[1])
		return ok && strings.ContainsAny(strings.TrimLeft(t[l.start:l.end], " "), ">+|") && !strings.HasPrefix(strings.TrimLeft(t[l.start:l.end], " "), "<")
	case kind == handleModeName && len(args) > 2:
		return writingMode(args[1])
	case kind == handleNameMode && len(args) > 2:
		return writingMode(args[2])
	case kind == nameMode:
		for _, a := range args[1:] {
			if k, v, ok := strings.Cut(a, "="); ok && strings.TrimSpace(k) == "mode" {
				return writingMode(v)
			}
		}
		return len(args) > 1 && writingMode(args[1])
	}
	return false
}
