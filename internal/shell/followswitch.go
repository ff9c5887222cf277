package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Link-following switches of any library: tarfile's
// dereference=True, node's fs.cp/cpSync {dereference: true}, perl
// File::Find's follow => 1 (follow_fast, follow_skip), pathlib's
// recurse_symlinks=True, Java's FOLLOW_LINKS. Rather than list the calls
// that walk a tree, code that holds such a switch counts as walking, and
// following the links in, the working directory and each directory its
// literals name: where a link there leads to a protected place, the code
// reads it. A literal that is a file costs no walk.

// followSwitches are the words with which code asks a library to follow
// the links in a tree it walks or copies.
var followSwitches = []string{"dereference", "follow_fast", "follow_skip", "FOLLOW_LINKS", "recurse_symlinks", "followSymlinks", "followSymbolicLinks", "followlinks"}

// followsLinks reports whether code holds a link-following switch: one of
// followSwitches, an identifier whose words ask to follow or dereference
// links (followWords: python's follow_symlinks, PHP's FOLLOW_SYMLINKS),
// or perl's hash key follow (follow => 1).
func followsLinks(code string) bool {
	for _, s := range followSwitches {
		if switchOn(code, s, false) {
			return true
		}
	}
	for id, k := range idents(code) {
		if followWords(id) && switchOn(code[k-len(id):], id, false) {
			return true
		}
	}
	return switchOn(code, "follow", true) // perl: follow => 1
}

// followWords reports whether identifier id, by its words rather than its
// spelling, asks a library to follow links: it holds
// follow or deref and link (follow_symlinks, FOLLOW_SYMLINKS,
// followSymbolicLinks, DerefLinks), whatever its case and separators;
// nofollow, no_follow… are the switch off, and islink or readlink alone
// follow nothing.
func followWords(id string) bool {
	l := strings.ToLower(strings.ReplaceAll(id, "_", ""))
	if strings.HasPrefix(l, "no") || !strings.Contains(l, "link") {
		return false
	}
	return strings.Contains(l, "follow") || strings.Contains(l, "deref")
}

// switchOn reports whether code sets switch sw anywhere to a value that
// is not plainly off (False, false, 0, None, nil, undef); bare, a switch
// counts as on unless keyed, when it must be followed by =, => or :.
func switchOn(code, sw string, keyed bool) bool {
	for off := 0; off < len(code); {
		i := strings.Index(code[off:], sw)
		if i < 0 {
			return false
		}
		off += i + len(sw)
		rest := strings.TrimLeft(code[off:], " \t'\"")
		op := ""
		for _, o := range []string{"=>", "==", "=", ":"} {
			if strings.HasPrefix(rest, o) {
				op = o
				break
			}
		}
		switch {
		case op == "==" || strings.HasPrefix(rest, "::"):
			continue
		case op == "":
			if !keyed {
				return true
			}
			continue
		}
		v := strings.TrimLeft(rest[len(op):], " \t")
		isOff := false
		for _, f := range []string{"False", "false", "0", "None", "nil", "undef"} {
			if strings.HasPrefix(v, f) {
				isOff = true
			}
		}
		if !isOff {
			return true
		}
	}
	return false
}

// switchTreeDirs returns, for code that holds a link-following switch,
// the literals that may name a directory it walks (bounded).
func switchTreeDirs(code string) []string {
	var out []string
	for _, l := range lang.Literals(code) {
		if len(out) >= effect.MaxLinks {
			break
		}
		if p, ok := effect.Candidate(l); !ok || !word.IsKnown(p) || l == "." || strings.Trim(l, "/") == "" || strings.HasPrefix(l, "-") ||
			strings.ContainsAny(l, " \t\n*?[%{}()=:,;<>|&$") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// walkFollows reports whether the os.walk call whose argument list opens
// at s follows links: followlinks given by name anywhere in the code, or
// a fourth argument given by position (os.walk(top, True, None, True)).
func walkFollows(code, s string) bool {
	return switchOn(code, "followlinks", true) || callArgCount(s) >= 4
}

// callArgCount returns how many arguments the call whose list opens at
// s[0] == '(' has: its commas at the top level, plus one (bounded scan).
func callArgCount(s string) int {
	depth, n := 0, 0
	lang.ScanCode(s[:min(len(s), 4096)], func(_ int, c byte) bool {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			return depth != 0
		case ',':
			if depth == 1 {
				n++
			}
		}
		return true
	})
	return n + 1
}

// Walks written by hand: os.listdir(".") with
// os.path.isdir, then open, follows a link in the working directory as
// os.walk(followlinks=True) does; so does PHP's scandir, node's readdir,
// ruby's Dir.children with a test of each name. Default deny: code that
// lists a directory and opens files counts as following the links in the
// working directory and in each directory its literals name, whether or
// not it says so (a walk costs nothing where no link leads somewhere
// protected).

// dirListers are the calls, in any language, that list a directory.
var dirListers = []string{"listdir", "scandir", "walk", "fwalk", "glob", "iglob", "rglob", "iterdir",
	"readdir", "readdirSync", "opendir", "opendirSync", "DirectoryIterator", "FilesystemIterator",
	"RecursiveDirectoryIterator", "each_child", "listFiles", "newDirectoryStream"}

// fileOpeners are the calls, in any language, that read a file's text.
var fileOpeners = []string{"open", "fopen", "read", "read_text", "read_bytes", "readFile", "readFileSync",
	"file_get_contents", "readfile", "file", "createReadStream", "readlines", "readAllBytes", "readString",
	"readAllLines", "slurp", "copy", "copy2", "copyfile", "copyFile", "copyFileSync", "cp", "binread"}

// listsAndOpens reports whether code calls a dirListers function and a
// fileOpeners one (each name followed by an opening parenthesis or a
// blank, perl's opendir my $d; ruby's Dir by a dot or a bracket).
func listsAndOpens(code string) bool {
	lists, opens := false, false
	for id, k := range idents(code) {
		if k >= len(code) || strings.IndexByte("([. ", code[k]) < 0 {
			continue
		}
		lists = lists || slices.Contains(dirListers, id) || id == "Dir" && strings.IndexByte(".[", code[k]) >= 0
		opens = opens || slices.Contains(fileOpeners, id)
		if lists && opens {
			return true
		}
	}
	return false
}

// opensFiles reports whether code calls a fileOpeners function on a
// name it computes: the call's name followed by an opening parenthesis
// and no plain literal first (open("package.json") opens that file
// alone, which the literal scanners read), or perl's open by a blank
// (open F, $_). A variable so named (for file in os.listdir(".")) opens
// nothing.
func opensFiles(code string) bool {
	for id, k := range idents(code) {
		if k >= len(code) || !slices.Contains(fileOpeners, id) {
			continue
		}
		if _, _, lit := callLiteral(code[k:]); code[k] == '(' && !lit || id == "open" && code[k] == ' ' {
			return true
		}
	}
	return false
}
