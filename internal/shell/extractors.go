package shell

import (
	"github.com/guardhq/guard/internal/shell/catalogue"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Extractors guard reads no options table of (pax -r, jar x, ar x,
// cmake -E tar x, unar, dtrx, atool -x, ark, python -m tarfile -e): what
// they extract is handled as tar's is (extract.go): the members when guard
// can list the archive, else names it cannot tell in the directory, which
// may be links a later write of the same command goes through. Where the
// destination is an option guard does not read, any later write may be
// through a link (LinksUnknown).

// extractsInto records an extraction of archive ("" when not known) into
// each of dirs.
func (c *cmd) extractsInto(archive string, dirs ...string) {
	c.extractsAs(extraction{extracting: true, archive: archive}, dirs...)
}

// extractsAs records what extraction x writes into each of dirs.
func (c *cmd) extractsAs(x extraction, dirs ...string) {
	members, listed := c.archiveMembers(x)
	if x.absolute && !listed {
		dirs = append(dirs, "/") // absolute names it cannot list: anywhere (as tar -P's, run.go unpack)
	}
	for _, d := range dirs {
		if !word.IsKnown(d) {
			c.w.LinksUnknown(c.name + " extracts an archive where guard cannot tell")
		}
		c.w.WriteDir(d)
		c.extracted(d, x, members, listed) // extract.go
	}
}

// pax -r (and -rw, which copies a tree) extracts into the working
// directory; -s rewrites the names, -f names the archive.
func (c *cmd) pax() {
	reads, archive, renames := false, "", false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "-s" {
			renames = true
		}
		if strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.ContainsRune(s, 'r') {
			reads = true
		}
		if v, k, ok := word.OptionValue(c.args, j, 'f', "sxobpf", ""); ok {
			archive, j = v, k
			continue
		}
	}
	c.unknownTreeLinks() // -w walks its operands; -L follows links (recurselinks.go)
	if reads {
		if renames {
			archive = ""
		}
		c.extractsInto(archive, ".")
	}
	c.generic()
}

// jar x (xf, -xf, -x -f F, --extract) and ar x extract into the working
// directory; jar's archive is its f value.
func (c *cmd) letterExtract() {
	if c.name == "jar" && c.jar() {
		return
	}
	if len(c.args) > 0 {
		s := strings.TrimPrefix(c.args[0].Text, "-")
		if c.name != "jar" && !strings.HasPrefix(s, "-") && strings.ContainsRune(s, 'x') {
			c.extractsInto("", ".")
		}
	}
	c.generic()
}

// jar analyses a jar call read as jar reads it (catalogue.ParseJar): an
// option guard cannot read makes it opaque, c and u are jarCreate's, x
// extracts its f archive into the working directory (-C or --dir after
// it, JDK 21's destination, makes it opaque). It reports whether the call
// was handled whole.
func (c *cmd) jar() bool {
	j, ok := catalogue.ParseJar(c.argTexts())
	switch {
	case !ok:
		return false
	case j.Unread != "":
		c.w.hide("runs jar with %s, which guard does not read as jar does: it cannot tell which file jar writes", j.Unread)
		return true
	case strings.ContainsAny(j.Mode, "xt"):
		if strings.ContainsRune(j.Mode, 'x') {
			c.jarExtract(j)
		}
		return false
	case strings.ContainsAny(j.Mode, "cu"):
		c.jarCreate(j)
		return true
	}
	return false
}

// jarExtract extracts j's archive into the working directory.
func (c *cmd) jarExtract(j catalogue.Jar) {
	for _, a := range c.argTexts()[j.Rest:] {
		if a == "-C" || a == "--dir" || strings.HasPrefix(a, "--dir=") {
			c.w.hide("runs jar x with a destination (%s) guard does not read: it cannot tell where jar writes", a)
			return
		}
	}
	archive := ""
	if len(j.Files) > 0 {
		archive = j.Files[len(j.Files)-1]
	}
	c.extractsInto(archive, ".")
}

// jarCreate analyses jar c and jar u: each operand, and each -C
// directory, is read whole (jar recurses), each f value is written, m's
// read, and without f the archive goes to standard output (an encoder:
// see encodes). f's value is a file whatever it names: jar writes a
// temporary file beside it and renames that onto it (- is a file named
// -, /dev/stdout is replaced, not written to), so the write rules judge
// it as any other write.
func (c *cmd) jarCreate(j catalogue.Jar) {
	for _, f := range j.Files {
		c.w.Write(jarFileName(f))
		c.w.Touch(jarFileName(f)) // the archive holds what it reads (unknownArchives)
	}
	for _, m := range j.Reads {
		c.w.Read(m)
	}
	for k := 0; k < j.Rest && k < len(c.args); k++ {
		c.spend(k)
	}
	for k := j.Rest; k < len(c.args); k++ {
		c.spend(k)
		if c.args[k].Text == "-C" && k+2 < len(c.args) { // -C DIR FILE: FILE in DIR
			c.w.ReadTree(path.Join(c.args[k+1].Text, c.args[k+2].Text))
			c.spend(k + 1)
			c.spend(k + 2)
			k += 2
			continue
		}
		c.w.ReadTree(c.args[k].Text)
	}
}

// jarFileName returns the path jar's f value names: - is the file of that
// name in the working directory, not standard output.
func jarFileName(s string) string {
	if s == "-" {
		return "./-"
	}
	return s
}

// jarToStdout reports whether jar writes an archive to standard output:
// jar c or u without f.
func jarToStdout(args []string) bool {
	j, ok := catalogue.ParseJar(args)
	return ok && strings.ContainsAny(j.Mode, "cu") && !strings.ContainsAny(j.Mode, "xtf")
}

// cmake -E tar x… ARCHIVE extracts into the working directory; cmake -E
// chdir DIR CMD… runs CMD in DIR (analysed there, as env -C DIR runs it);
// cmake -P FILE runs the CMake script FILE (cmakecode.go).
func (c *cmd) cmake() {
	c.cmakeP()
	if len(c.args) > 3 && c.args[0].Text == "-E" && c.args[1].Text == "chdir" {
		c.changeDir(c.args[2].Text)
		c.extra = append(c.extra, c.inner(c.args[3:]).lines()...)
		for k := range c.args {
			c.spend(k)
		}
		return
	}
	if len(c.args) > 2 && c.args[0].Text == "-E" && c.args[1].Text == "tar" &&
		strings.ContainsRune(strings.TrimPrefix(c.args[2].Text, "-"), 'x') {
		archive := ""
		for _, a := range c.args[3:] {
			if !strings.HasPrefix(a.Text, "-") {
				archive = a.Text
				break
			}
		}
		c.extractsInto(archive, ".")
	}
	c.generic()
}

// unpackers (unar, dtrx, atool, aunpack, ark, lsar aside) extract archives
// where their options say: any later write may be through a link.
func (c *cmd) unpacker() {
	if c.name == "atool" && !slices.ContainsFunc(c.args, func(a word.Word) bool {
		return a.Text == "--extract" || a.Text == "--extract-to" || strings.HasPrefix(a.Text, "--extract-to=") ||
			!strings.HasPrefix(a.Text, "--") && strings.HasPrefix(a.Text, "-") && strings.ContainsAny(a.Text, "xX")
	}) {
		c.generic() // atool -l lists
		return
	}
	c.extractsInto("", ".")
	c.w.LinksUnknown(c.name + " extracts archives")
	c.generic()
}

// pythonModuleExtract: python -m tarfile -e ARCHIVE [DIR], python -m
// zipfile -e ARCHIVE DIR (--extract) extract; args are the words after
// -m, read as argparse reads them (catalogue.PyModuleArgs: --ext,
// -ve ARCH, -eARCH, --extract=ARCH, the last --filter). zipfile cuts a
// member's leading / and its .. (ZipFile._extract_member); tarfile,
// unless --filter data or tar, writes an absolute member name as it is
// and follows .. (its default filter before 3.14 is fully_trusted:
// FINDINGS58b B12); an archive it cannot list then writes anywhere.
func (c *cmd) pythonModuleExtract(args []word.Word) {
	if len(args) > 1 && (args[0].Text == "gzip" || args[0].Text == "uu") {
		c.pythonModuleDecode(args[0].Text, args[1:])
		return
	}
	if len(args) < 2 || args[0].Text != "tarfile" && args[0].Text != "zipfile" {
		return
	}
	p, ok := c.moduleArgs(args[0].Text, args[1:])
	vals, extracts := p.Last("extract")
	if !ok || !extracts {
		return
	}
	x := extraction{extracting: true, archive: vals[0].Text}
	filter, _ := p.Last("filter")
	x.absolute = args[0].Text == "tarfile" && (len(filter) == 0 || filter[0].Text != "data" && filter[0].Text != "tar")
	dir := "."
	if len(vals) > 1 {
		dir = vals[1].Text
	}
	c.extractsAs(x, dir)
}

// moduleArgs reads args, the words after python -m mod, with mod's
// argparse table; a word it cannot place hides the command (it may be
// the option that extracts or writes), and false is returned.
func (c *cmd) moduleArgs(mod string, args []word.Word) (word.ArgParsed, bool) {
	p, ok := catalogue.PyModuleArgs(mod, args)
	if ok && p.Unknown != "" {
		c.w.hide("%s -m %s has an option word guard cannot place (%s): python's argparse takes abbreviations, clusters and glued values, so guard cannot tell what it reads or writes", c.name, mod, word.Render(p.Unknown))
		return p, false
	}
	return p, ok
}

// pythonModuleDecode: python -m gzip -d F writes F less .gz beside it,
// python -m uu -d F the name on its begin line: names beside each file
// (beside.go); args are the words after the module's name.
func (c *cmd) pythonModuleDecode(mod string, args []word.Word) {
	p, ok := c.moduleArgs(mod, args)
	_, decompress := p.Last("decompress")
	_, decode := p.Last("decode")
	if !ok || !decompress && !decode {
		return
	}
	for _, a := range p.Operands {
		if a.Text != "-" && word.IsKnown(a.Text) {
			c.unpacked(a.Text, true)
			c.beside(a.Text, true)
		}
	}
}
