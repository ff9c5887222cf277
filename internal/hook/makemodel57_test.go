package hook

import (
	"strings"
	"testing"
)

// TestMakeDefineSpecial: a define block sets the variables make consults
// as the one-line assignments do: define .DEFAULT_GOAL names the default
// goal, define .RECIPEPREFIX the recipe prefix (FINDINGS56d P4).
func TestMakeDefineSpecial(t *testing.T) {
	const evil = "evil:\n\tcat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  "define .DEFAULT_GOAL\nevil\nendef\nall:\n\techo hi\n" + evil,
		"b/Makefile":  "define .DEFAULT_GOAL :=\nevil\nendef\nall:\n\techo hi\n" + evil,
		"c/Makefile":  "define .RECIPEPREFIX\n>\nendef\nall:\n>cat ~/.ssh/id_rsa\n",
		"ok/Makefile": "define .DEFAULT_GOAL\nall\nendef\nall:\n\techo hi\n" + evil,
	})
	checkAll(t, proj, []string{"make -C a", "make -C b", "make -C c"}, []string{"make -C ok"})
}

// TestMakeStaticPatternPrereqs: a static pattern rule's prerequisites
// are its patterns with each target's stem, walked as make builds them
// first, order-only ones too; a target the pattern does not match has
// none (FINDINGS56d P9).
func TestMakeStaticPatternPrereqs(t *testing.T) {
	const key = "\tcat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":   "all: a.o\na.o: %.o: %.c\n\techo build $@\na.c:\n" + key,
		"b/Makefile":   "all: a.o\na.o: %.o: gen-%\n\techo ok\ngen-a:\n" + key,
		"c/Makefile":   "all: a.o\na.o: %.o: | gen-%\n\techo ok\ngen-a:\n" + key,
		"d/Makefile":   "OBJS = a.o b.o\nall: $(OBJS)\n$(OBJS): %.o: %.c\n\techo cc $< -o $@\nb.c:\n" + key,
		"e/Makefile":   "all: a.o\na.o: %.o: %.c\n\tcat $*.c\n",
		"e/a.c":        "int main(){}\n",
		"ok/Makefile":  "SRCS = a.c b.c\nOBJS = $(SRCS:.c=.o)\nall: $(OBJS)\n$(OBJS): %.o: %.c\n\tcc -c $< -o $@\nx.c:\n" + key,
		"ok2/Makefile": "all: x.o\nx.o: %.y: %.c\n\techo $@\nx.c:\n" + key,
	})
	checkAll(t, proj, []string{"make -C a", "make -C b", "make -C c", "make -C d"}, []string{"make -C ok", "make -C ok2", "make -C e"})
}

// TestMakeSecondExpansionStem: with .SECONDEXPANSION a pattern rule's
// prerequisites are expanded again with $$* the stem and $$@ the target
// (FINDINGS56d P10).
func TestMakeSecondExpansionStem(t *testing.T) {
	const key = "\tcat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  ".SECONDEXPANSION:\nall: x.o\n%.o: gen-$$*\n\techo ok\ngen-x:\n" + key,
		"b/Makefile":  ".SECONDEXPANSION:\nall: x.o\n%.o: $$@.src\n\techo ok\nx.o.src:\n" + key,
		"c/Makefile":  ".SECONDEXPANSION:\nall: x.o\n%.o: $$(shell cat list)\n\techo ok\ngen:\n" + key,
		"d/Makefile":  ".SECONDEXPANSION:\nall: x.o\nx.o: %.o: gen-$$*\n\techo ok\ngen-x:\n" + key,
		"ok/Makefile": ".SECONDEXPANSION:\nall: x.o\n%.o: gen-$$*\n\techo ok\ngen-x:\n\techo gen\ngen-y:\n" + key,
	})
	checkAll(t, proj, []string{"make -C a", "make -C b", "make -C c", "make -C d"}, []string{"make -C ok"})
}

// TestMakeTargetSpecificLayer: a target- or pattern-specific assignment
// is applied over the global value when make expands the recipe,
// whatever the order of the lines: a += written before the global
// assignment appends to it, and the targets it does not apply to keep
// the value without it (FINDINGS56b G3).
func TestMakeTargetSpecificLayer(t *testing.T) {
	const rc = "\techo PWN >> $(word 2,$(X))\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  "t: X += ~/.bashrc\nX = out.txt\nt:\n" + rc,
		"b/Makefile":  "%: X += ~/.bashrc\nX = out.txt\nt:\n" + rc,
		"c/Makefile":  "t: X += ~/.bashrc\nX := out.txt\nt:\n" + rc,
		"d/Makefile":  "u: X += y\nX = out.txt\nt: u\n\techo PWN >> $(if $(filter 1,$(words $(X))),~/.bashrc,out.txt)\nu:\n\t@true\n",
		"e/Makefile":  "u: X = y\nt: u\n\techo PWN >> $(if $(X),out.txt,~/.bashrc)\nu:\n\t@true\n",
		"ok/Makefile": "CFLAGS = -O2\ndebug: CFLAGS += -g\nall:\n\tcc $(CFLAGS) -o app main.c\ndebug: all\n",
	})
	checkAll(t, proj, []string{"make -C a t", "make -C b t", "make -C c t", "make -C d t", "make -C e t"}, []string{"make -C ok", "make -C ok debug"})
}

