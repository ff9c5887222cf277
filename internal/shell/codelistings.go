package shell

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Interpreter code that lists a directory and opens the names it lists
// (os.listdir(".") with open, pathlib's rglob with read_text, node's
// readdirSync with readFileSync) reads every file of the directory: a
// recursive read of it (lang.Listings; one level, listdir's, is read as
// the whole tree), which the code prints as it likes (opaque: the result
// scan cannot tell a file's lines); any reader call with a name that is no
// literal opens them (lang.OpensNames). Code that lists and writes, removes
// or renames files (write_text, unlink, writeFileSync) writes each of
// them. A directory guard cannot compute is a name guard cannot tell.
// The names alone are no file's text: code that only lists reads none.
// An archive shutil.make_archive makes holds its root directory whole
// (archives.go).

// codeListings records what code reads and writes of the directories it
// lists.
func (c *cmd) codeListings(code string) {
	for _, a := range lang.MadeArchives(code) {
		c.w.ArchivedTree(a.Name, a.Root) // "" for a root guard cannot tell
	}
	c.codeArchiveReads(code)
	fam := lang.FamilyOf(c.name)
	reads, writes := opensFiles(code) || lang.OpensNames(fam, code), lang.ChangesFiles(fam, code)
	if !reads && !writes {
		return
	}
	for _, l := range lang.Listings(code) {
		for _, t := range listedNames(l) {
			if reads {
				from := len(c.w.a.Reads)
				c.w.Read(t)
				c.w.markOpaque(from, len(c.w.a.Reads))
			}
			if writes {
				c.w.Write(t)
			}
		}
	}
}

// listedNames returns the paths a listing's names stand for: DIR/** (or
// DIR/**/NAME) for a recursive one, else DIR/NAME for each of its names
// (every entry: * and .*, as a pattern the rules expand on disk); a name
// guard cannot tell for a directory it cannot compute.
func listedNames(l lang.Listing) []string {
	if !l.Known {
		return []string{word.Mark(word.MarkSubst, "")} // a name computed at run time
	}
	dir := word.Clean(l.Dir)
	names := l.Names
	if len(names) == 0 {
		names = []string{"*"}
	}
	var out []string
	for _, n := range names {
		switch {
		case l.Recursive && n == "*":
			out = append(out, dir+"/**")
		case l.Recursive:
			out = append(out, dir+"/**/"+n)
		default:
			out = append(out, dir+"/"+n)
			if l.Hidden && !strings.HasPrefix(n, ".") {
				out = append(out, dir+"/."+n)
			}
		}
	}
	return out
}

// codeArchiveReads marks as opaque what code reads of an archive the
// command made earlier (tarfile.open("o.tar"), zipfile.ZipFile): the
// code prints its members as it likes.
func (c *cmd) codeArchiveReads(code string) {
	for i, l := range lang.Literals(code) {
		if i >= effect.MaxLinks {
			break
		}
		if c.w.MadeArchive(l) {
			from := len(c.w.a.Reads)
			c.w.Read(l)
			c.w.markOpaque(from, len(c.w.a.Reads))
		}
	}
}
