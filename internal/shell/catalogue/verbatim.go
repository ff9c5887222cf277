package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What a read prints decides whether the result scan can redact it: the
// scan sees a secret only in the lines the file holds. Verbatim are the
// readers known to print the lines they read as they are (a subset,
// reordered, numbered or prefixed with the file's name); Unprinted those
// that print nothing of the text they read (counts, sizes, hashes, names)
// or copy it elsewhere (an archive written to standard output is an
// encoder: see internal/shell).
// Every other program reading a file reshapes what it prints as far as
// guard can tell (internal/shell, opaque reads).
var (
	Verbatim  = word.Set(" cat head tail grep egrep fgrep rg ack ag less more most bat batcat diff sort uniq tee ")
	Unprinted = word.Set(" wc du ls tree stat file find md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum cmp test [ [[ cp mv ln install rsync tar bsdtar gtar zip 7z 7za 7zz jar scp ")
)

// reshapingOptions returns the options with which Verbatim reader name
// prints other than whole lines: only the matched parts (-o), a
// replacement (rg -r), NUL-separated records, bytes (head -c), a
// filter's output (rg --pre), cut lines (rg -M), a decoding (rg -E). A switch,
// not a map: the hook path builds no table at init.
func reshapingOptions(name string) (short, long string) {
	switch name {
	case "grep", "egrep", "fgrep":
		return "oz", " --only-matching --null-data "
	case "rg":
		return "orME", " --only-matching --replace --null-data --pre --max-columns --encoding "
	case "ack":
		return "o", " --output "
	case "ag":
		return "o", " --only-matching "
	case "head", "tail":
		return "c", " --bytes "
	}
	return "", ""
}

// Reshapes reports whether Verbatim reader name prints other than whole
// lines with args: one of its reshaping options. A cluster of short options is read
// up to the first that takes a value (the catalogue's Short); the words
// after "--" are operands.
func Reshapes(name string, args []string) bool {
	short, long := reshapingOptions(name)
	p := ProgramNamed(name)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return false
		case strings.HasPrefix(a, "--"):
			opt, _, _ := strings.Cut(a, "=")
			if opt != "--" && strings.Contains(long, " "+opt+" ") {
				return true
			}
		case len(a) > 1 && a[0] == '-' && (a[1] < '0' || a[1] > '9'):
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(short, a[j]) >= 0 {
					return true
				}
				if p != nil && takesValue(p.Short, a[j]) {
					if j == len(a)-1 {
						i++ // the value is the next word
					}
					break
				}
			}
		}
	}
	return false
}

// takesValue reports whether letter c takes a value in getopt form short.
func takesValue(short string, c byte) bool {
	i := strings.IndexByte(short, c)
	return i >= 0 && i+1 < len(short) && short[i+1] == ':'
}

// Operands returns the indexes of the words of args that are not options
// or their values, by program name's getopt spec (Short; a long option's
// value joined with = or, for one listed as --name=, the next word):
// head -n 4 F is F. The words after "--" are operands; a grep pattern is
// one too (the caller knows which words are data).
func Operands(name string, args []string) []int {
	p := ProgramNamed(name)
	var out []int
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			for j := i + 1; j < len(args); j++ {
				out = append(out, j)
			}
			return out
		case strings.HasPrefix(a, "--"):
			if p != nil && !strings.Contains(a, "=") && p.Long.Has(a+"=") {
				i++ // --lines 4
			}
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				if p != nil && takesValue(p.Short, a[j]) {
					if j == len(a)-1 {
						i++
					}
					break
				}
			}
		default:
			out = append(out, i)
		}
	}
	return out
}
