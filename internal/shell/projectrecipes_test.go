package shell

import (
	"slices"
	"testing"
)

func TestMakefileRecipes(t *testing.T) {
	const mk = "X := a:b\nY ?= 1\nZ != date\n.PHONY: all\nall: b c | d\n\techo all\nb:\n\techo b \\\n\t  more\nc: ; echo c\nd:\n\techo d\ne f: b\n\techo ef\n%.o: %.c\n\tcc $<\n"
	m := parseMakefile(mk)
	for _, tc := range []struct {
		goals []string
		want  []string
	}{
		{nil, []string{"echo all", "echo b   more", "echo c", "echo d"}},
		{[]string{"e"}, []string{"echo ef", "echo b   more"}},
		{[]string{"f", "e"}, []string{"echo ef", "echo ef", "echo b   more"}}, // each target runs its recipe
		{[]string{"nosuch"}, nil},                                             // no pattern rule matches it (FINDINGS56c FP-M19)
		{[]string{"x.o"}, []string{"cc x.c"}},                                 // the pattern rule that matches, its $< the stem's
		{[]string{"sub/x.o"}, []string{"cc sub/x.c"}},                         // a pattern without a slash: the directory put back
	} {
		if got := m.recipesOf(tc.goals); !slices.Equal(got, tc.want) {
			t.Errorf("recipesOf(%q) = %q, want %q", tc.goals, got, tc.want)
		}
	}
	if !slices.Equal(m.parsing, []string{"date"}) {
		t.Errorf("parsing = %q", m.parsing)
	}
	if m.first != "all" {
		t.Errorf("first = %q", m.first)
	}
}

// TestMakefileConstructs: continued recipe lines are joined as the shell
// joins them, define bodies, variable values and lines make reads besides
// are text make holds, .RECIPEPREFIX moves the recipe prefix, include
// names are collected.
func TestMakefileConstructs(t *testing.T) {
	for _, tc := range []struct {
		mk, goal     string
		recipes, txt []string
		includes     []string
		prefix       byte
	}{
		{"all:\n\tcp x ~/.bash\\\n\trc\n", "all", []string{"cp x ~/.bashrc"}, nil, nil, '\t'},
		{"X = a \\\n  b\nall:\n\t@-echo $(X)\n", "all", []string{"echo $(X)"}, nil, nil, '\t'},
		{"define X\ncp x ~/.bashrc\nendef\nall:\n\t$(X)\n", "all", []string{"$(X)"}, nil, nil, '\t'},
		{".RECIPEPREFIX = >\nall:\n> cp x ~/.bashrc\n", "all", []string{"cp x ~/.bashrc"}, nil, nil, '>'},
		{".RECIPEPREFIX := $(P)\nall:\n\ttrue\n", "all", nil, []string{"true"}, nil, 0},
		{"include a.mk b.mk\n-include $(DEPS)\n", "", nil, nil, []string{"a.mk", "b.mk", "$(DEPS)"}, '\t'},
		{"all: X = ~/.bashrc\nall:\n\ttrue\n$(eval $(Y))\n", "all", []string{"true"}, []string{"$(eval $(Y))"}, nil, '\t'},
	} {
		m := parseMakefile(tc.mk)
		if got := m.recipesOf([]string{tc.goal}); !slices.Equal(got, tc.recipes) {
			t.Errorf("%q: recipes %q, want %q", tc.mk, got, tc.recipes)
		}
		if tc.mk[0] == 'd' && m.vars["X"] != "cp x ~/.bashrc" || tc.mk[0] == 'X' && m.vars["X"] != "a  b" {
			t.Errorf("%q: vars %q", tc.mk, m.vars)
		}
		if !slices.Equal(m.parsing, tc.txt) || !slices.Equal(m.includes, tc.includes) || m.prefix != tc.prefix {
			t.Errorf("%q: parsing %q includes %q prefix %q", tc.mk, m.parsing, m.includes, m.prefix)
		}
	}
}

