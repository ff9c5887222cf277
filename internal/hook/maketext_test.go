package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMakeTextFindings53a: make's functions in recipe lines evaluated as
// make does ($(call) with its arguments, $(foreach), $(if), computed
// names: B1, B4); an include, -include, sinclude or MAKEFILES entry is a
// read of its file, as the makefile make finds by name is (a link to
// .env: B22); VPATH and vpath make $< the file found
// elsewhere (B5); an include a .DEFAULT, match-anything or pattern rule
// remakes is cannot-tell (B7); relative .venv/… words, $(dir $<),
// $(abspath …) of $(MAKEFILE_LIST) and $(realpath .) pass (FP5).
func TestMakeTextFindings53a(t *testing.T) {
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	const gen = "\tprintf 't:\\n\\tcat .env\\n' > $@\n"
	home, proj := scriptWorld(t, map[string]string{
		"b1/Makefile": "R = cat $(1)\nA = env\nB = A\nrunin = cd $(1) && ./x.sh\n" +
			"c:\n\t$(call R,$$HOME/.ssh/id_rsa)\nst:\n\tcat .$(strip env)\nif:\n\tcat .$(if x,env)\nsu:\n\tcat .$(subst X,n,eXv)\n" +
			"ps:\n\tcat $(patsubst %.x,.%,env.x)\nwo:\n\tcat .$(word 2,a env)\nba:\n\tcat $(basename .env.bak)\n" +
			"uk:\n\t$(if $(shell true),cat ~/.ssh/id_rsa)\nuf:\n\t$(foreach d,$(shell ls),cat ~/.ssh/id_rsa;)\n" +
			"fe:\n\t$(foreach f,env,cat .$(f);)\ncn:\n\tcat .$($(B))\nfd:\n\t$(foreach d,sub,cd $(d) && ./x.sh;)\ncd:\n\t$(call runin,sub)\n",
		"b1/.env":     "DBPASS=SECRETKEY\n",
		"b1/x.sh":     "echo ok\n",
		"b1/sub/x.sh": cat,
		"i1/Makefile": "include .env\nexport\nt:\n\t@echo $(DBPASS)\n",
		"i2/Makefile": "-include .env\nexport\nt:\n\tprintenv DBPASS\n",
		"i3/Makefile": "include $(wildcard .env)\nt:\n\t@echo $(DBPASS)\n",
		"i4/Makefile": "sinclude .e*\nt:\n\tenv\n",
		"i5/Makefile": "t:\n\t@echo $(DBPASS)\n",
		"i1/.env":     "DBPASS=SECRETKEY\n",
		"i2/.env":     "DBPASS=SECRETKEY\n",
		"i3/.env":     "DBPASS=SECRETKEY\n",
		"i4/.env":     "DBPASS=SECRETKEY\n",
		"i5/.env":     "DBPASS=SECRETKEY\n",
		"l1/.env":     "DBPASS=SECRETKEY\n",
		"l2/.env":     "DBPASS=SECRETKEY\n",
		"l2/Makefile": "include inc.mk\nt:\n\t@echo $(DBPASS)\n",
		"v1/Makefile": "VPATH = $(HOME)/.ssh\nt: id_rsa\n\tcat $<\n",
		"v2/Makefile": "VPATH = src\nt: x.c\n\tcat $<\n",
		"v2/src/x.c":  "int x;\n",
		"r1/Makefile": "-include gen.mk\n.DEFAULT:\n" + gen,
		"r2/Makefile": "include gen.mk\n.DEFAULT:\n" + gen,
		"r3/Makefile": "-include gen.mk\n%::\n" + gen,
		"r4/Makefile": "-include gen.mk\n$(addsuffix .mk,gen):\n" + gen,
		"r5/Makefile": "-include $(patsubst %.c,%.d,gen.c)\n%.d:\n" + gen,
		"r6/Makefile": "-include gen.d\n%.d: %.c\n" + gen + "t:\n\techo ok\n",
		"f1/Makefile": "ROOT := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))\nTOP := $(realpath .)\n" +
			"test: gen/x.in\n\t. .venv/bin/activate && pytest\n\tcd $(dir $<) && ./gen.sh\n\tcd $(ROOT) && ./scripts/test.sh\n\t$(MAKE) -C src TOP=$(TOP) all\n",
		"f1/package.json":       `{"scripts":{"test":". .venv/bin/activate && pytest"}}`,
		"f1/.venv/bin/activate": "echo on\n",
		"f1/gen/x.in":           "x\n",
		"f1/gen/gen.sh":         "echo gen\n",
		"f1/scripts/test.sh":    "echo test\n",
		"f1/src/Makefile":       "all:\n\techo src\n",
	})
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("KEY\n"), 0o600); err != nil {
		t.Fatal(err) // the file VPATH finds
	}
	for _, l := range [][2]string{{"l1/Makefile", ".env"}, {"l2/inc.mk", ".env"}} {
		if err := os.Symlink(l[1], filepath.Join(proj, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd b1 && make c", "cd b1 && make st", "cd b1 && make if", "cd b1 && make su", "cd b1 && make ps",
			"cd b1 && make wo", "cd b1 && make ba", "cd b1 && make fe", "cd b1 && make cn", "cd b1 && make fd", "cd b1 && make cd", "cd b1 && make uk", "cd b1 && make uf",
			"cd i1 && make t", "cd i2 && make t", "cd i3 && make t", "cd i4 && make t", "cd i5 && MAKEFILES=.env make t",
			"cd l1 && make", "cd l2 && make t",
			"cd v1 && make t",
			"cd r1 && make t", "cd r2 && make t", "cd r3 && make t", "cd r4 && make t", "cd r5 && make t",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd i5 && make t", "cd v2 && make t", "cd r6 && make t", "cd f1 && make test", "cd f1 && npm test",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
