package catalogue

import (
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
// help build, help testflag): options whose value is a path it writes
// or reads (-o, -coverprofile, -modfile, -overlay, -pgo, -outputdir, the
// profiles) or a program it runs (-exec, -toolexec, -vettool) are not
// listed: the call is then read without the entry.
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
	{Name: "go", Verbs: " test vet ", Bools: goBuildBools + goTestBools, Data: goBuildData + goTestData, GoFlags: true, Stop: "-args"},
	{Name: "go", Verbs: " list ", Bools: goBuildBools + " -m -u -e -deps -test -find -export -compiled -retracted -reuse ", Data: goBuildData + " -f ", GoFlags: true},
	{Name: "go", Verbs: " version ", Bools: " -m -v ", GoFlags: true, NoOperands: true},
	{Name: "go", Sub: "mod", Verbs: " tidy download graph verify ", Bools: " -e -v -x -json -reuse ", Data: " -go -compat ", GoFlags: true, NoOperands: true},
	{Name: "npm", Verbs: " test t tst run run-script rum urn ci clean-install ls list outdated audit ", Bools: " --silent -s --if-present --ignore-scripts --workspaces -ws --json --all --long -l ", Data: " --workspace -w --loglevel ", Stop: "--"},
}

// VerbRoles reads args, the words after program name, by its Verb entry:
// leaves is whether the entry covers the call (its subcommand listed,
// every option known, nothing past Stop), and data marks the words that
// are no operand (the subcommand, options, their values).
func VerbRoles(name string, args []string) (leaves bool, data []bool) {
	for i := range Verbs {
		v := &Verbs[i]
		if v.Name != name {
			continue
		}
		if ok, d := v.roles(args); ok {
			return true, d
		}
	}
	return false, nil
}

// roles is VerbRoles for one entry.
func (v *Verb) roles(args []string) (bool, []bool) {
	data := make([]bool, len(args))
	j := 0
	if v.Sub != "" {
		if len(args) == 0 || args[0] != v.Sub {
			return false, nil
		}
		data[0], j = true, 1
	}
	if j >= len(args) || !v.Verbs.Has(args[j]) {
		return false, nil
	}
	data[j] = true
	for j++; j < len(args); j++ {
		a := args[j]
		if a == v.Stop || a == "--" {
			return false, nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if v.NoOperands {
				return false, nil
			}
			continue // a package, a script, a target: read, not written
		}
		took, ok := v.option(a)
		if !ok {
			return false, nil
		}
		data[j] = true
		if took {
			if j+1 >= len(args) {
				return false, nil
			}
			j++
			data[j] = true
		}
	}
	return true, data
}

// option reports whether option word a is one the entry lists, and
// whether its value is the next word.
func (v *Verb) option(a string) (next, ok bool) {
	if v.GoFlags && strings.HasPrefix(a, "--") {
		a = a[1:]
	}
	name, _, eq := strings.Cut(a, "=")
	switch {
	case v.Bools.Has(name):
		return false, true
	case v.Data.Has(name):
		return !eq, true
	case !v.GoFlags && !eq && len(a) > 2 && a[1] != '-' && v.Data.Has(a[:2]):
		return false, true // -pcore: a short option joined to its value
	}
	return false, false
}

// verbsSorted reports whether Verbs is sorted (TestVerbsSorted).
func verbsSorted() bool {
	return slices.IsSortedFunc(Verbs, func(a, b Verb) int {
		return strings.Compare(a.Name+" "+a.Sub, b.Name+" "+b.Sub)
	})
}
