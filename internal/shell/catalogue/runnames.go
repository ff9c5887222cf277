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

// A name producer prints a name or data that is no path a protected place
// may be (a date, an id, a count, a commit's or a branch's name, the
// repository's files relative to it), or where a tool keeps its files (a
// known place: go env GOPATH, npm root, the repository's top). It is one
// only as it is run with options known not to shape what it prints: an
// option with a format, a template, a prefix or a suffix (git branch
// --format=%2f…, seq -f %g/../x, git describe --dirty=/../x), or one
// not listed, makes its output the caller's text.
type producer struct {
	name, sub string   // the program, and its subcommand ("" none; the first word after the name)
	opts      word.Set // options that take no value
	vals      word.Set // options whose value (OPT=V, or the next word) does not shape the output
	ops       byte     // its operands: 0 none, 'r' revisions or project paths, 'n' bare names, '#' numbers, 'a' any (read), 'l' one of list
	list      word.Set // with 'l', the operands it may be handed; with fixed, the values those options may have
	fixed     word.Set // options whose value must be one of list (kubectl -o name, git log --format=%H)
	needs     word.Set // options one of which it must be run with (docker ps -q, rg -l): else it prints text
	// place: it prints where a tool keeps its files (go env GOPATH, npm
	// root, brew --prefix), one place, not a name picked among others.
	place bool
}

