package catalogue

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Verb is what guard knows of the words of a program run by subcommands
// (go test ./... -run X, cargo test -p core, npm run build): for the
// subcommands it lists, which options take no value, which take a value
// that is data (a test name, a count, a feature), and that its operands
// are names it reads (packages, scripts, targets), never files it writes.
// A call of one of them whose every option the entry lists leaves its
// words alone: none is a touch (Analysis.Touches), so the write rules are
// not asked about a package pattern. An option the entry does not list,
// or a word after the end of its own options (go test -args, cargo test
// --), makes the call what it is without the entry: every word a possible
// write (default-deny on options). What the program runs (the project's
// code, its scripts) is checked by the runners' own entries.
type Verb struct {
	Name string
	// Sub is a leading operand the entry is about (go mod), "" for none.
	Sub string
	// Verbs are the subcommands it covers.
	Verbs word.Set
	// Bools are the options that take no value; Data those whose value
	// (after = or in the next word) is data. Both as the program spells
	// them: " -v -race ", " --release -q ".
	Bools, Data word.Set
	// Out are the options whose value is a file the program makes (go
	// build -o OUT): it is no operand but a file the call may change.
	// Without one, a file named after its operands is (go build x.go
	// writes x): each operand is then one the call may change, as a
	// program without an entry's is.
	Out word.Set
	// GoFlags: options are read as Go's flag package reads them: one or
	// two dashes alike, a Bool's value only after =.
	GoFlags bool
	// Stop is the word after which the rest are another program's (the
	// test binary's, the script's): the entry does not cover them.
	Stop string
	// NoOperands: an operand is not a name but may be a file (go mod
	// why's are packages, go version's are binaries it reads): the
	// entry covers only calls without one.
	NoOperands bool
}

// Flags shared by the go command's build and test subcommands (cmd/go
// help build, help testflag): options whose value is a path it reads
// (-coverprofile, -modfile, -overlay, -pgo, -outputdir, the profiles) or
// a program it runs (-exec, -toolexec, -vettool) are not listed: the
// call is then read without the entry. go build's -o is its output
// (Verb.Out).
const (
	goBuildBools = " -a -n -x -v -race -msan -asan -cover -trimpath -linkshared -modcacherw -work -buildvcs -json "
	goBuildData  = " -p -tags -mod -covermode -coverpkg -buildmode -compiler -installsuffix -gccgoflags "
	goTestBools  = " -short -failfast -benchmem -fullpath "
	goTestData   = " -run -skip -bench -benchtime -count -timeout -cpu -parallel -shuffle -fuzz -fuzztime -fuzzminimizetime -list -vet "

	cargoBools = " --release -r --workspace --all --lib --bins --tests --benches --examples --all-targets --all-features " +
		"--no-default-features --locked --offline --frozen --quiet -q --verbose -v --keep-going --no-run --no-fail-fast --doc --ignore-rust-version --timings --future-incompat-report "
	cargoData = " -p --package --exclude --bin --example --test --bench -F --features -j --jobs --target --profile --color --message-format "
)

// Verbs lists the entries, sorted by name and Sub.
var Verbs = []Verb{
	{Name: "cargo", Verbs: " build b check c test t bench clippy doc d tree metadata fetch ", Bools: cargoBools, Data: cargoData, Stop: "--"},
	{Name: "go", Verbs: " build ", Bools: goBuildBools, Data: goBuildData, Out: " -o ", GoFlags: true},
	{Name: "go", Verbs: " test vet ", Bools: goBuildBools + goTestBools, Data: goBuildData + goTestData, GoFlags: true, Stop: "-args"},
	{Name: "go", Verbs: " list ", Bools: goBuildBools + " -m -u -e -deps -test -find -export -compiled -retracted -reuse ", Data: goBuildData + " -f ", GoFlags: true},
	{Name: "go", Verbs: " version ", Bools: " -m -v ", GoFlags: true, NoOperands: true},
	{Name: "go", Sub: "mod", Verbs: " tidy download graph verify ", Bools: " -e -v -x -json -reuse ", Data: " -go -compat ", GoFlags: true, NoOperands: true},
	{Name: "npm", Verbs: " test t tst run run-script rum urn ci clean-install ls list outdated audit ", Bools: " --silent -s --if-present --ignore-scripts --workspaces -ws --json --all --long -l ", Data: " --workspace -w --loglevel ", Stop: "--"},
}

