package lang

// What a file call of interpreter code does with each name it is handed:
// the table of file-changing calls (computednames.go) says which argument
// a call writes; sourceCalls says which it reads (a copy's, a link's, an
// archive member's source) and whether it reads the whole tree below it
// (shutil.copytree, fs.cpSync, FileUtils.cp_r, tarfile's add). A name
// guard cannot tell in a read position is a read of a computed name, as
// open()'s is; the home directory itself in any position is the whole
// home: a tree read of it where the call reads, a write of it (and of
// everything in it) where the call changes it.

import (
	"strings"
)

// srcArgs says which arguments of a call it reads.
type srcArgs byte

const (
	srcFirst   srcArgs = iota + 1 // the first positional one
	srcButLast                    // every positional one but the last (FileUtils.cp(a, b, dir))
	srcThird                      // the third positional one, or root_dir= (shutil.make_archive)
)

// sourceCall is a call that reads the file (or the tree) it is handed.
type sourceCall struct {
	name  string
	quals string // qualifiers it is spelt with (" shutil "), "" for any; "tar"/"zip": a method of an archive object
	src   srcArgs
	tree  bool // it reads the whole directory tree below the name
}

// pySourceCalls are python's copies, links and archive writers.
var pySourceCalls = []sourceCall{
	{"copy", " shutil ", srcFirst, false}, {"copy2", " shutil ", srcFirst, false}, {"copyfile", " shutil ", srcFirst, false},
	{"copytree", " shutil ", srcFirst, true}, {"link", " os ", srcFirst, false}, {"make_archive", " shutil ", srcThird, true},
	{"add", "tar", srcFirst, true}, {"write", "zip", srcFirst, false},
}

// nodeSourceCalls are node's fs copies and links.
var nodeSourceCalls = []sourceCall{
	{"copyFile", "", srcFirst, false}, {"copyFileSync", "", srcFirst, false}, {"cp", "", srcFirst, true},
	{"cpSync", "", srcFirst, true}, {"link", "", srcFirst, false}, {"linkSync", "", srcFirst, false},
}

// perlSourceCalls are File::Copy's, File::Copy::Recursive's and the link
// built-in's.
var perlSourceCalls = []sourceCall{
	{"copy", "", srcFirst, false}, {"cp", "", srcFirst, false}, {"fcopy", "", srcFirst, false},
	{"dircopy", "", srcFirst, true}, {"rcopy", "", srcFirst, true}, {"link", "", srcFirst, false},
}

// rubySourceCalls are FileUtils' copies and links and IO.copy_stream.
var rubySourceCalls = []sourceCall{
	{"cp", " FileUtils ", srcButLast, false}, {"copy", " FileUtils ", srcButLast, false},
	{"cp_r", " FileUtils ", srcButLast, true}, {"copy_entry", " FileUtils ", srcFirst, true},
	{"copy_file", " FileUtils ", srcFirst, false}, {"install", " FileUtils ", srcButLast, false},
	{"ln", " FileUtils ", srcButLast, false}, {"copy_stream", " IO ", srcFirst, false},
}

// sourceCallsOf returns language f's reading calls.
func sourceCallsOf(f Family) []sourceCall {
	switch f {
	case Python:
		return pySourceCalls
	case Node:
		return nodeSourceCalls
	case Perl:
		return perlSourceCalls
	case Ruby:
		return rubySourceCalls
	}
	return nil
}

// treeChanges are the file-changing calls that change the whole tree below
// the name they are handed: a recursive removal, a move, a recursive mode
// change, a recursive copy's destination.
const treeChanges = " rmtree rm_rf rm_r remove_tree rmSync rm rmdir rmdirSync removedirs chmod_R chown_R copytree cpSync cp_r " +
	"copy_entry move mv rename renameSync renames replace "

