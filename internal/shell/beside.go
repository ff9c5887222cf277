package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A program guard knows nothing of may create names beside a file it is
// handed that no word of the command shows: gunzip F.gz writes F, gunzip
// -N the name stored in the file, uudecode the name on its begin line,
// rename and mmv a name their expression computes; and an extractor
// guard has no entry for (dpkg-deb -x, unsquashfs, cabextract, unrar…)
// writes an archive's members where it is told. Guard decides by the
// operand, not the program:
//
//   - a file word whose directory the command shows (a path with a
//     directory, or a name after a cd) makes a name guard cannot tell in
//     that directory a touch too; so does a bare name in the working
//     directory when the file is compressed or encoded (its suffix, or
//     its first bytes). The path rules block it where that directory
//     holds a protected file directly, or could (the home's top level,
//     .agent_a/, .git/hooks/, ~/.cache/ beside a sourced file), as they
//     block cp x "$(cat f)" there, and leave a project's ordinary
//     directories alone. A bare name of any other file in the working
//     directory is left to its own touch: unknown programs are handed
//     files in the project and the home all day.
//   - an archive (by suffix or first bytes) handed to such a program,
//     unless the catalogue knows the program to only read archives
//     (catalogue.ArchiveReaders), is extracted into each directory word
//     of the command, else, when a word asks for an extraction (x,
//     extract, unpack) or the program's name says it extracts
//     (unsquashfs, cabextract), into the working directory, as tar x's
//     is (extract.go): the members when guard can list them, else names
//     it cannot tell, each name the directory holds among them (a
//     repository's .git). Handed an archive and no directory, other
//     programs install, publish or inspect it (helm install x.tgz, pip
//     install x.whl).

// maxHeads bounds the files one command reads the first bytes of.
const maxHeads = 4

// besideAll records what a program guard knows nothing of may create
// beside, or extract from, the words it touches.
func (c *cmd) besideAll(touched []word.Word) {
	if c.w.chain != "" || strings.HasPrefix(c.name, "-") {
		// The user's own start-up text (files.go userChain), weighed
		// apart; an option taken for a program by a tentative reading.
		return
	}
	var dirs, archives, unseenFiles []string
	var words []string
	for _, a := range touched {
		words = append(words, a.Text)
		// A word that is wholly a substitution's output may be each path
		// the substitution names ($(ls .agent_a/*.gz)).
		words = append(words, c.w.substPaths(a)...)
	}
	for _, s := range words {
		p, ok := effect.Candidate(s)
		if !ok || !word.IsKnown(p) || strings.ContainsAny(p, "*?[") && !strings.Contains(p, "/") && !packedGlob(p) {
			continue // a word guard cannot tell is checked whole; a bare pattern in the project
		}
		if c.dirWord(p) {
			dirs = append(dirs, p)
			continue
		}
		if c.absent(p) {
			continue // nothing to decompress, decode, rename or extract
		}
		head, unseen := c.head(p)
		unseen = unseen && c.w.guessing == 0 // a tentative reading's words are guesses
		base := path.Base(p)
		if !catalogue.ArchiveReaders.Has(c.name) && c.w.guessing == 0 {
			switch {
			case catalogue.Archive(base, head) || head != nil && c.zipEnd(p):
				archives = append(archives, p)
			case unseen:
				unseenFiles = append(unseenFiles, p) // an archive, perhaps
			}
		}
		packed := unseen || catalogue.Packed(base, head)
		if packed && catalogue.Compressors.Has(c.name) && c.decodeSuffix(p) {
			// gunzip -S .sh.gz y.sh.gz writes y (FINDINGS59c C10)
		} else if packed {
			c.unpacked(p, catalogue.Compressors.Has(c.name))
		}
		if !packed || !catalogue.ArchiveReaders.Has(c.name) || catalogue.Compressors.Has(c.name) || strings.Contains(word.Clean(p), "/") {
			c.beside(p, packed)
		}
	}
	if len(dirs) > 0 {
		// A file of text guard cannot see, handed with a directory:
		// it may be an archive extracted there (curl -o f URL &&
		// dpkg-deb -x f .).
		archives = append(archives, unseenFiles...)
	}
	if len(archives) == 0 {
		return
	}
	if len(dirs) == 0 {
		if !catalogue.ExtractsHere(c.name, words) {
			return // handed to a program to install, publish or inspect (helm install x.tgz)
		}
		dirs = []string{"."}
	}
	for _, a := range archives {
		c.extractsInto(a, dirs...) // extractors.go
	}
}