// VerbRoles reads args, the words after program name, by its Verb entry:
// leaves is whether the entry covers the call (its subcommand listed,
// every option known, nothing past Stop), data marks the words that are
// no operand (the subcommand, options, their values), and out lists the
// files the call makes (an Out option's value: -o=F as F; without one,
// the operands: Verb.Out).
func VerbRoles(name string, args []string) (leaves bool, data []bool, out []string) {
	for i := range Verbs {
		v := &Verbs[i]
		if v.Name != name {
			continue
		}
		if ok, d, o := v.roles(args); ok {
			return true, d, o
		}
	}
	return false, nil, nil
}

// roles is VerbRoles for one entry.
func (v *Verb) roles(args []string) (bool, []bool, []string) {
	data := make([]bool, len(args))
	var out []string
	j := 0
	if v.Sub != "" {
		if len(args) == 0 || args[0] != v.Sub {
			return false, nil, nil
		}
		data[0], j = true, 1
	}
	if j >= len(args) || !v.Verbs.Has(args[j]) {
		return false, nil, nil
	}
	data[j] = true
	for j++; j < len(args); j++ {
		a := args[j]
		if a == v.Stop || a == "--" {
			return false, nil, nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if v.NoOperands {
				return false, nil, nil
			}
			continue // a package, a script, a target: read, not written
		}
		took, made, ok := v.option(a)
		if !ok {
			return false, nil, nil
		}
		data[j] = true
		switch {
		case took && j+1 >= len(args):
			return false, nil, nil
		case took:
			j++
			data[j] = true
			if made {
				out = append(out, args[j])
			}
		case made:
			_, f, _ := strings.Cut(a, "=")
			out = append(out, f)
		}
	}
	if v.Out != "" && len(out) == 0 {
		for j, d := range data {
			if !d {
				out = append(out, args[j])
			}
		}
	}
	return true, data, out
}

// option reports whether option word a is one the entry lists, whether
// its value is the next word, and whether that value is a file the call
// makes (Out).
func (v *Verb) option(a string) (next, made, ok bool) {
	if v.GoFlags && strings.HasPrefix(a, "--") {
		a = a[1:]
	}
	name, _, eq := strings.Cut(a, "=")
	switch {
	case v.Bools.Has(name):
		return false, false, true
	case v.Out.Has(name):
		return !eq, true, true
	case v.Data.Has(name):
		return !eq, false, true
	case !v.GoFlags && !eq && len(a) > 2 && a[1] != '-' && v.Data.Has(a[:2]):
		return false, false, true // -pcore: a short option joined to its value
	}
	return false, false, false
}

// verbsSorted reports whether Verbs is sorted (TestVerbsSorted).
func verbsSorted() bool {
	return slices.IsSortedFunc(Verbs, func(a, b Verb) int {
		return strings.Compare(a.Name+" "+a.Sub, b.Name+" "+b.Sub)
	})
}

