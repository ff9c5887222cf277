package shell

import (
	"slices"
	"strings"
)

// The catalogue: what guard knows of a program's words, as data, one entry
// a program, the way gitleaks keeps its rules. An entry says what the
// program does with the files its words name (access), which of its options
// name a file it writes or a command it runs, and how it reads a directory
// whole. A program without an entry, or with access mayWrite, may write
// every file it names: each word of it that is neither data nor accounted
// for by its handler in run.go is a touch (Analysis.Touches), checked
// against the write rules. Spend the catalogue on what is known to be
// harmless; the unknown fails closed.
//
// The entries are sorted by name (TestCatalogueSorted), and the table is a
// constant composite: it costs nothing at start-up.

// access says what a program does with the files its words name.
type access uint8

const (
	// mayWrite: guard does not know that it only reads them; its
	// handler's reads and writes are recorded, and every other word is a
	// touch.
	mayWrite access = iota
	// readsOnly: it only reads the files it names (cat, grep, wc): its
	// operands are reads, none is a touch; the files of its writes
	// options are written.
	readsOnly
	// exact: its handler records each file it reads or writes as such
	// (rm, sed, find, cd): no word is a touch.
	exact
	// names: its words are names, numbers or text, never files it opens
	// (basename, which, sleep, read): data.
	names
)

// option is an option whose value matters: -o F, -oF (in a cluster, after
// letters that take no value), --output F, --output=F.
type option struct {
	short   byte   // its letter; 0 for none
	withArg string // the program's other short options that take a value: they end a cluster
	long    string // its long name, abbreviations accepted; "" for none
}

// recursion says which options make a program read a directory operand
// whole, and so every file in it (grep -r DIR, cp -r DIR …).
type recursion struct {
	always  bool    // it always does (ack)
	letters string  // short options, alone or in a cluster (-r, -rn, -a)
	long    wordSet // long options, exactly or with =value
	// recurse: -d recurse and --directories recurse (grep).
	recurse bool
	// dot: with no operand it reads the working directory (grep -r x).
	dot bool
}

// program is the catalogue's entry for one program.
type program struct {
	name   string
	access access
	writes []option // options whose value is a file it writes (sort -o F)
	runs   []option // options whose value it runs as a shell command
	// writer: options after which it may write the files it names (file
	// -C compiles a magic file beside its -m file): then it is mayWrite.
	writer  wordSet
	recurse recursion
}

// Recursion shared by several entries.
var (
	grepRecursion = recursion{letters: "rR", long: " --recursive --dereference-recursive --directories=recurse ", recurse: true, dot: true}
	// rg and ag skip hidden files (~/.ssh) unless told: --hidden, -., -u.
	hiddenRecursion = recursion{letters: ".u", long: " --hidden --unrestricted ", dot: true}
	copyRecursion   = recursion{letters: "rRa", long: " --recursive --archive "}
)