// sourceOf returns the source call the identifier name ending at code[k]
// is, and the positions of its arguments it reads.
func (n *names) sourceOf(name, qual string, k int) (sourceCall, bool) {
	for _, sc := range sourceCallsOf(n.fam) {
		if sc.name != name {
			continue
		}
		switch sc.quals {
		case "tar", "zip":
			if qual != "" && strings.HasSuffix(n.code[:k-len(name)], ".") && n.archiveRecv(sc.quals, receiver(n.code, k-len(name)-1)) {
				return sc, true
			}
		default:
			if n.qualified(fileCall{name: sc.name, quals: sc.quals}, qual, k-len(name)) || n.fam == Perl && qual == "" {
				return sc, true
			}
		}
	}
	return sourceCall{}, false
}

// archiveRecv reports whether r, the receiver of a method, is an archive
// object of the kind ("tar", "zip") being written: tarfile.open(…),
// zipfile.ZipFile(…), or a variable assigned (or bound by with … as) one.
func (n *names) archiveRecv(kind, r string) bool {
	makers := []string{"tarfile.open", "TarFile", "tarfile"}
	if kind == "zip" {
		makers = []string{"ZipFile", "PyZipFile"}
	}
	has := func(s string) bool {
		for _, m := range makers {
			if strings.Contains(s, m) {
				return true
			}
		}
		return false
	}
	if has(r) {
		return true
	}
	if !identifier(r) {
		return false
	}
	if n.assigns == nil {
		n.assigns = assignments(n.code)
	}
	for _, p := range n.assigns[r] {
		if has(n.code[p:childStatementEnd(n.code, n.lits, p)]) {
			return true
		}
	}
	for off := 0; off < len(n.code); {
		i := strings.Index(n.code[off:], " as "+r)
		if i < 0 {
			return false
		}
		i += off
		off = i + 4 + len(r)
		if e := off; (e == len(n.code) || !IdentByte(n.code[e])) && has(n.code[max(0, i-maxExpr):i]) {
			return true
		}
	}
	return false
}

// sourceArgs returns the arguments of a source call sc that it reads.
func sourceArgs(sc sourceCall, args []string) []string {
	var pos []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && sc.src == srcThird && strings.TrimSpace(k) == "root_dir" {
			return []string{v}
		}
		if !optionArg(a) {
			pos = append(pos, a)
		}
	}
	switch {
	case len(pos) == 0:
		return nil
	case sc.src == srcFirst:
		return pos[:1]
	case sc.src == srcButLast:
		if len(pos) == 1 {
			return pos
		}
		return pos[:len(pos)-1]
	case len(pos) >= 3:
		return pos[2:3]
	}
	return nil
}

// sourceRead reports whether the identifier name ending at code[k] is a
// source call (ok) handed, to read, a name guard cannot tell (r).
func (n *names) sourceRead(name, qual string, k, i int, paren bool) (r, ok bool) {
	sc, ok := n.sourceOf(name, qual, k)
	if !ok || !paren && n.fam != Perl && n.fam != Ruby {
		return false, ok
	}
	for _, a := range sourceArgs(sc, n.callArgs(i, paren)) {
		if !n.known(a, 0) {
			n.readNames = append(n.readNames, a)
			r = true
		}
	}
	return r, true
}

// HomeUse is what a file call does with the home directory itself, handed
// to it whole (shutil.rmtree(os.environ["HOME"]), FileUtils.cp(x,
// Dir.home), fs.cpSync(os.homedir(), d, {recursive: true})).
type HomeUse struct {
	// Read: a call reads it; ReadTree: and everything below it.
	Read, ReadTree bool
	// Write: a call writes, removes, moves, links or changes the mode
	// of it, or copies into it; WriteTree: a call that changes the whole
	// tree below it.
	Write, WriteTree bool
}