// TestMakeOwnValues: a $(if), $(or), $(and) or $(filter) on a value make
// gives itself is decided on make's value, or on both branches where
// guard cannot tell it for this run: make's database and its own
// variables (MAKE_VERSION, MAKEFLAGS, SHELL, which make takes not from
// the environment), $(CURDIR) and $(abspath) absolute, $(realpath) of a
// missing file empty, a condition of blanks that holds, words split at
// ASCII blanks only (FINDINGS56b G1).
func TestMakeOwnValues(t *testing.T) {
	w := func(e string) string { return "t:\n\techo PWN >> $(if " + e + ",$(HOME)/.bashrc,out.txt)\n" }
	n := func(e string) string { return "t:\n\techo PWN >> $(if " + e + ",out.txt,$(HOME)/.bashrc)\n" }
	files := map[string]string{
		"a/Makefile": w("$(MAKE_VERSION)"),
		"b/Makefile": w("$(MAKELEVEL)"),
		"c/Makefile": w("$(filter /bin/sh,$(SHELL))"),
		"d/Makefile": w("$(findstring /,$(CURDIR))"),
		"e/Makefile": n("$(realpath nofile)"),
		"f/Makefile": "E :=\nSP := $(E) $(E)\n" + w("$(SP)"),
		"g/Makefile": "t:\n\techo PWN >> $(word 2,a\u00a0out.txt ~/.bashrc)\n",
		"h/Makefile": "N := \u00a0\n" + w("$(N)"),
		"i/Makefile": "t: $(if $(MAKE_VERSION),evil)\n\t@echo t\nevil:\n\techo PWN >> ~/.bashrc\n",
		"j/Makefile": "t:\n\t@cat $(if $(filter /%,$(CURDIR)),~/.aws/credentials,README)\n",
		"k/Makefile": w("$(filter /%,$(abspath .))"),
		"l/Makefile": w("$(F77)"),
		"m/Makefile": w("$(filter oneshell,$(.FEATURES))"),
		"n/Makefile": w("$(MAKEFLAGS)"),
		"o/Makefile": "F\u00a0= out.txt\n" + n("$(F)"),
		"p/Makefile": "E :=\nSP := $(E) $(E)\n" + w("$(and $(SP),y)"),
		"q/Makefile": w("$(COMPILE.C)"),
		"r/Makefile": w("$(.DEFAULT_GOAL)"),
		"s/Makefile": n("$(filter-out /bin/sh,$(SHELL))"),
		"u/Makefile": w("$(and x,y)"),
		// make's values where guard knows them: the harmless branch only
		"ok1/Makefile":        n("$(filter /%,$(CURDIR))"),
		"ok2/Makefile":        w("$(realpath nofile)"),
		"ok3/Makefile":        n("$(realpath Makefile)"),
		"ok4/Makefile":        n("$(filter cc,$(CC))"),
		"ok5/Makefile":        n("$(filter /bin/sh,$(SHELL))"),
		"ok6/Makefile":        "X = a\n" + w("$(filter-out a,$(X))"),
		"v/Makefile":          "t:\n\techo x > $(CURDIR)/.git/hooks/pre-commit\n",
		"ok8/Makefile":        "t:\n\tcd $(CURDIR) && ./scripts/test.sh\n\tcd $(CURDIR)/sub && ./run.sh\n",
		"ok8/scripts/test.sh": "echo test\n",
		"ok8/sub/run.sh":      "echo run\n",
		"ok7/Makefile":        "LOCALBIN ?= $(CURDIR)/bin\nGOLANGCI = $(LOCALBIN)/golangci-lint\nt:\n\tgo build -o $(LOCALBIN)/app .\n\t$(GOLANGCI) run ./...\n",
	}
	_, proj := scriptWorld(t, files)
	var block, allow []string
	for name := range files {
		if !strings.HasSuffix(name, "/Makefile") {
			continue
		}
		cmd := "make -C " + name[:len(name)-len("/Makefile")] + " t"
		if name[:2] == "ok" {
			allow = append(allow, cmd)
		} else {
			block = append(block, cmd)
		}
	}
	checkAll(t, proj, block, allow)
}