var producers = [...]producer{
	{name: "date", opts: " -u --utc --universal -R --rfc-email -I -Idate -Ihours -Iminutes -Iseconds -Ins --iso-8601 ", vals: " -d --date -r --reference --iso-8601 --rfc-3339 ", ops: '+'},
	{name: "uuidgen", opts: " -r -t -x --random --time --hex "},
	{name: "hostname", opts: " -s -f -d -i -I -A --short --fqdn --long --domain --ip-address --all-ip-addresses --all-fqdns "},
	{name: "whoami"}, {name: "logname"}, {name: "arch"}, {name: "tty", opts: " -s "},
	{name: "nproc", opts: " --all ", vals: " --ignore "},
	{name: "id", opts: " -u -g -G -n -r -z --user --group --groups --name --real ", ops: 'n'},
	{name: "uname", opts: " -a -s -n -r -v -m -p -i -o --all --kernel-name --nodename --kernel-release --kernel-version --machine --processor --hardware-platform --operating-system "},
	{name: "seq", opts: " -w --equal-width ", ops: '#'},
	{name: "getconf", ops: 'l', list: " _NPROCESSORS_ONLN _NPROCESSORS_CONF NPROCESSORS_ONLN LONG_BIT PAGESIZE PAGE_SIZE ARG_MAX CLK_TCK OPEN_MAX GNU_LIBC_VERSION "},
	{name: "git", sub: "rev-parse", opts: " --short --verify -q --quiet --abbrev-ref --symbolic --symbolic-full-name --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository --show-toplevel ", vals: " --short ", ops: 'r'},
	{name: "git", sub: "branch", opts: " --show-current --list -l -a -r --all --remotes --no-color ", vals: " --sort --merged --no-merged --contains --no-contains --points-at ", ops: 'r'},
	{name: "git", sub: "describe", opts: " --tags --always --long --all --exact-match --first-parent --contains --dirty --broken ", vals: " --abbrev --candidates --match --exclude ", ops: 'r'},
	{name: "git", sub: "ls-files", opts: " -c -m -o -d -i -k -s -u -t -z --cached --modified --others --deleted --ignored --killed --stage --unmerged --exclude-standard --full-name --error-unmatch --directory --no-empty-directory --recurse-submodules --deduplicate ", vals: " -x -X --exclude --exclude-from --exclude-per-directory ", ops: 'r'},
	{name: "git", sub: "diff", opts: " --name-only --name-status --cached --staged -z --no-renames --find-renames -M --relative --ignore-submodules --no-ext-diff --exit-code --quiet --no-color ", vals: " --diff-filter --relative ", ops: 'r'},
	{name: "git", sub: "merge-base", opts: " --all --fork-point --is-ancestor --octopus --independent ", ops: 'r'},
	{name: "git", sub: "symbolic-ref", opts: " -q --quiet --short ", ops: 'r'},
	{name: "git", sub: "hash-object", opts: " -w --stdin --no-filters --literally --stdin-paths ", vals: " -t --path ", ops: 'a'},
	{name: "git", sub: "write-tree"},
	{name: "git", sub: "rev-list", opts: " --all --count --reverse --first-parent --no-merges --merges --parents --children --abbrev-commit --branches --tags --remotes --topo-order --date-order ", vals: " -n --max-count --since --until --after --before --author --committer --grep --skip --abbrev ", ops: 'r'},
	{name: "git", sub: "show-ref", opts: " --heads --tags -s --hash --verify -q --quiet --head -d --dereference --branches ", vals: " --abbrev ", ops: 'r'},
	// Ids and names no caller spells: a container's or an image's id, a
	// resource's kind/name (DNS labels), a commit's name; and the names
	// below the working directory git status --porcelain, rg -l, rg --files
	// and fd print (no hidden ones, no links followed, no absolute paths;
	// git status -s prints ../ names from a subdirectory: not one).
	{name: "docker", sub: "ps", opts: " -q --quiet -a --all -l --latest --no-trunc ", vals: " -f --filter -n --last ", needs: " -q --quiet "},
	{name: "docker", sub: "images", opts: " -q --quiet -a --all --no-trunc ", vals: " -f --filter ", needs: " -q --quiet ", ops: 'r'},
	{name: "podman", sub: "ps", opts: " -q --quiet -a --all -l --latest --no-trunc ", vals: " -f --filter -n --last ", needs: " -q --quiet "},
	{name: "podman", sub: "images", opts: " -q --quiet -a --all --no-trunc ", vals: " -f --filter ", needs: " -q --quiet ", ops: 'r'},
	{name: "kubectl", sub: "get", opts: " -A --all-namespaces -oname ", vals: " -n --namespace -l --selector --field-selector ", fixed: " -o --output ", list: " name ", needs: " -o --output -oname ", ops: 'r'},
	{name: "git", sub: "log", opts: " --all --reverse --first-parent --no-merges --merges --branches --tags --remotes --topo-order --date-order ", vals: " -n --max-count --since --until --after --before --author --committer --grep --skip ", fixed: " --format --pretty ", list: " %H %h format:%H format:%h tformat:%H tformat:%h ", needs: " --format --pretty ", ops: 'r'},
	{name: "git", sub: "status", opts: " --porcelain -z -b --branch --no-renames -uno -unormal -uall ", vals: " --porcelain --untracked-files --ignore-submodules ", needs: " --porcelain ", ops: 'r'},
	{name: "rg", opts: " -l --files-with-matches --files-without-match --files -i -S -s -F -w -v -x -0 --ignore-case --smart-case --case-sensitive --fixed-strings --word-regexp --invert-match --line-regexp --null ", vals: " -g --glob --iglob -t --type -T --type-not -e --regexp -m --max-count -d --max-depth --sort --sortr ", needs: " -l --files-with-matches --files-without-match --files ", ops: 'r'},
	{name: "fd", opts: " -g --glob -F --fixed-strings -i -s --ignore-case --case-sensitive -0 --print0 -p --full-path ", vals: " -e --extension -t --type -E --exclude -d --max-depth --min-depth -S --size --changed-within --changed-before ", ops: 'r'},
	{name: "fdfind", opts: " -g --glob -F --fixed-strings -i -s --ignore-case --case-sensitive -0 --print0 -p --full-path ", vals: " -e --extension -t --type -E --exclude -d --max-depth --min-depth -S --size --changed-within --changed-before ", ops: 'r'},
	{name: "go", sub: "env", ops: 'l', list: " GOPATH GOCACHE GOMODCACHE GOBIN GOTMPDIR GOMOD GOWORK GOVERSION GOOS GOARCH GOHOSTOS GOHOSTARCH CGO_ENABLED GOEXE ", place: true},
	{name: "go", sub: "version"},
	{name: "npm", sub: "root", opts: " -g --global ", place: true}, {name: "npm", sub: "prefix", opts: " -g --global ", place: true},
	{name: "npm", sub: "bin", opts: " -g --global ", place: true}, {name: "npm", sub: "--version"}, {name: "npm", sub: "-v"},
	{name: "pnpm", sub: "root", opts: " -g --global ", place: true}, {name: "pnpm", sub: "bin", opts: " -g --global ", place: true}, {name: "pnpm", sub: "--version"},
	{name: "yarn", sub: "--version"},
	{name: "brew", sub: "--prefix", ops: 'n', place: true}, {name: "brew", sub: "--cellar", ops: 'n', place: true}, {name: "brew", sub: "--repository", place: true},
	{name: "pyenv", sub: "root", place: true}, {name: "pyenv", sub: "prefix", ops: 'n', place: true}, {name: "pyenv", sub: "version-name"},
	{name: "rbenv", sub: "root", place: true}, {name: "rbenv", sub: "prefix", ops: 'n', place: true}, {name: "rbenv", sub: "version-name"},
	{name: "rustc", sub: "--print", ops: 'l', list: " sysroot target-libdir ", place: true}, {name: "rustc", sub: "--version"},
	{name: "python", sub: "--version"}, {name: "python", sub: "-V"}, {name: "node", sub: "--version"}, {name: "node", sub: "-v"},
	{name: "xcrun", sub: "--show-sdk-path", vals: " --sdk ", place: true}, {name: "xcrun", sub: "--find", ops: 'n', vals: " --sdk "},
}