// unpacked records the name a compressed or encoded file p decodes to
// beside itself, its suffix taken off (.bashrc.gz: .bashrc): written when
// the program decodes (a compressor: its text is then not known), touched
// otherwise.
func (c *cmd) unpacked(p string, decodes bool) {
	if i := strings.LastIndexByte(p, '.'); i > 0 && p[i-1] != '/' && catalogue.Packed(p[i:], nil) && !strings.ContainsAny(p[i:], "/*?[") {
		if decodes {
			c.w.Write(p[:i]) // what it holds now is not known (gzip -df x.sh.gz; bash x.sh)
			return
		}
		c.w.Touch(p[:i])
	}
}

// decodeSuffix handles a compressor given a suffix of its own (gzip,
// pigz, xz -S SUF, --suffix=SUF; GZIP and XZ_OPT carry options too): the
// file p decodes to is p less SUF, written; a suffix guard cannot tell, or
// one p does not end in, is a name guard cannot tell (hidden). False when
// no suffix is given: the default one is cut (unpacked).
func (c *cmd) decodeSuffix(p string) bool {
	suf, given, known := c.suffixOption()
	switch {
	case !given:
		return false
	case known && suf != "" && strings.HasSuffix(p, suf) && len(p) > len(suf):
		c.w.Write(p[:len(p)-len(suf)])
	default:
		c.w.hide("%s decodes %s under a suffix guard cannot tell (-S), to a name guard cannot tell", c.name, word.Render(p))
	}
	return true
}

// suffixOption returns the value of a compressor's -S/--suffix option:
// given when one is there (on the command line, in a short option
// cluster such as -dS.sh.gz, or in GZIP/XZ_OPT), known when guard can
// read its value.
func (c *cmd) suffixOption() (suf string, given, known bool) {
	for _, v := range []string{"GZIP", "XZ_OPT", "XZ_DEFAULTS"} {
		if t, ok := c.envValue(v); ok && (strings.Contains(t, "-S") || strings.Contains(t, "--suf")) {
			return "", true, false
		}
	}
	for i, a := range c.args {
		t := a.Text
		if t == "--" {
			break
		}
		var v word.Word
		switch {
		case strings.HasPrefix(t, "--suf"):
			if _, glued, ok := strings.Cut(t, "="); ok {
				v = word.Word{Text: glued, Known: a.Known}
			} else if i+1 < len(c.args) {
				v = c.args[i+1]
			} else {
				return "", true, false
			}
		case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.Contains(t, "S"):
			if j := strings.IndexByte(t, 'S'); j+1 < len(t) {
				v = word.Word{Text: t[j+1:], Known: a.Known}
			} else if i+1 < len(c.args) {
				v = c.args[i+1]
			} else {
				return "", true, false
			}
		default:
			continue
		}
		suf, given, known = v.Text, true, v.Known && word.IsKnown(v.Text)
	}
	return suf, given, known
}

// packedGlob reports whether bare pattern p names compressed files only
// (*.gz).
func packedGlob(p string) bool { return catalogue.Packed(p, nil) }

// beside records the name guard cannot tell beside the file p names (see
// besideAll); packed says the file is compressed or encoded.
func (c *cmd) beside(p string, packed bool) {
	if effect.BareHidden(p) && !packed {
		return // .spec is a bare guess at a name (yq's expression)
	}
	p, _ = effect.ProcLinks(p) // /proc/self/cwd/../x is no file in /proc
	p = strings.TrimRight(p, "/")
	dir, base := "", p
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		dir, base = p[:i+1], p[i+1:]
	}
	if word.Clean(dir) == "." {
		dir = "" // ./x is x
	}
	switch {
	case base == "" || base == "." || base == ".." || strings.HasPrefix(base, "~"):
		return // a directory
	case (dir == "~/" || dir == "$HOME/" || dir == "${HOME}/") && strings.HasPrefix(base, "."):
		return // a hidden entry of the home: its own touch meets the home's hidden files' rule
	case dir == "/" || systemDir(dir) || tempDir(dir) || c.aboveHome(dir):
		// A file at the root, in the system's own directories (which the
		// OS refuses an agent), directly in the temporary directory, or
		// above the home (/home/x) is no protected file.
		return
	case dir == "" && !packed && (c.w.Dir == "" || word.Clean(c.w.Dir) == "." || !strings.Contains(strings.Trim(base, "."), ".")):
		// A bare name in the working directory (see besideAll), or a
		// word after a cd that names no file (make restart).
		return
	case dir == "":
		dir = "./"
	}
	c.w.Touch(dir + effect.UnknownName)
}