// Output is what a program run by a subcommand writes in its project by
// itself, naming none of it: npm ci empties and refills node_modules and
// writes package-lock.json, cargo metadata writes Cargo.lock, go mod tidy
// go.mod and go.sum. Guard records them as writes (the write rules then
// follow a link standing there to where it leads: a node_modules planted
// as a link to ~/.guard by a clone guard could not see) in the project's
// root: the nearest directory at or above the one the tool runs in that
// holds one of Root (Nearest), or each such directory up to the root (All:
// cargo's workspace root may be higher), or the nearest and each workspace
// root above it (Workspace: npm's), else the directory it runs in.
type Output struct {
	Name string
	// Sub is an operand that must come before the subcommand (go mod).
	Sub string
	// Verbs are the subcommands that write: any operand of the call
	// that is one counts (npm --loglevel warn ci), since a write
	// recorded too many only asks the write rules once more.
	Verbs word.Set
	// Root are the names that mark the project's root (one ending in /
	// a directory: npm's node_modules/); Look how the tool looks for it.
	Root string
	Look Lookup
	// DirOpts name the directory the tool runs in (npm --prefix D, go
	// -C D); FileOpts the root file, whose directory it is (cargo
	// --manifest-path F).
	DirOpts, FileOpts word.Set
	// Glued: a one-letter DirOpts takes its value joined (clap's and
	// pnpm's -Csub).
	Glued bool
	// DirOperand: the subcommand's first operand is the directory it
	// runs in (cargo init PATH). Its options are then read by Bools
	// (no value) and Valued (the next word): another one makes the
	// directory unread (default-deny: guard cannot tell the operand).
	DirOperand    bool
	Bools, Valued word.Set
	// DirVar is a variable naming the directory (CARGO_INSTALL_ROOT);
	// NamedOnly: without a directory named, the entry writes the
	// user's files (cargo install in CARGO_HOME), not the project's,
	// and is not recorded.
	DirVar    string
	NamedOnly bool
	// Reads are the subcommands known to write nothing in the project by
	// themselves (npm test, go build, cargo fmt: what they run is the
	// runners' entries' to check); a subcommand neither here nor in Verbs
	// is unknown (UnknownVerb). Own, when set, are all the program's own
	// subcommands: a first operand not among them runs the project's
	// script of that name (yarn build, pnpm lint), which is a Read.
	Reads, Own word.Set
	// Default is the subcommand run when no operand names one (yarn:
	// install).
	Default string
	// Files are what it writes there, relative to the root: a file, or
	// for a directory it fills a file it writes in it
	// (node_modules/.package-lock.json), which stands for the directory:
	// where the directory leads is checked, not the packages it holds
	// (an installed hook entry's program in node_modules is npm's to
	// replace).
	Files string
}

// npmInstalls are npm's subcommands (and their aliases) that write
// node_modules and package-lock.json (and, saving, package.json).
const npmInstalls = " ci clean-install ic install-clean isntall-clean install i in ins inst insta instal isnt isnta isntal isntall add " +
	"install-test it install-ci-test cit clean-install-test sit uninstall unlink remove rm r un update up upgrade udpate dedupe ddp " +
	"prune rebuild rb link ln audit version verison shrinkwrap "

// Subcommands that write nothing in the project by themselves, and the
// package managers' own subcommands (a first operand not among them runs
// a script: yarn build).
const (
	npmReads   = " run run-script rum urn rn test t tst start stop restart exec x ls list ll la outdated view v info show search s se find explain why query fund bugs issues docs home repo help help-search prefix root bin whoami ping doctor sbom diff find-dupes completion "
	pnpmReads  = " run test t tst exec dlx start list ls ll la outdated why licenses root bin help view info show search whoami sbom "
	yarnReads  = " run test exec dlx bin info why list ls outdated licenses help versions node explain "
	bunReads   = " run test x exec repl why info outdated help "
	cargoReads = " new search help version login logout owner yank locate-project pkgid read-manifest verify-project report info config "
	goReads    = " build test vet run list version env doc bug clean help tool install "
	pnpmOwn    = " add i install update up upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch install-test it dedupe patch patch-commit patch-remove audit " +
		"list ls ll la outdated why licenses run test t tst exec dlx create start pack publish recursive multi m server store root bin setup init deploy doctor config c get set env " +
		"self-update approve-builds ignored-builds help sbom login logout whoami view info show search owner dist-tag cache version catalog " +
		"install-completion completion add-user adduser set-script pkg edit token access bugs docs home repo ping star stars unpublish unstar deprecate undeprecate team profile hook org "
	yarnOwn = " access add audit autoclean bin cache check config create dedupe dlx exec explain generate-lock-entry global help import info init install licenses link list " +
		"login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove run search set stage tag team test unlink unplug up upgrade " +
		"upgrade-interactive version versions why workspace workspaces constraints "
	bunOwn = " add a remove rm install i update upgrade link unlink pm outdated audit publish patch patch-commit why info create c init x run test build exec repl help completions "
)

