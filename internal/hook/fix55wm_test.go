package hook

import (
	"fmt"
	"strings"
	"testing"
)

// TestMakeValues55: a make variable is every value the makefile, the
// environment and the command line may give it (operators, conditionals
// guard cannot evaluate, override, include order, computed names), and a
// recipe word is checked for each of them; a conditional guard can
// evaluate takes one branch (FINDINGS55a N3, K2–K5, K10, N7, N21).
func TestMakeValues55(t *testing.T) {
	const rc = "t:\n\techo x >> $(HOME)/$(X)\n"
	// 60 recipes of 20 words, each with variables of two values: the
	// bound on the words read grows with the texts a line gives.
	var wide strings.Builder
	wide.WriteString("ifeq ($(OS),Windows_NT)\nMKDIR = md\nSEP = x\nCP = copy\nEXE = .exe\nelse\nMKDIR = mkdir -p\nSEP = /\nCP = cp\nEXE =\nendif\nall:")
	for i := range 60 {
		fmt.Fprintf(&wide, " t%d", i)
	}
	for i := range 60 {
		fmt.Fprintf(&wide, "\nt%d:\n\t$(MKDIR) build$(SEP)t%d && $(CP) src$(SEP)a%d.c build$(SEP)t%d$(SEP)a.c && echo built t%d$(EXE) into build dir now ok", i, i, i, i, i)
	}
	_, proj := scriptWorld(t, map[string]string{
		"wide/Makefile":   wide.String() + "\n",
		"n3/Makefile":     "X = .bashrc\nX ?= safe\n" + rc,
		"k2/Makefile":     "ifeq ($(A),)\nX = .bashrc\nelse\nX = safe\nendif\n" + rc,
		"k2b/Makefile":    "X = .bashrc\nifeq (1,2)\nX = safe\nendif\n" + rc,
		"k3/Makefile":     "Y = .bashrc\nX := $(Y)\nY = safe\n" + rc,
		"k4/Makefile":     "X = .bashrc\n" + rc,
		"k5/Makefile":     "override X = .bashrc\n" + rc,
		"k10/Makefile":    "X = .bashrc\ninclude y.mk\n" + rc,
		"k10/y.mk":        "X ?= safe\n",
		"n7/Makefile":     "N = X\n$(N) = .bashrc\n" + rc,
		"n21/Makefile":    "ifeq (1,2)\n.RECIPEPREFIX = >\nendif\nt:\n\tA=1 sh -c \"echo x >> ~/.bashrc\"\n",
		"k2c/Makefile":    "ifeq ($(shell echo n),y)\nX = a\nendif\nifeq ($(X),a)\nY = safe\nelse\nY = .bashrc\nendif\nt:\n\techo x >> $(HOME)/$(Y)\n",
		"und/Makefile":    "X = a\nundefine X\nifndef X\nY = .bashrc\nelse\nY = safe\nendif\nt:\n\techo x >> $(HOME)/$(Y)\n",
		"ev/Makefile":     "X = a\n$(eval X = b)\nifeq ($(X),b)\nY = .bashrc\nelse\nY = safe\nendif\nt:\n\techo x >> $(HOME)/$(Y)\n",
		"ok/Makefile":     "GO ?= go\nifeq ($(OS),Windows_NT)\nEXE = .exe\nelse\nEXE =\nendif\nifeq (1,1)\nV = 1\nelse\nV = ~/.bashrc\nendif\nt:\n\t$(GO) build -o bin/app$(EXE) .\n\t$(GO) test ./...\n\techo $(V)\n",
		"okcond/Makefile": "ifeq ($(OS),Windows_NT)\nclean:\n\tdel /q bin\nelse\nclean:\n\trm -rf bin\nendif\n",
	})
	checkAll(t, proj, []string{
		"cd n3 && make t", "cd k2 && make t", "cd k2b && make t", "cd k3 && make t",
		"cd k4 && X=safe make t", "cd k5 && make t X=safe", "cd k10 && make t", "cd n7 && make t",
		"cd n21 && make t", "cd k2c && make t", "cd und && make t", "cd ev && make t",
	}, []string{
		"cd ok && make t", "cd okcond && make clean", "cd k4 && make t X=safe", "cd wide && make",
	})
}