// absent reports whether the file word p names is shown not to exist when
// the program runs: its directory is on disk and holds nothing by that
// name, the command wrote nothing there before, no stage of it wrote a
// tree or links where p is (Stale, MayLinkAt), and the program runs
// alone, not beside a stage or a job that may write p while it runs.
// Every name a program creates beside a file it is handed (a decompressed
// or decoded file, a rename, an archive's members) comes from that file;
// one that is absent yields none (make PREFIX=~/inst install,
// ./configure --prefix=$HOME/inst). Without a reader of the disk nothing
// is shown absent.
func (c *cmd) absent(p string) bool {
	if c.w.InJob() || c.w.stages > 0 || c.w.Stale(p) || c.w.MayLinkAt(p) != "" {
		return false
	}
	if kind, _ := c.w.Lstat(p); kind != effect.EntryNone {
		return false
	}
	dir, _ := c.w.Lstat(path.Dir(strings.TrimRight(p, "/")))
	return dir == effect.EntryDir
}

// dirWord reports whether word p names a directory: . and .., a word
// ending in /, or a directory on disk.
func (c *cmd) dirWord(p string) bool {
	if spelledDir(p) {
		return true
	}
	kind, _ := c.w.Lstat(p)
	return kind == effect.EntryDir
}

// spelledDir reports whether word p names a directory by its spelling
// alone: ., .., ~, or a trailing /, /. or /..
func spelledDir(p string) bool {
	return p == "." || p == ".." || p == "~" || strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..")
}

// head returns the first bytes of the file word p names: the text the
// command wrote there, else what is on disk (within maxHeads reads; not
// below a directory the command changed, a tree git wrote: nil). unseen
// says the command wrote the file with text guard cannot see (a
// download, a copy of what guard did not read): it may be anything, an
// archive among them.
func (c *cmd) head(p string) (head []byte, unseen bool) {
	where := word.Clean(c.w.Where(p))
	for _, f := range c.w.Written {
		if f.Path == where {
			text, ok := c.w.WrittenText(p)
			return []byte(text[:min(len(text), catalogue.MagicBytes)]), !ok
		}
	}
	if c.w.Files == nil || c.w.nheads >= maxHeads || c.w.Stale(p) {
		return nil, false
	}
	c.w.nheads++
	b, st := c.w.Files.ReadFile(c.w.Where(p), catalogue.MagicBytes)
	if st != effect.FileWhole && st != effect.FileTooBig {
		return nil, false
	}
	return b, false
}

// aboveHome reports whether absolute directory word d holds the home
// directory below it.
func (c *cmd) aboveHome(d string) bool {
	h := strings.TrimRight(c.w.Home, "/")
	d = strings.TrimRight(d, "/")
	return h != "" && strings.HasPrefix(d, "/") && strings.HasPrefix(h, d+"/")
}

// tempDir reports whether directory word d is the system's temporary
// directory itself (/tmp/, not /tmp/proj/): files are handed there all
// day, and a new file directly in it is no protected file.
func tempDir(d string) bool {
	switch strings.TrimRight(d, "/") {
	case "/tmp", "/var/tmp", "/private/tmp", "/dev/shm":
		return true
	}
	return false
}

// systemDir reports whether directory word d lies in the system's own
// directories, where the OS refuses an unprivileged agent and where
// programs are handed include and prefix directories all day
// (-I/usr/include, --prefix=/usr/local).
func systemDir(d string) bool {
	if climbs(d) {
		return false // /usr/../home/me/: where a .. leads is not the system's
	}
	if _, magic := effect.ProcLink(d); magic {
		return false // /proc/self/cwd/, /dev/fd/3/: a link to anywhere
	}
	for _, s := range []string{"/usr/", "/etc/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/proc/", "/sys/", "/dev/", "/System/"} {
		if strings.HasPrefix(d, s) {
			return true
		}
	}
	return false
}

// unknownProgram reports whether c's program is one guard knows nothing
// of: no catalogue entry, no handler, no interpreter.
func (c *cmd) unknownProgram() bool {
	if _, ok := handlerOf(c.name); ok {
		return false
	}
	_, ok := catalogue.InterpreterOf(c.name)
	return !ok
}

// maxZipScan bounds the file read for a zip's end record.
const maxZipScan = 1 << 20

// zipEnd reports whether the file word p names ends as a zip does (its end
// of central directory record in the last 64 KiB): a zip with bytes before
// its first signature (a self-extractor, a prefixed zip), which zip readers
// find from its end. A file larger than maxZipScan is not
// looked at; the read counts against maxHeads.
func (c *cmd) zipEnd(p string) bool {
	if t, ok := c.w.WrittenText(p); ok {
		return catalogue.ZipEnd([]byte(t))
	}
	if c.w.Files == nil || c.w.nheads >= maxHeads || c.w.Stale(p) {
		return false
	}
	c.w.nheads++
	b, st := c.w.Files.ReadFile(c.w.Where(p), maxZipScan)
	return st == effect.FileWhole && catalogue.ZipEnd(b)
}

// climbs reports whether path word p holds a .. component.
func climbs(p string) bool {
	for _, c := range strings.Split(p, "/") {
		if c == ".." {
			return true
		}
	}
	return false
}