// catalogue lists the programs guard knows, sorted by name.
var catalogue = []program{
	{name: "ack", access: readsOnly, recurse: recursion{always: true, dot: true}},
	{name: "ag", access: readsOnly, recurse: hiddenRecursion},
	{name: "alias", access: exact},
	{name: "b2sum", access: readsOnly},
	{name: "base32", access: readsOnly, writes: []option{{short: 'o', withArg: "bi", long: "--output"}}},
	{name: "base64", access: readsOnly, writes: []option{{short: 'o', withArg: "bi", long: "--output"}}},
	{name: "basename", access: names},
	{name: "bat", access: readsOnly},
	{name: "batcat", access: readsOnly},
	{name: "break", access: names},
	{name: "bzcat", access: readsOnly},
	{name: "cat", access: readsOnly},
	{name: "cd", access: exact},
	{name: "chattr", access: exact},
	{name: "chgrp", access: exact},
	{name: "chmod", access: exact},
	{name: "chown", access: exact},
	{name: "cksum", access: readsOnly},
	{name: "cmp", access: readsOnly},
	{name: "column", access: readsOnly},
	{name: "comm", access: readsOnly},
	{name: "continue", access: names},
	{name: "cp", recurse: copyRecursion},
	{name: "cut", access: readsOnly},
	{name: "date", access: readsOnly},
	{name: "dd", access: exact},
	{name: "df", access: readsOnly},
	{name: "diff", access: readsOnly, recurse: recursion{letters: "r", long: " --recursive "}},
	{name: "diff3", access: readsOnly},
	{name: "dirname", access: names},
	{name: "du", access: readsOnly},
	{name: "egrep", access: readsOnly, recurse: grepRecursion},
	{name: "eval", access: exact},
	{name: "exit", access: names},
	{name: "expand", access: readsOnly},
	{name: "eza", access: readsOnly},
	{name: "fgrep", access: readsOnly, recurse: grepRecursion},
	{name: "file", access: readsOnly, writer: " -C --compile "},
	{name: "find", access: exact},
	{name: "fold", access: readsOnly},
	{name: "free", access: readsOnly},
	{name: "getfacl", access: readsOnly},
	{name: "gojq", access: readsOnly},
	{name: "grep", access: readsOnly, recurse: grepRecursion},
	{name: "groups", access: names},
	{name: "head", access: readsOnly},
	{name: "hexdump", access: readsOnly},
	{name: "iconv", access: readsOnly, writes: []option{{short: 'o', withArg: "ft", long: "--output"}}},
	{name: "id", access: names},
	{name: "jobs", access: names},
	{name: "join", access: readsOnly},
	{name: "jq", access: readsOnly},
	{name: "kill", access: names},
	{name: "less", access: readsOnly, writes: []option{
		{short: 'o', withArg: "bhjkOopPtTxyz#", long: "--log-file"}, {short: 'O', withArg: "bhjkoopPtTxyz#", long: "--LOG-FILE"}}},
	{name: "look", access: readsOnly},
	{name: "ls", access: readsOnly},
	{name: "lsattr", access: readsOnly},
	{name: "lsof", access: readsOnly},
	{name: "lz4cat", access: readsOnly},
	{name: "md5", access: readsOnly},
	{name: "md5sum", access: readsOnly},
	{name: "mkdir", access: exact},
	{name: "more", access: readsOnly},
	{name: "namei", access: readsOnly},
	{name: "nl", access: readsOnly},
	{name: "nm", access: readsOnly},
	{name: "nproc", access: names},
	{name: "objdump", access: readsOnly},
	{name: "od", access: readsOnly},
	{name: "paste", access: readsOnly},
	{name: "popd", access: exact},
	{name: "pr", access: readsOnly},
	{name: "printenv", access: names},
	{name: "ps", access: names},
	{name: "pt", access: readsOnly, recurse: hiddenRecursion},
	{name: "pushd", access: exact},
	{name: "pwd", access: names},
	{name: "read", access: names},
	{name: "readelf", access: readsOnly},
	{name: "readlink", access: readsOnly},
	{name: "realpath", access: readsOnly},
	{name: "return", access: names},
	{name: "rev", access: readsOnly},
	{name: "rg", access: readsOnly, recurse: hiddenRecursion},
	{name: "rm", access: exact},
	{name: "rmdir", access: exact},
	{name: "rsync", recurse: copyRecursion},
	{name: "scp", recurse: recursion{letters: "r"}},
	{name: "sdiff", access: readsOnly, writes: []option{{short: 'o', withArg: "Iw", long: "--output"}}},
	{name: "sed", access: exact},
	{name: "seq", access: names},
	{name: "set", access: names},
	{name: "sha1sum", access: readsOnly},
	{name: "sha224sum", access: readsOnly},
	{name: "sha256sum", access: readsOnly},
	{name: "sha384sum", access: readsOnly},
	{name: "sha512sum", access: readsOnly},
	{name: "shasum", access: readsOnly},
	{name: "shift", access: names},
	{name: "shred", access: exact},
	{name: "size", access: readsOnly},
	{name: "sleep", access: names},
	{name: "sort", access: readsOnly, writes: []option{{short: 'o', withArg: "ktSTy", long: "--output"}},
		runs: []option{{long: "--compress-program"}}},
	{name: "ssh-add", access: exact},
	{name: "stat", access: readsOnly},
	{name: "strings", access: readsOnly},
	{name: "sum", access: readsOnly},
	{name: "tac", access: readsOnly},
	{name: "tail", access: readsOnly},
	{name: "tee", access: exact},
	{name: "touch", access: exact},
	{name: "tr", access: names},
	{name: "trap", access: exact},
	{name: "tree", access: readsOnly, writes: []option{{short: 'o', withArg: "LPIHT", long: ""}}, writer: " -R "}, // -R -H writes 00Tree.html in each directory
	{name: "truncate", access: exact},
	{name: "type", access: names},
	{name: "ugrep", access: readsOnly, recurse: grepRecursion},
	{name: "umask", access: names},
	{name: "uname", access: names},
	{name: "unexpand", access: readsOnly},
	{name: "unlink", access: exact},
	{name: "unset", access: names},
	{name: "uptime", access: names},
	{name: "wait", access: names},
	{name: "wc", access: readsOnly},
	{name: "whereis", access: names},
	{name: "which", access: names},
	{name: "whoami", access: names},
	{name: "xmllint", access: readsOnly, writes: []option{{long: "--output"}}},
	{name: "xzcat", access: readsOnly},
	{name: "yes", access: names},
	{name: "zcat", access: readsOnly},
	{name: "zgrep", access: readsOnly, recurse: grepRecursion},
	{name: "zip", recurse: recursion{letters: "rR", long: " --recurse-paths --recurse-patterns "}},
	{name: "zless", access: readsOnly},
	{name: "zmore", access: readsOnly},
	{name: "zstdcat", access: readsOnly},
}