// Outputs lists the entries, sorted by name and Sub.
var Outputs = []Output{
	{Name: "bun", Verbs: " install i add a remove rm update link unlink ", Reads: bunReads, Own: bunOwn, Root: "package.json", Look: Workspace, DirOpts: " --cwd ", Files: "node_modules/.bun-tag bun.lock bun.lockb"},
	{Name: "cargo", Verbs: " build b check c test t bench run r clippy doc d tree metadata fetch update generate-lockfile fix rustc rustdoc vendor add remove rm package publish install ",
		Reads: cargoReads, Root: "Cargo.toml", Look: All, DirOpts: " -C ", Glued: true, FileOpts: " --manifest-path ", Files: "Cargo.lock target/.rustc_info.json target/CACHEDIR.TAG"},
	// cargo init writes Cargo.toml and src/ and appends to the ignore
	// files of the directory it runs in (cargo new makes a new directory).
	{Name: "cargo", Verbs: " init ", Root: "Cargo.toml", Look: Here, DirOpts: " -C ", Glued: true, DirOperand: true,
		Bools: " --bin --lib -q --quiet -v --verbose --frozen --locked --offline ", Valued: " --name --vcs --edition --registry --config -Z --color ", Files: ".gitignore .hgignore .ignore .fossil-settings/ignore-glob src/main.rs src/lib.rs"},
	// cargo install and uninstall write (and remove) the binaries
	// listed in .crates.toml under bin/ of the root --root or
	// CARGO_INSTALL_ROOT names (a project's planted bin link leads
	// where the removal lands); else the user's CARGO_HOME.
	{Name: "cargo", Verbs: " install uninstall ", Root: ".crates.toml", Look: Here, DirOpts: " --root ", DirVar: "CARGO_INSTALL_ROOT", NamedOnly: true,
		Files: ".crates.toml .crates2.json bin/.crates"},
	{Name: "go", Verbs: " get ", Reads: goReads, Root: "go.mod", Look: Nearest, DirOpts: " -C ", Files: "go.mod go.sum"},
	{Name: "go", Sub: "mod", Verbs: " tidy download init edit vendor ", Reads: " graph verify why help ", Root: "go.mod", Look: Nearest, DirOpts: " -C ", Files: "go.mod go.sum vendor/modules.txt"},
	{Name: "go", Sub: "work", Verbs: " init use sync edit vendor ", Root: "go.work", Look: Nearest, DirOpts: " -C ", Files: "go.work go.work.sum vendor/modules.txt"},
	{Name: "npm", Verbs: npmInstalls, Reads: npmReads, Root: "package.json node_modules/", Look: Workspace, DirOpts: " --prefix -C ", Files: "node_modules/.package-lock.json package-lock.json"},
	// npm config and cache read or write the user's files, not the
	// project's: their reading subcommands are known (ConfigWriters
	// records config's writes).
	{Name: "npm", Sub: "c", Reads: " get list ls "},
	{Name: "npm", Sub: "cache", Reads: " ls list verify "},
	{Name: "npm", Sub: "config", Reads: " get list ls "},
	{Name: "pnpm", Verbs: " install i add remove rm uninstall un update up upgrade dedupe prune rebuild rb import fetch install-test it link ln unlink audit ", Reads: pnpmReads, Own: pnpmOwn,
		Root: "package.json pnpm-workspace.yaml", Look: All, DirOpts: " -C --dir ", Glued: true, Files: "node_modules/.modules.yaml pnpm-lock.yaml"},
	{Name: "yarn", Verbs: " install add remove upgrade up upgrade-interactive import link unlink dedupe autoclean ", Reads: yarnReads, Own: yarnOwn, Default: "install",
		Root: "package.json", Look: Workspace, DirOpts: " --cwd ", Files: "node_modules/.yarn-integrity yarn.lock"},
}

// OutputUse is an entry a call runs and the directory it writes in.
type OutputUse struct {
	*Output
	// Dir is the directory the call names (Output.Dir), "" for none.
	Dir string
}

// OutputsOf returns the entries whose subcommand args (the words after
// the program's name) run, each with the directory it writes in, read by
// env (the program's environment, for DirVar); unread is an option word
// that may name a directory but guard cannot tell (npm's --prefi, -gC),
// when there is one.
func OutputsOf(name string, args []string, env func(string) (string, bool)) (out []OutputUse, unread string) {
	for i := range Outputs {
		o := &Outputs[i]
		if o.Name != name {
			continue
		}
		dir, u, verb := o.Dir(args, env)
		if verb && u != "" {
			unread = u
		}
		if verb && (dir != "" || !o.NamedOnly) {
			out = append(out, OutputUse{o, dir})
		}
	}
	return out, unread
}

