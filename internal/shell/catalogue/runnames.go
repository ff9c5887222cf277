package catalogue

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What a command prints that guard does not know, and which the command
// then uses as a name (x=$(…); rm "$x", … | xargs rm, … | while read f):
// a value that may be any path, unless the program that prints it is
// known to print harmless names (a name producer) or names of its own
// operands (a lister). See shell's runnames.go.

// nameProducers print a name or data that is no path a protected place may
// be: a date, an id, a host, a count, where a tool keeps its files.
const nameProducers word.Set = " date uuidgen hostname whoami id uname nproc arch seq tty logname getconf basename "

// producerSubcommands are programs whose listed subcommand (or first
// option) prints such a name: where a tool keeps its files, a commit's
// name, the repository's top or git directory, the names of the
// repository's files (relative to it).
var producerSubcommands = [...]struct {
	name string
	subs word.Set
}{
	{"git", " rev-parse branch describe ls-files diff merge-base symbolic-ref hash-object write-tree rev-list show-ref "},
	{"go", " env version "},
	{"npm", " root prefix bin --version -v "},
	{"pnpm", " root bin --version "},
	{"yarn", " --version "},
	{"brew", " --prefix --cellar --repository "},
	{"pyenv", " root prefix version-name "},
	{"rbenv", " root prefix version-name "},
	{"rustc", " --print --version "},
	{"python", " --version "},
	{"node", " --version -v "},
	{"xcrun", " --show-sdk-path --find "},
}

// ProducesName reports whether program name run with args (its words
// after the name, known) prints a harmless name (see nameProducers): a
// date whose format holds no /, git rev-parse, go env, npm root….
func ProducesName(name string, args []string) bool {
	if nameProducers.Has(name) {
		// date +/home/u/.bashrc prints that path.
		return name != "date" || !slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, "/") })
	}
	if name == "git" && slices.Contains(args, "diff") && !slices.Contains(args, "--name-only") && !slices.Contains(args, "--name-status") {
		return false // the diff's text: the files' own
	}
	var subs word.Set
	base := strings.TrimRight(name, "0123456789.")
	for _, p := range producerSubcommands {
		if p.name == base {
			subs = p.subs
		}
	}
	if subs == "" {
		return false
	}
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || subs.Has(a) {
			return subs.Has(a)
		}
	}
	return false
}

// listers print names of their own operands, or of files below them
// (ls, stat, du, wc, file, a checksum, grep -l), each with data of its
// own (sizes, counts, types): what they print names those operands
// only. The value is the options that take an argument.
var listers = [...]struct {
	name string
	opts word.Set
}{
	{"ls", " -I --ignore --hide -w --width -T --tabsize --format --sort --time-style --color --block-size "},
	{"stat", " -c --format --printf -t "},
	{"du", " -d --max-depth -t --threshold --exclude -X --exclude-from -B --block-size --time-style "},
	{"wc", " "},
	{"file", " -m --magic-file -e --exclude -F --separator -P "},
	{"md5sum", " "},
	{"sha1sum", " "},
	{"sha224sum", " "},
	{"sha256sum", " "},
	{"sha384sum", " "},
	{"sha512sum", " "},
	{"b2sum", " -l --length "},
	{"cksum", " -a --algorithm -l --length "},
	{"grep", " -e --regexp -f --file -m --max-count -A -B -C --include --exclude --exclude-dir --color --label "},
}

// Lister returns the options that take an argument of lister name, and
// whether name is one. Arrays, not maps: nothing is built at init.
func Lister(name string) (word.Set, bool) {
	for _, l := range listers {
		if l.name == name {
			return l.opts, true
		}
	}
	return "", false
}

// LineFilters print a selection of the lines, or of the fields of the
// lines, they read, unchanged: names they read stay among those names.
const LineFilters word.Set = " grep egrep fgrep head tail sort uniq cut cat tac tee "
