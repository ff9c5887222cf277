package hook

import "testing"

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
