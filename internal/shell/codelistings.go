package shell

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"path"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Interpreter code that lists a directory and opens the names it lists
// (os.listdir(".") with open, pathlib's rglob with read_text, node's
// readdirSync with readFileSync) reads every file of the directory: a
// recursive read of it (lang.Listings; one level, listdir's, is read as
// the whole tree), which the code prints as it likes (opaque: the result
// scan cannot tell a file's lines). Code that lists and writes, removes
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
	reads, writes := listsAndOpens(code), lang.ChangesFiles(lang.FamilyOf(c.name), code)
	if !reads && !writes {
		return
	}
	for _, l := range lang.Listings(code) {
		t := word.Mark(word.MarkSubst, "") // a name computed at run time
		if l.Known {
			t = path.Clean(l.Dir) + "/**"
			if l.Name != "" {
				t += "/" + l.Name
			}
		}
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