// producerEnv are the variables that steer what a producer prints (where
// go keeps its files, the git directory, the server a client asks): set
// by the command, the output is the caller's.
var producerEnv = [...]struct {
	name string
	vars word.Set
}{
	{"git", " GIT_DIR GIT_WORK_TREE GIT_COMMON_DIR GIT_CONFIG GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM GIT_CONFIG_COUNT GIT_CONFIG_PARAMETERS HOME XDG_CONFIG_HOME "},
	{"go", " GOENV GOFLAGS GOPATH GOROOT GOCACHE GOMODCACHE GOBIN GOTMPDIR GOWORK GOTOOLCHAIN HOME XDG_CONFIG_HOME "},
	{"npm", " NPM_CONFIG_PREFIX npm_config_prefix NPM_CONFIG_USERCONFIG npm_config_userconfig PREFIX HOME "},
	{"pnpm", " PNPM_HOME NPM_CONFIG_PREFIX npm_config_prefix HOME XDG_DATA_HOME "},
	{"pyenv", " PYENV_ROOT PYENV_VERSION HOME "},
	{"rbenv", " RBENV_ROOT RBENV_VERSION HOME "},
	{"rg", " RIPGREP_CONFIG_PATH "},
	{"docker", " DOCKER_HOST DOCKER_CONTEXT DOCKER_CONFIG HOME "},
	{"podman", " CONTAINER_HOST CONTAINER_CONNECTION HOME "},
	{"kubectl", " KUBECONFIG HOME "},
	{"brew", " HOMEBREW_PREFIX HOMEBREW_REPOSITORY HOMEBREW_CELLAR "},
	{"xcrun", " DEVELOPER_DIR SDKROOT "},
}

// ProducerEnv returns the variables that steer what producer name prints.
func ProducerEnv(name string) word.Set {
	for _, p := range producerEnv {
		if p.name == name {
			return p.vars
		}
	}
	return ""
}

// ProducesName reports whether program name run with args (its words
// after the name, known) prints a harmless name or a known place (see
// producer): git rev-parse HEAD, date +%F, go env GOPATH, npm root….
func ProducesName(name string, args []string) bool {
	base := strings.TrimRight(name, "0123456789.")
	if name == "git" && slices.Contains(args, "diff") && !slices.Contains(args, "--name-only") && !slices.Contains(args, "--name-status") {
		return false // the diff's text: the files' own
	}
	for i := range producers {
		p := &producers[i]
		if p.name != name && p.name != base {
			continue
		}
		rest := args
		if p.sub != "" {
			if len(args) == 0 || args[0] != p.sub {
				continue
			}
			rest = args[1:]
		}
		return p.harmless(rest) && (p.needs == "" || slices.ContainsFunc(rest, func(a string) bool {
			k, _, _ := strings.Cut(a, "=")
			return p.needs.Has(k)
		}))
	}
	return false
}

// ProducesPlace reports whether program name run with args prints where
// a tool keeps its files (see producer.place): go env GOPATH, npm root -g,
// brew --prefix, git rev-parse --show-toplevel; not a name picked among
// others (ls, date, mktemp, git ls-files).
func ProducesPlace(name string, args []string) bool {
	if !ProducesName(name, args) {
		return false
	}
	if name == "git" {
		return slices.Equal(args, []string{"rev-parse", "--show-toplevel"})
	}
	for i := range producers {
		p := &producers[i]
		if p.name == name && (p.sub == "" || len(args) > 0 && args[0] == p.sub) {
			return p.place
		}
	}
	return false
}

// ProducesToken reports whether program name run with args (known) prints
// one word: a name producer (ProducesName) whose output holds no white
// space and is one line, which a word of a tool's options it stands in
// cannot split into more (go build -ldflags "-X main.v=$(git describe)").
// A commit's name, a ref's (git's ref names hold no white space), a count,
// an id, a date in a format of such directives.
func ProducesToken(name string, args []string) bool {
	if !ProducesName(name, args) {
		return false
	}
	ops := operands(args)
	switch name {
	case "uuidgen", "whoami", "logname", "arch", "nproc":
		return true
	case "date":
		if len(ops) == 0 {
			return slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-I") || strings.HasPrefix(a, "--iso-8601") })
		}
		return len(ops) == 1 && tokenDate(strings.TrimPrefix(ops[0], "+"))
	case "git":
		if len(ops) == 0 {
			return false
		}
		switch ops[0] {
		case "rev-parse": // one revision's id: not --abbrev-ref or --symbolic (names read from files), nor paths
			return len(ops) == 2 && !strings.ContainsAny(ops[1], " \t\n") && !strings.Contains(ops[1], "..") &&
				!slices.ContainsFunc(args, func(a string) bool {
					return strings.HasPrefix(a, "--abbrev-ref") || strings.HasPrefix(a, "--symbolic") || a == "--show-toplevel"
				})
		case "describe": // of HEAD: a tag's or a branch's name (git skips refs with names it refuses), a count, an id; of a blob it appends the blob's path
			return len(ops) == 1 || len(ops) == 2 && ops[1] == "HEAD"
		case "write-tree":
			return true
		case "rev-list":
			return slices.Contains(args, "--count")
		case "log": // one commit, its hash (git log -1 --format=%h)
			return slices.ContainsFunc(args, func(a string) bool { return a == "-1" || a == "--max-count=1" || a == "-n1" })
		}
	}
	return false
}