// Dir reads args, the words of a call of o's program, for the directory
// it runs in as its options (DirOpts, a glued short one: cargo -Csub;
// FileOpts: the root file's directory), its operand (DirOperand) or its
// variable (DirVar, read by env) name it, "" for none; verb is whether
// it runs one of o's Verbs (or its Default); unread an option word that
// may name the directory but guard cannot tell, when there is one.
func (o *Output) Dir(args []string, env func(string) (string, bool)) (dir, unread string, verb bool) {
	if o.DirVar != "" && env != nil {
		if v, ok := env(o.DirVar); ok && v != "" {
			dir = v // CARGO_INSTALL_ROOT=r cargo uninstall x
		}
	}
	sub, operand, took := o.Sub == "", false, false
	for j := 0; j < len(args); j++ {
		a := args[j]
		if o.Name == "npm" && strings.HasPrefix(a, "-") && a != "--" {
			var unsure bool
			if a, unsure = npmDirOption(a, args[j+1:]); unsure {
				unread = args[j]
			}
		}
		opt, v, eq := strings.Cut(a, "=")
		named := o.DirOpts.Has(opt) || o.FileOpts.Has(opt)
		switch {
		case a == "--" && verb && o.DirOperand && !took && j+1 < len(args):
			dir, j = joinDir(dir, args[j+1]), len(args) // cargo init -- sub
		case a == "--":
			j = len(args)
		case named && !eq && j+1 < len(args):
			j++
			dir = o.dirOf(opt, args[j])
		case named && eq:
			dir = o.dirOf(opt, v)
		case o.Glued && !eq && len(a) > 2 && a[1] != '-' && o.DirOpts.Has(a[:2]):
			dir = a[2:] // pnpm -Csub, cargo -Csub
		case strings.HasPrefix(a, "-") && a != "-":
			if verb && o.DirOperand && !eq && !o.Bools.Has(a) {
				if !o.Valued.Has(a) || j+1 >= len(args) {
					unread = a // cargo init --frob sub: which word is the directory
				}
				j++
			}
		case !sub:
			sub = a == o.Sub
		case verb && o.DirOperand && !took:
			dir, took = joinDir(dir, a), true // cargo init sub
		default:
			operand = true
			verb = verb || o.Verbs.Has(a)
		}
	}
	if sub && !operand && o.Default != "" {
		verb = true // yarn, yarn --frozen-lockfile: yarn install
	}
	return dir, unread, verb
}

// dirOf returns the directory option opt's value v names: v, or for a
// root file's option the file's directory.
func (o *Output) dirOf(opt, v string) string {
	if o.FileOpts.Has(opt) {
		return path.Dir(v)
	}
	return v
}

// joinDir returns operand p, a directory, as named from dir ("" for the
// working directory).
func joinDir(dir, p string) string {
	if dir == "" || path.IsAbs(p) || strings.HasPrefix(p, "~") {
		return p
	}
	return path.Join(dir, p)
}

// npmDirOption reads npm's option word a, before the words rest, for
// OutputsOf as npm does (NpmOption): --prefix named whole (-prefix, -C)
// becomes --prefix. Default-deny: a word npm may read as --prefix that
// guard cannot tell (an abbreviation or another spelling, which npm's
// full list of settings decides; a run of shorthands; a prefix of more
// than one setting), or a --prefix whose value npm does not take (the
// next word an option), is unsure.
func npmDirOption(a string, rest []string) (string, bool) {
	o := NpmOption(a)
	switch {
	case o.Shorts || o.Ambiguous || o.Key == "prefix" && !o.Whole:
		return a, true
	case o.Key == "prefix" && o.Eq:
		return "--prefix=" + o.Value, false
	case o.Key == "prefix":
		return "--prefix", len(rest) > 0 && strings.HasPrefix(rest[0], "-")
	}
	return a, false
}

// outputsSorted reports whether Outputs is sorted (TestOutputsSorted).
func outputsSorted() bool {
	return slices.IsSortedFunc(Outputs, func(a, b Output) int {
		return strings.Compare(a.Name+" "+a.Sub, b.Name+" "+b.Sub)
	})
}