// TestMakeGrammar55: guard reads a makefile line as GNU make does: a
// rule's : and a target-specific = only outside $(…), $c for any
// punctuation c, define followed by an operator is an assignment, an
// unterminated define is cannot-tell, CRLF is LF, and every variable's
// value is scanned as a recipe line (FINDINGS55a N4, N8, N9, N10, N2).
func TestMakeGrammar55(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"n4a/Makefile": "S = a.c\nt: $(S:.c=.o)\n\t@echo done\na.o:\n\techo x >> ~/.bashrc\n",
		"n4b/Makefile": "S = a.c\nt: $(S:.c=.o) ; echo x >> ~/.bashrc\n",
		"n4c/Makefile": "T = t\n$(T:x=y): ; echo x >> ~/.bashrc\n",
		"n4d/Makefile": "$(subst =,,t=): ; echo x >> ~/.bashrc\n",
		"n8a/Makefile": "; = .bashrc\nt:\n\techo x >> $(HOME)/$;\n",
		"n8b/Makefile": "~ = .bashrc\nt:\n\techo x >> $(HOME)/$~\n",
		"n9/Makefile":  "define := x\nt:\n\techo x >> ~/.bashrc\n",
		"n9b/Makefile": "define X\nt:\n\techo ok\n",
		"n10/Makefile": "# note \\\r\ndefine Z\nt:\n\techo x >> ~/.bashrc\n",
		"n2/Makefile":  "CC = echo x >> ~/.bashrc;\nall: t\n",
		"n2/t.c":       "int main(){return 0;}\n",
		"c/Makefile":   "CC ?= cc\nCFLAGS = -O2 -Wall\nSRCS = a.c b.c\nprog: $(SRCS:.c=.o)\n\t$(CC) $(CFLAGS) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\nclean:\n\trm -f prog $(SRCS:.c=.o)\n",
		"c/a.c":        "int main(){return 0;}\n",
		"c/b.c":        "int b;\n",
	})
	checkAll(t, proj, []string{
		"cd n4a && make t", "cd n4b && make t", "cd n4c && make t", "cd n4d && make t",
		"cd n8a && make t", "cd n8b && make t", "cd n9 && make t", "cd n9b && make t", "cd n10 && make t",
		"cd n2 && make",
	}, []string{
		"cd c && make", "cd c && make clean",
	})
}

// TestMakeReads55: what make reads and builds besides the goal's recipes:
// several -f files are one makefile, --eval text (on the command line or
// in MAKEFLAGS) is part of it, an include of standard input reads the
// command's input, -include of a computed name reads what may match, an
// include a built-in rule remakes or a load directive is cannot-tell, the
// makefiles and .EXTRA_PREREQS are goals, and a recipe's $(wildcard) is
// unknown after other recipes ran (FINDINGS55a K7, N18, K9, K6, K8, N5,
// N11, N20).
func TestMakeReads55(t *testing.T) {
	const rc = "t:\n\techo x >> $(HOME)/$(X)\n"
	const g = "g:\n\techo x >> ~/.bashrc\n"
	_, proj := scriptWorld(t, map[string]string{
		"k7/Makefile":   "X = safe\n" + rc,
		"k7/b.mk":       "X = .bashrc\n",
		"n18/Makefile":  rc,
		"k9/Makefile":   "include /dev/stdin\n" + rc,
		"k6/Makefile":   "N = $(shell echo x)\n-include $(N).mk\n" + rc,
		"k6/x.mk":       "X = .bashrc\n",
		"k8/Makefile":   "include x.mk\n" + rc,
		"k8/x.mk.sh":    "echo X = .bashrc\n",
		"n5/Makefile":   "-load ./e.so\nt: ; @:\ne.so: e.c\n\t$(CC) -shared -fPIC -o $@ $<\n",
		"n11a/Makefile": "t:\n\t@echo t\nMakefile: g\n" + g,
		"n11b/Makefile": ".EXTRA_PREREQS = g\nt:\n\t@echo t\n" + g,
		"n11c/Makefile": "t: .EXTRA_PREREQS = g\nt:\n\t@echo t\n" + g,
		"n20/Makefile":  "t: gen\n\techo x >> $(HOME)/$(if $(wildcard flag),.bashrc,safe)\ngen:\n\ttouch flag\n",
		"ok/Makefile":   "-include $(shell ls *.d 2>/dev/null)\nDEPS = $(wildcard *.d)\nt:\n\t@echo $(wildcard *.go)\n",
		"ok/a.go":       "package a\n",
		"wc/Makefile":   "build:\n\tgo build ./...\nlint: build\n\tgofmt -l $(wildcard *.go)\nclean: lint\n\trm -f $(wildcard *.o) $(wildcard bin/*)\ncheck: build\n\t$(if $(wildcard go.sum),go mod verify,@echo no sum)\n",
		"wc/a.go":       "package a\n",
		"wc/go.sum":     "",
	})
	checkAll(t, proj, []string{
		"cd k7 && make -f Makefile -f b.mk t",
		"cd n18 && make --eval 'X = .bashrc' t", "cd n18 && make -E 'X := .bashrc' t",
		"cd n18 && MAKEFLAGS='--eval=X=.bashrc' make t", "cd n18 && GNUMAKEFLAGS='--eval=X=.bashrc' make t",
		"cd k9 && echo X=.bashrc | make t", "cd k6 && make t", "cd k8 && make t", "cd n5 && make t",
		"cd n11a && make t", "cd n11b && make t", "cd n11c && make t", "cd n20 && make t",
	}, []string{
		"cd k7 && make -f Makefile t", "cd n18 && make --eval 'X = safe' t", "cd k9 && echo X=safe | make t",
		"cd ok && make t", "cd wc && make lint", "cd wc && make clean", "cd wc && make check",
	})
}