// TestMakeText: make's variables and functions expanded as make does; a
// call guard does not evaluate is an unknown value (FINDINGS53a B1 B4).
func TestMakeText(t *testing.T) {
	vars := map[string]string{"A": "env", "B": "A", "R": "cat $(1)", "L": "a $(A)", "D": "$(dir $(1))x"}
	value := func(name string) (string, bool) {
		if v, ok := vars[name]; ok {
			return v, true
		}
		return "<" + name + ">", false
	}
	for in, want := range map[string]string{
		"$(HOMEX)/.bashrc":                 "<HOMEX>/.bashrc",
		"~/.bash$(R)":                      "~/.bashcat <1>",
		"${HOMEX}/x $(HOMEX)/y":            "<HOMEX>/x <HOMEX>/y",
		"$$HOME/.bashrc":                   "$HOME/.bashrc",
		"$@ $<":                            "<@> <<>",
		"$(unclosed":                       "$(unclosed",
		"no dollar":                        "no dollar",
		"cat .$(strip  env )":              "cat .env",
		"cat .$(if x,env)":                 "cat .env",
		"cat .$(if ,x,env)":                "cat .env",
		"cat .$(subst X,n,eXv)":            "cat .env",
		"cat $(patsubst %.x,.%,env.x)":     "cat .env",
		"cat .$(word 2,a env)":             "cat .env",
		"cat .$(lastword $(L))":            "cat .env",
		"cat $(basename .env.bak)":         "cat .env",
		"$(foreach f,env,cat .$(f);)":      "cat .env;",
		"cat .$($(B))":                     "cat .env",
		"$(call R,$$HOME/.ssh/id_rsa)":     "cat $HOME/.ssh/id_rsa",
		"$(call D,gen/x.in)":               "gen/x",
		"cat .$(or ,env)$(and a,)":         "cat .env",
		"$(A:e%=.e%) $(findstring nv,env)": ".env nv",
		"cat $(shell echo $$A $(A))":       "cat ${MAKE_shell}", // no shell model: unknown (makeshellcall.go)
		"cat $(value A) $(nofn x)":         "cat ${MAKE_value} A <nofn x>",
		"cat $(if $(shell x),.env)":        "cat ${MAKE_if} .env",
		"$(subst a,b,$(value A) ~/.ssh/x)": "${MAKE_subst} a b ${MAKE_value} A ~/.ssh/x",
	} {
		e := makeText{value: value}
		if got := e.eval(in); got != want {
			t.Errorf("eval(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnglued(t *testing.T) {
	for in, want := range map[string]string{">>~/.bashrc": "~/.bashrc", "2>~/x": "~/x", ";~/y": "~/y", "1password/x": "1password/x", "~/z": "~/z"} {
		if got := unglued(in); got != want {
			t.Errorf("unglued(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParseMakefile: any text parses without panicking, within its bounds,
// and every recipe line reached is a line of a rule.
func FuzzParseMakefile(f *testing.F) {
	f.Add("all: a\n\techo x\na: ; echo y\n")
	f.Add("X != cmd\n$(shell true)\n")
	f.Fuzz(func(t *testing.T, s string) {
		m := parseMakefile(s)
		if len(m.rules) > maxGoals {
			t.Fatalf("%d rules", len(m.rules))
		}
		m.recipesOf(nil)
		m.recipesOf([]string{m.first, "x"})
		m.allRecipes()
		e := makeText{value: func(string) (string, bool) { return s, true }}
		e.eval(s)
	})
}

// TestMakeImplicitRules: a pattern rule's recipe is walked for the names
// the goals reach that its target pattern matches, with $@, $*, $< of the
// match, and its prerequisites are walked in turn (a rule once in a
// chain); one whose pattern guard cannot expand is walked for any goal
// (FINDINGS56c FP-M19).
func TestMakeImplicitRules(t *testing.T) {
	const mk = "help:\n\t@echo hi\ntest: fx/sys/.unpacked\n\tgo test\n%/.unpacked: %.ttar\n\trm -rf $(dir $@) $* $(*F)\n" +
		"%: common-% ;\ncommon-build:\n\tgo build\nlib%.a: %.c\n\tar $@ $<\n"
	m := parseMakefile(mk)
	for _, tc := range []struct {
		goals []string
		want  []string
	}{
		{[]string{"help"}, []string{"echo hi"}},
		{[]string{"test"}, []string{"go test", "", "rm -rf $(dir fx/sys/.unpacked) fx/sys sys", ""}},
		{[]string{"build"}, []string{"", "go build"}},
		{[]string{"d/libz.a"}, []string{"", "ar d/libz.a d/z.c", ""}},
	} {
		if got := m.recipesOf(tc.goals); !slices.Equal(got, tc.want) {
			t.Errorf("recipesOf(%q) = %q, want %q", tc.goals, got, tc.want)
		}
	}
	// x.in is reached through %: %.in first, then by y's rule: the rule
	// make takes for it then reaches x.in.in.
	m = parseMakefile("all: x y\ny: x.in\n%: %.in\n\techo $@\nx.in.in:\n\tcat ~/.ssh/id_rsa\n")
	if got := m.recipesOf([]string{"all"}); !slices.Contains(got, "cat ~/.ssh/id_rsa") || !slices.Contains(got, "echo x.in") {
		t.Errorf("a name a shorter chain reaches later: %q", got)
	}
	m = parseMakefile("help:\n\t@echo hi\n$(P)%.x:\n\tcat $@\n")
	m.expand = func(s string) string { return s }
	if got := m.recipesOf([]string{"help"}); !slices.Equal(got, []string{"cat $@", "echo hi"}) {
		t.Errorf("a pattern guard cannot expand: %q", got)
	}
}

// TestMakeDefaultGoals: with no goal, make takes the first target it
// reads: one in a branch guard cannot tell make reads is one goal it may
// take, the first target after such a branch another; a target written
// through a variable first leaves it unknown (FINDINGS56c FP-M3).
func TestMakeDefaultGoals(t *testing.T) {
	for _, tc := range []struct {
		mk    string
		goals []string
		ok    bool
	}{
		{"ifeq ($(X),1)\nA = 1\nendif\nall:\n\ttrue\n", []string{"all"}, true},
		{"ifeq ($(X),1)\na:\nb:\nelse\nc:\nendif\nall:\n", []string{"a", "c", "all"}, true},
		{"ifeq (1,2)\na:\nendif\nall:\n", []string{"all"}, true},
		{"ifdef X\n$(T):\nendif\nall:\n", nil, false},
		{"include x.mk\nall:\n", nil, false}, // x.mk not read: guard cannot tell
	} {
		m := parseMakefile(tc.mk)
		if got, ok := m.defaultGoals(); !slices.Equal(got, tc.goals) || ok != tc.ok {
			t.Errorf("%q: defaultGoals() = %q, %v, want %q, %v", tc.mk, got, ok, tc.goals, tc.ok)
		}
	}
	m := parseMakefile("include x.mk\nall:\n")
	m.noteIncludeHead(0, "V = 1\n", true)
	if got, ok := m.defaultGoals(); !slices.Equal(got, []string{"all"}) || !ok {
		t.Errorf("an include with no target: %q, %v", got, ok)
	}
	m.noteIncludeHead(0, "x:\n\ttrue\n", true)
	if got, ok := m.defaultGoals(); !slices.Equal(got, []string{"x"}) || !ok {
		t.Errorf("an include with a target: %q, %v", got, ok)
	}
}