// programNamed returns the catalogue's entry for name, or nil.
func programNamed(name string) *program {
	i, ok := slices.BinarySearchFunc(catalogue, name, func(p program, n string) int { return strings.Compare(p.name, n) })
	if !ok {
		return nil
	}
	return &catalogue[i]
}

// on reports whether args ask for a recursive read.
func (r recursion) on(args []word) bool {
	if r.always {
		return true
	}
	for j, a := range args {
		s := a.s
		switch {
		case s == "--":
			return false
		case r.recurse && (s == "-d" || s == "--directories") && j+1 < len(args) && args[j+1].s == "recurse":
			return true
		case r.long.has(s):
			return true
		case strings.HasPrefix(s, "--"):
			if opt, _, ok := strings.Cut(s, "="); ok && r.long.has(opt) {
				return true
			}
		case len(s) > 1 && s[0] == '-' && r.letters != "" && strings.ContainsAny(s[1:], r.letters):
			return true
		}
	}
	return false
}

// catalogued applies what the catalogue says of c's program before its
// handler runs: the files its writes options name are written, the
// commands its runs options hold are analysed, a names program's words are
// data, and recursive says whether it reads its directory operands whole.
func (c *cmd) catalogued(p *program) {
	if p.writer != "" && slices.ContainsFunc(c.args, func(a word) bool { return p.writer.has(a.s) }) {
		c.mayWrite = true
	}
	if p.access == names {
		c.allData()
		return
	}
	for _, o := range p.writes {
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := optionValue(c.args, j, o.short, o.withArg, o.long); ok {
				c.w.write(v)
				for m := j; m <= k; m++ {
					c.spend(m)
				}
				j = k
			}
		}
	}
	for _, o := range p.runs {
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := optionValue(c.args, j, o.short, o.withArg, o.long); ok {
				c.w.tentative(v)
				j = k
			}
		}
	}
	c.recursive = p.recurse.on(c.args)
	c.readsDot = c.recursive && p.recurse.dot
}

// spend marks argument j as accounted for by the program's handler: a file
// recorded as read or written, a host, a remote command, a key used. It
// is no touch.
func (c *cmd) spend(j int) {
	if j < 0 || j >= len(c.args) {
		return
	}
	if c.spent == nil {
		c.spent = make([]bool, len(c.args))
	}
	c.spent[j] = true
}

// isSpent reports whether argument j is accounted for.
func (c *cmd) isSpent(j int) bool { return j < len(c.spent) && c.spent[j] }

// touches records as touched (Analysis.Touches) every word of a program
// guard does not know to only read its files that is neither data nor
// accounted for by its handler. An option's value counts (its value after
// =, or the word after it: an option that takes none makes a harmless
// touch of its operand's name).
func (c *cmd) touches(p *program) {
	if c.name == "" || p != nil && p.access != mayWrite && !c.mayWrite {
		return
	}
	for j, a := range c.args {
		if c.kinds[j] != argPlain || c.isSpent(j) {
			continue
		}
		c.w.touch(a.s)
	}
}
