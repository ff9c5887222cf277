package lang

// Code that goes up from its working directory. Whether
// two literals are joined is not decided by listing the joining calls
// (Path("..", ".bashrc"), "/".join(["..", ".ssh"]), with_name(".bashrc"),
// File.expand_path(".ssh/x", "..")): code holding an upward move names
// each of its dot-entry literals in each directory above its own, as code
// naming the home names them in the home (HomePaths).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxUpNames bounds the names UpwardNames returns of each kind.
const maxUpNames = 64

// UpNames are the names code that goes up from its working directory may
// give in a directory above it, relative to that directory.
type UpNames struct {
	// Dots are its dot-entry literals (.bashrc, .ssh/id_rsa, ".bash" +
	// "rc"), and each with the literals given after it as further pieces
	// of a path (".ssh", "id_rsa": .ssh/id_rsa).
	Dots []string
	// Pairs are each dot entry with each other plain name the code holds
	// (a name kept apart, f = "id_rsa"): read, whatever joins them.
	Pairs []string
	// Many: the code holds more than maxUpNames of them.
	Many bool
}

// UpwardNames returns, for code that goes up from its working directory,
// the names it may give above it (UpNames); none for other code. Upward
// moves are a literal that goes up ("..", "../..", "../x"), os.pardir, and
// in a one-liner a parent or dirname (Path().resolve().parent,
// dirname(getcwd())); in a program file (file set) parent and dirname only
// of the working directory (Path.cwd().parent), not of the program's own
// (Path(__file__).parent: the project).
func UpwardNames(code string, file bool) UpNames {
	var out UpNames
	lits := litSpans(code)
	if !upward(code, lits, file) {
		return out
	}
	atoms := foldedLits(code, lits)
	var names []string
	for _, a := range atoms {
		if plainPiece(a.text) && !strings.Contains(a.text, "/") && a.text[0] != '.' {
			names = append(names, a.text)
		}
	}
	for k, a := range atoms {
		if !dotEntry(a.text) || strings.HasPrefix(a.text, "/") {
			continue
		}
		t := a.text
		if !file || k > 0 && pieceGap(code[atoms[k-1].next:a.open]) && upLiteral(atoms[k-1].text) {
			out.add(&out.Dots, t) // a program's ".git" alone is its project's
		}
		for m := k + 1; m < len(atoms) && m <= k+4 && pieceGap(code[atoms[m-1].next:atoms[m].open]) && plainPiece(atoms[m].text) && !dotEntry(atoms[m].text); m++ {
			t += "/" + strings.Trim(atoms[m].text, "/")
			out.add(&out.Dots, t) // Path("..", ".ssh", "id_rsa")
		}
		for _, n := range names {
			out.add(&out.Pairs, a.text+"/"+n)
		}
	}
	return out
}

// add appends name to list, bounded by maxUpNames.
func (u *UpNames) add(list *[]string, name string) {
	if len(*list) >= maxUpNames {
		u.Many = true
		return
	}
	*list = append(*list, name)
}

// upward reports whether code, whose literals are lits, moves up from its
// working directory (UpwardNames).
func upward(code string, lits []lit, file bool) bool {
	for _, l := range lits {
		if upLiteral(Unescape(code[l.start:l.end])) {
			return true
		}
	}
	for name, k := range codeIdents(code, lits) {
		switch low := strings.ToLower(name); {
		case low == "pardir":
			return true // os.pardir
		case low != "dirname" && low != "parent" && low != "parents" && low != "getparent" && low != "parent_path":
		case !file || namesCwd(code[max(0, k-len(name)-48):min(len(code), k+48)]):
			return true
		}
	}
	return false
}

// upLiteral reports whether literal t goes up: .., ../.., ../x, x/../y.
func upLiteral(t string) bool {
	t = strings.ReplaceAll(t, `\`, "/")
	return t == ".." || strings.HasPrefix(t, "../") || strings.HasSuffix(t, "/..") || strings.Contains(t, "/../")
}

// namesCwd reports whether code s names the working directory: getcwd(),
// Path.cwd(), process.cwd(), Dir.pwd, Path() (pathlib's current directory).
func namesCwd(s string) bool {
	low := strings.ToLower(s)
	return strings.Contains(low, "cwd") || strings.Contains(low, "pwd") || strings.Contains(low, "path()")
}

// upAtom is a literal, or literals the code concatenates ("." + "bashrc").
type upAtom struct {
	open, next int
	text       string
}

// foldedLits returns the literals of code with those it concatenates
// joined ('.bash' + 'rc', ".ss" "h").
func foldedLits(code string, lits []lit) []upAtom {
	var out []upAtom
	for i := 0; i < len(lits); i++ {
		a := upAtom{open: lits[i].open, next: lits[i].next, text: Unescape(code[lits[i].start:lits[i].end])}
		for i+1 < len(lits) && lits[i+1].open >= lits[i].next && len(a.text) <= 4096 && concatenated(code, lits[i].next, lits[i+1].open) {
			i++
			a.next, a.text = lits[i].next, a.text+Unescape(code[lits[i].start:lits[i].end])
		}
		out = append(out, a)
	}
	return out
}

// pieceGap reports whether gap, the code between two literals, gives them
// as pieces of one path: a comma (Path(a, b), [a, b]) or a slash
// (pathlib's /), closing brackets between.
func pieceGap(gap string) bool {
	g := strings.Trim(gap, " \t\r\n\\)")
	return g == "," || g == "/"
}

// plainPiece reports whether t may be a piece of a path: not empty, no
// blank, not a parent.
func plainPiece(t string) bool {
	if t == "" || t == ".." || len(t) > 255 || strings.ContainsAny(t, " \t\r\n\x00") {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !word.IsWordChar(c) && c != '.' && c != '-' && c != '/' && c != '@' && c != '+' {
			return false
		}
	}
	return true
}
