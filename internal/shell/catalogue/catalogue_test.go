package catalogue

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// checkSorted fails unless table's names, as name gives them, are sorted
// and each once: the tables are searched by halves, one entry a program.
func checkSorted[E any](t *testing.T, what string, table []E, name func(E) string) {
	t.Helper()
	for i := 1; i < len(table); i++ {
		if name(table[i-1]) >= name(table[i]) {
			t.Errorf("%s: %q before %q", what, name(table[i-1]), name(table[i]))
		}
	}
}

// TestCatalogueSorted: programNamed searches the catalogue by halves.
func TestCatalogueSorted(t *testing.T) {
	for i := 1; i < len(Catalogue); i++ {
		if Catalogue[i-1].Name >= Catalogue[i].Name {
			t.Errorf("catalogue: %q before %q", Catalogue[i-1].Name, Catalogue[i].Name)
		}
	}
	for _, p := range Catalogue {
		if got := ProgramNamed(p.Name); got == nil || got.Name != p.Name {
			t.Errorf("programNamed(%q) = %v", p.Name, got)
		}
		if p.Access == ReadsOnly && (WritesAll.Has(p.Name) || WritesLast.Has(p.Name)) {
			t.Errorf("%s: a writer listed as reading only", p.Name)
		}
	}
	if ProgramNamed("gzip") != nil || ProgramNamed("") != nil {
		t.Error("programNamed finds a program the catalogue does not list")
	}
}

// TestTablesSorted: prefixOf and interpreterNamed find each entry, and
// nothing else.
func TestTablesSorted(t *testing.T) {
	checkSorted(t, "prefixes", Prefixes, func(e PrefixEntry) string { return e.Name })
	checkSorted(t, "interpreters", Interpreters, func(e InterpEntry) string { return e.Name })
	checkSorted(t, "optionRunners", OptionRunners, func(e OptionRunner) string { return e.Name })
	for _, e := range OptionRunners {
		if _, ok := OptionRunnerNamed(e.PassTo); e.PassTo != "" && (!ok || e.PassSubs == "") {
			t.Errorf("optionRunners %q hands its words after -- to %q, no entry or no subcommand", e.Name, e.PassTo)
		}
	}
	for _, e := range Prefixes {
		if _, ok := PrefixOf(e.Name); !ok {
			t.Errorf("prefixOf(%q) not found", e.Name)
		}
	}
	for _, e := range Interpreters {
		if _, ok := InterpreterNamed(e.Name); !ok {
			t.Errorf("interpreterNamed(%q) not found", e.Name)
		}
	}
	if _, ok := PrefixOf("rm"); ok {
		t.Error("prefixOf finds a program that is no prefix")
	}
	if in, ok := InterpreterOf("python3.12"); !ok || in.Code != " -c " {
		t.Errorf("interpreterOf(python3.12) = %v, %v", in, ok)
	}
}

func TestRecursionFollows(t *testing.T) {
	for _, tc := range []struct {
		prog, args string
		want       bool
	}{
		{"grep", "-R x .", true},
		{"grep", "-rn x .", false},
		{"grep", "--dereference-recursive x .", true},
		{"grep", "-R -r x .", true},   // -R sticks: a later -r does not undo it (run: follows)
		{"grep", "--deref x .", true}, // getopt_long's prefix
		{"grep", "--dereference-r x .", true},
		{"grep", "--deref -r x .", true},
		{"grep", "--dir=recurse x .", false},
		{"rg", "--fol k", true},
		{"ag", "--fo k", true},
		{"pt", "--follow k", true},
		{"rg", "-L k", true},
		{"rg", "--follow --no-follow k", false},
		{"rg", "k", false},
		{"zip", "-qr a.zip .", true},
		{"zip", "-qry a.zip .", false},
		{"zip", "--symlinks -r a.zip .", false},
		{"diff", "-r a b", true},
		{"diff", "-r --no-dereference a b", false},
		{"ag", "-f k", true},
		{"ack", "--follow k", true},
		{"ack", "k", false},
		{"cat", "-R x", false},
	} {
		p := ProgramNamed(tc.prog)
		if p == nil {
			t.Fatalf("no entry for %s", tc.prog)
		}
		if got := p.Recurse.Follows(word.Split(tc.args)); got != tc.want {
			t.Errorf("%s %s: Follows = %v, want %v", tc.prog, tc.args, got, tc.want)
		}
	}
}

// TestByName: byName answers as slices.BinarySearch on the names, for each
// name of a table, the names between them and the ends.
func TestByName(t *testing.T) {
	names := []string{"", "a", "ab", "b", "ba", "c", "z"}
	for n := range len(names) + 1 {
		table := names[:n]
		for _, q := range []string{"", "0", "a", "aa", "ab", "abc", "b", "bb", "c", "y", "z", "zz"} {
			i, ok := byName(table, q, func(s *string) string { return *s })
			j, found := slices.BinarySearch(table, q)
			if i != j || ok != found {
				t.Errorf("byName(%q, %q) = %d, %v; want %d, %v", table, q, i, ok, j, found)
			}
		}
	}
}

// TestEditorInitVars: every variable an editor of Editors runs at start
// is one a program that starts the user's editor is checked for
// (FINDINGS50a F1).
func TestEditorInitVars(t *testing.T) {
	for _, e := range Editors {
		for _, v := range strings.Fields(string(e.Env)) {
			if !EditorInitVars.Has(v) {
				t.Errorf("%s: %s is not in EditorInitVars", strings.Fields(string(e.Names))[0], v)
			}
		}
	}
}