// tokenDirectives are the date directives that print digits, signs and
// the ASCII separators of their formats, whatever the locale or the time
// zone: not names (%a %b %Z, a zone's abbreviation is its file's text),
// not the locale's formats (%c %x %X %r), not space-padded numbers (%e %k
// %l), not %n or %t.
const tokenDirectives = "YmdHMSsFTjuVyzNGgICDRwUWq"

// tokenDate reports whether date's format f prints one word: literal
// bytes other than blanks and % directives of tokenDirectives, with no
// width and no _ (space) padding flag.
func tokenDate(f string) bool {
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '%':
			i++
			for i < len(f) && strings.IndexByte("-0^#", f[i]) >= 0 {
				i++
			}
			if i >= len(f) || strings.IndexByte(tokenDirectives, f[i]) < 0 {
				return false
			}
		case c <= ' ' || c == 0x7f:
			return false
		}
	}
	return true
}

// harmless reports whether p run with args prints only what p names.
func (p *producer) harmless(args []string) bool {
	end := false
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case end || a == "-" || !strings.HasPrefix(a, "-") || p.ops == '#' && isNumeric(a):
			if !p.operand(a) {
				return false
			}
		case a == "--":
			end = true
		case p.opts.Has(a):
		case p.vals.Has(a):
			j++
		case p.fixed.Has(a):
			if j++; j >= len(args) || !p.list.Has(args[j]) {
				return false
			}
		case strings.Contains(a, "="):
			k, v, _ := strings.Cut(a, "=")
			if !p.vals.Has(k) && !(p.fixed.Has(k) && p.list.Has(v)) {
				return false
			}
		case p.name == "git" && (p.sub == "rev-list" || p.sub == "log") && isNumeric(a[1:]):
			// -5: a count
		case !strings.HasPrefix(a, "--") && len(a) > 2:
			for _, l := range a[1:] {
				if !p.opts.Has("-" + string(l)) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// operand reports whether a is an operand p may be handed.
func (p *producer) operand(a string) bool {
	switch p.ops {
	case 'a':
		return true
	case 'r':
		return ProjectName(a)
	case 'n':
		return a != "" && a != "." && a != ".." && !strings.Contains(a, "/")
	case '#':
		return isNumeric(a)
	case 'l':
		return p.list.Has(a)
	case '+':
		return strings.HasPrefix(a, "+") && dateFormat(a[1:])
	}
	return false
}

// ProjectName reports whether a is a relative name that stays below the
// working directory: it begins with no / or ~ and has no .. component (a
// revision range main..HEAD is one component).
func ProjectName(a string) bool {
	if a == "" || strings.HasPrefix(a, "/") || strings.HasPrefix(a, "~") || strings.HasPrefix(a, "$") || word.HasMark(a) {
		return false
	}
	for _, c := range strings.Split(a, "/") {
		if c == ".." {
			return false
		}
	}
	return true
}

func isNumeric(s string) bool {
	return s != "" && strings.Trim(s, "0123456789.-+e") == ""
}

// dateDirectives are date's conversions that print letters, digits,
// blanks, - + : and . only (not %D or %x, which print /, nor %n).
const dateDirectives = "YmdHMSyjaAbBhuVUWGgzZsNpPeklIcFTRCq:"

// dateFormat reports whether date's format f prints a name: at least one
// directive of dateDirectives, and literal letters, digits, - _ . : and
// blanks (date +..%n.. prints ..).
func dateFormat(f string) bool {
	directive := false
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '%' && i+1 < len(f):
			i++
			for i < len(f)-1 && strings.IndexByte("-_0^#", f[i]) >= 0 {
				i++
			}
			if strings.IndexByte(dateDirectives, f[i]) < 0 {
				return false
			}
			directive = true
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-_.: ", c) >= 0:
		default:
			return false
		}
	}
	return directive
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

// operands returns the words of args that are not options (do not begin
// with -).
func operands(args []string) []string {
	var ops []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			ops = append(ops, a)
		}
	}
	return ops
}