// HomeCalls reports what the file calls of code in language f do with
// the home directory handed to them whole, by any of its spellings
// (expanduser("~"), Path.home(), os.homedir(), Dir.home, $ENV{HOME},
// os.environ["HOME"]) or a variable assigned one. A copy's destination
// that is the home directory writes the entries the copy brings into it:
// guard takes it as a write of the home directory.
func HomeCalls(f Family, code string) HomeUse {
	calls := fileCallsOf(f)
	if calls == nil {
		return HomeUse{}
	}
	n := names{code: code, fam: f, lits: litSpans(code)}
	var u HomeUse
	sites := 0
	for name, k := range codeIdents(code, n.lits) {
		if sites >= maxNameSites {
			break
		}
		qual := qualifier(code, k-len(name))
		i := skipBlanks(code, k)
		paren := i < len(code) && code[i] == '('
		if !paren && f != Perl && f != Ruby {
			continue // handed on by name: computednames.go reads it
		}
		sc, isSrc := n.sourceOf(name, qual, k)
		fc, isFc := n.changeOf(calls, name, qual, k)
		if isFc && fc.args == recv {
			u.Write = u.Write || n.wholeHome(receiver(code, k-len(name)-1), 0) // Path.home().rename(d)
			continue
		}
		if !isSrc && !isFc {
			continue
		}
		sites++
		args := n.callArgs(i, paren)
		read := map[string]bool{}
		if isSrc {
			for _, a := range sourceArgs(sc, args) {
				read[a] = true
				if n.wholeHome(a, 0) {
					u.Read, u.ReadTree = true, u.ReadTree || sc.tree
				}
			}
		}
		if isFc {
			n.homeWrites(&u, fc, args, read)
		}
	}
	return u
}

// changeOf returns the file-changing call the identifier name ending at
// code[k] is.
func (n *names) changeOf(calls []fileCall, name, qual string, k int) (fileCall, bool) {
	for _, fc := range calls {
		if fc.name != name {
			continue
		}
		if fc.args == recv {
			if qual != "" && strings.HasSuffix(n.code[:k-len(name)], ".") {
				return fc, true
			}
			continue
		}
		if n.qualified(fc, qual, k-len(name)) {
			return fc, true
		}
	}
	return fileCall{}, false
}

// homeWrites adds to u what file-changing call fc, handed args, does to
// the home directory handed whole; read are the arguments it only reads.
func (n *names) homeWrites(u *HomeUse, fc fileCall, args []string, read map[string]bool) {
	var names []string
	var pos []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && fc.kw != "" && strings.TrimSpace(k) == fc.kw {
			names = append(names, v)
		} else if !optionArg(a) {
			pos = append(pos, a)
		}
	}
	switch fc.args {
	case first:
		names = append(names, pos[:min(1, len(pos))]...)
	case second:
		if len(pos) > 1 {
			names = append(names, pos[1])
		}
	case both:
		names = append(names, pos[:min(2, len(pos))]...)
	case all:
		names = append(names, pos...)
	}
	for _, a := range names {
		if read[a] || !n.wholeHome(a, 0) {
			continue
		}
		u.Write = true
		u.WriteTree = u.WriteTree || strings.Contains(treeChanges, " "+fc.name+" ")
	}
}

// wholeHome reports whether expr is the home directory itself: a home
// spelling (homeIdent, a HOME lookup, "~") with nothing joined to it,
// wrapped in no more than calls and attribute lookups (str(Path.home()),
// require("os").homedir(), File::HomeDir->my_home), or a variable
// assigned one.
func (n *names) wholeHome(expr string, depth int) bool {
	e := strings.TrimSpace(expr)
	if e == "" || depth > maxNameDepth {
		return false
	}
	if identifier(e) {
		if n.assigns == nil {
			n.assigns = assignments(n.code)
		}
		for _, p := range n.assigns[e] {
			if n.wholeHome(n.code[p:childStatementEnd(n.code, n.lits, p)], depth+1) {
				return true
			}
		}
		return false
	}
	home := false
	var rest strings.Builder
	at := 0
	for _, a := range codeAtoms(e) {
		if t := strings.TrimRight(a.text, "/"); t == "~" || t == "$HOME" || t == "${HOME}" {
			a.home = true // "~/", "$HOME/": the home directory, spelt as a path
		}
		if !a.home && (strings.ContainsAny(a.text, "/.~\\") || a.text == "") {
			return false // a path joined to it
		}
		home = home || a.home
		rest.WriteString(e[at:a.open])
		at = max(at, a.next)
	}
	rest.WriteString(e[at:])
	r := strings.ReplaceAll(strings.ReplaceAll(rest.String(), "->", "."), "::", ".")
	r = strings.TrimRight(strings.TrimSpace(r), ";")
	return home && strings.Trim(r, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.()[]{}$ \t\"'`") == ""
}
