package hook

import "testing"

// TestRecipeWalkFindings52b: a recipe's $(MAKE) is the program the command
// line or environment gives MAKE (F16); make's --ev= and -sE (F3); recipe
// lines walked as one script with cd, subshells, if, env -C, sh -ec and
// .ONESHELL (F1, F11); automatic variables, sub-make VAR=x, exports, -I
// (F2); targets through variables (F9); remade includes (F18); npm run
// from a recipe (F13); the sh -c bound (F10); a file the recipe makes
// (F15). Recursive makes over $(SUBDIRS) and cd DIR; $(MAKE) pass (F12).
func TestRecipeWalkFindings52b(t *testing.T) {
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"m1/Makefile":           "ed:\n\t$(MAKE) -C sub2\n",
		"m1/sub2/Makefile":      "all:\n\t@true\n",
		"m1/tools/p.sh":         cat,
		"e1/Makefile":           "ed:\n\ttrue\n",
		"e1/tools/x.mk":         "X := $(shell sh tools/p.sh >&2)\n",
		"e1/tools/p.sh":         cat,
		"c1/Makefile":           "a:\n\tcd sub; ./run.sh; true\nb:\n\t(cd sub && ./run.sh)\nc:\n\tif cd sub; then ./run.sh; fi\nd:\n\tenv -C sub ./run.sh\ne:\n\tsh -ec \"cd sub && ./run.sh\"\nf:\n\tcd $$PWD/sub && python3 run.py\ng:\n\tln -sfn sub d && cd d && ./run.sh\nh:\n\tcp -r sub d && sh d/run.sh\n",
		"c1/sub/run.sh":         cat,
		"c1/sub/run.py":         "print(open('/home/dev/.ssh/id_rsa').read())\n",
		"c2/Makefile":           ".ONESHELL:\ned:\n\tcd sub\n\t./run.sh\n",
		"c2/sub/run.sh":         cat,
		"c3/package.json":       `{"scripts":{"ed":"cd sub; ./run.sh; true"}}`,
		"c3/sub/run.sh":         cat,
		"a1/Makefile":           "ed:\n\t$(MAKE) -s -C sub2 $@\nx:\n\t$(MAKE) -s -C sub2 SCRIPT=./run.sh\n",
		"a1/sub2/Makefile":      "all:\n\t$(SCRIPT)\ned:\n\tcat ~/.ssh/id_rsa\n",
		"a1/sub2/run.sh":        cat,
		"a4/Makefile":           "ed:\n\t$(MAKE) -s -C sub2 $(MAKECMDGOALS)\n",
		"a4/sub2/Makefile":      "all:\n\ttrue\ned:\n\tcat ~/.ssh/id_rsa\n",
		"a2/Makefile":           "export SCRIPT := ./run.sh\ned:\n\t$(MAKE) -s -C sub2\n",
		"a2/sub2/Makefile":      "all:\n\t$(SCRIPT)\n",
		"a2/sub2/run.sh":        cat,
		"a3/Makefile":           "ed:\n\t$(MAKE) -s -C sub2 -I ../tools\n",
		"a3/sub2/Makefile":      "include r.mk\n",
		"a3/tools/r.mk":         "all:\n\tcat ~/.ssh/id_rsa\n",
		"v1/Makefile":           "T := ed\n$(T):\n\tcat ~/.ssh/id_rsa\n",
		"v2/Makefile":           "DEPS := leak\ned: $(DEPS)\n\t@true\nleak:\n\tcat ~/.ssh/id_rsa\n",
		"r1/Makefile":           "-include gen.mk\ngen.mk: tools/tmpl\n\tcp tools/tmpl gen.mk\n",
		"r1/tools/tmpl":         "ed:\n\tcat ~/.ssh/id_rsa\n",
		"n1/Makefile":           "ed:\n\tnpm run -s leak\nsub:\n\tnpm --prefix sub run -s ed\n",
		"n1/package.json":       `{"scripts":{"leak":"cat ~/.ssh/id_rsa"}}`,
		"n1/sub/package.json":   `{"scripts":{"ed":"cat ~/.ssh/id_rsa"}}`,
		"d1/Makefile":           "ed:\n\t$(MAKE) -s -C a\n",
		"d1/a/Makefile":         "all:\n\t$(MAKE) -s -C b\n",
		"d1/a/b/Makefile":       "all:\n\t$(MAKE) -s -C c\n",
		"d1/a/b/c/Makefile":     "all:\n\t$(MAKE) -s -C d\n",
		"d1/a/b/c/d/Makefile":   "all:\n\tsh -c \"cd sub && ./run.sh\"\n",
		"d1/a/b/c/d/sub/run.sh": cat,
		"p1/Makefile":           "export CDPATH := sub\ned:\n\tcd x >/dev/null && ./run.sh\nl:\n\tfor d in lib sub/x; do (cd $$d && ./run.sh); done\n",
		"b1/Makefile":           "ed:\n\tcase $$x in a) cd sub;; esac; ./run.sh\nfn:\n\tf() { cd sub; }; f; ./run.sh\nhs:\n\tcat <<< \"$$(cd sub; ./run.sh)\"\nok:\n\tsh -c \"\"\n\tif [ -d sub ]; then cd sub; fi; echo done\n",
		"f1/Makefile":           "ed:\n\tMAKEFILES=tools/x.mk $(MAKE) -s -f /dev/null\n",
		"f1/tools/x.mk":         "X := $(shell cat ~/.ssh/id_rsa)\n",
		"f2/Makefile":           "export MAKEFILES := tools/x.mk\ned:\n\t$(MAKE) -s -f /dev/null\n",
		"f2/tools/x.mk":         "X := $(shell cat ~/.ssh/id_rsa)\n",
		"b1/sub/run.sh":         cat,
		"p1/sub/x/run.sh":       cat,
		"p1/lib/run.sh":         "echo lib\n",
		"p1/tools/x.vim":        "qa!\n",
		"p1/Makefile2":          "ed:\n\tbash -ec 'export VIMINIT=\"so tools/x.vim\"; vim +qa'\npy:\n\tVIMINIT=\"so tools/x.vim\" python3 -c 'import os; os.system(\"vim +qa\")'\n",
		"ok/Makefile":           "SUBDIRS := lib app\nall: $(SUBDIRS)\n$(SUBDIRS):\n\t$(MAKE) -C $@\ninstall:\n\tcd lib; $(MAKE) install\ngen:\n\tcd app; ./gen.sh\ncm:\n\tmkdir -p build && cd build && cmake .. && $(MAKE)\nloop:\n\tfor d in $(SUBDIRS); do $(MAKE) -C $$d; done\n",
		"ok/lib/Makefile":       "all:\n\techo lib\ninstall:\n\techo install\n",
		"ok/app/Makefile":       "all:\n\techo app\n",
		"ok/app/gen.sh":         "echo gen\n",
		"ok/package.json":       `{"scripts":{"t":"cd app; ./gen.sh","d":"rm -rf dist && mkdir dist && cp -r app dist/ && cd dist && ls"}}`,
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd m1 && make -s ed MAKE=tools/p.sh", "cd m1 && MAKE=./tools/p.sh make -s ed", "cd m1 && export MAKE=./tools/p.sh; make -s ed",
			"cd e1 && make -s --ev='include tools/x.mk'", "cd e1 && make -sE 'include tools/x.mk'",
			"cd c1 && make a", "cd c1 && make b", "cd c1 && make c", "cd c1 && make d", "cd c1 && make e", "cd c1 && make f",
			"cd c1 && make g", "cd c1 && make h", "cd c2 && make ed", "cd c3 && npm run -s ed",
			"cd a1 && make ed", "cd a4 && make ed", "cd a1 && make x", "cd a2 && make ed", "cd a3 && make ed",
			"cd v1 && make ed", "cd v2 && make ed", "cd r1 && make ed", "cd n1 && make ed", "cd n1 && make sub", "cd d1 && make ed",
			"cd p1 && make ed", "cd p1 && make l", "cd p1 && make -f Makefile2 ed", "cd p1 && make -f Makefile2 py",
			"cd b1 && make ed", "cd b1 && make fn", "cd b1 && make hs",
			"cd f1 && make ed", "cd f2 && make ed",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd ok && make", "cd ok && make all", "cd ok && make lib", "cd ok && make install", "cd ok && make gen", "cd ok && make loop", "cd ok && make cm", "cd b1 && make ok",
			"cd ok && npm run t", "cd ok && npm run d", "cd m1 && make -s ed", "cd e1 && make -s --eval='X=1' ed",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeWalkFindings53a: make's text functions in prerequisites
// ($(wildcard), $(patsubst), $(V:.o=.d)…) resolve as make does, so plain
// make on a C project does not scan install's recipe (FP1); a
// prerequisite guard still cannot tell scans every recipe.
func TestRecipeWalkFindings53a(t *testing.T) {
	const cmk = "BUILD := build\nSRCS := $(wildcard src/*.c)\nOBJS := $(patsubst src/%.c,$(BUILD)/%.o,$(SRCS))\n" +
		"DEPS := $(OBJS:.o=.d)\nPREFIX ?= /usr/local\nall: app\napp: $(OBJS) | $(BUILD)\n\techo link\n" +
		"$(BUILD)/%.o: src/%.c\n\techo cc\n$(BUILD):\n\tmkdir -p $@\n" +
		"test: app\n\t./tests/run.sh app\ninstall:\n\tinstall -d $(DESTDIR)$(PREFIX)/bin\n" +
		"fn: $(addprefix x/,$(notdir $(basename $(sort $(filter %.c,$(wildcard src/*))))))\n\techo $^\n" +
		"-include $(DEPS)\n"
	_, proj := scriptWorld(t, map[string]string{
		"fp1/Makefile":    "SRCS := $(wildcard src/*.c)\nOBJS := $(patsubst src/%.c,build/%.o,$(SRCS))\nall: app\napp: $(OBJS)\n\techo\ninstall:\n\tinstall -d /usr/local/bin\n",
		"fp1/src/a.c":     "int a;\n",
		"fp1/src/b.c":     "int b;\n",
		"c1/Makefile":     cmk,
		"c1/src/main.c":   "int main(){}\n",
		"c1/src/util.c":   "int u;\n",
		"c1/tests/run.sh": "echo ok\n",
		"u1/Makefile":     "F = $(shell echo $(1))\napp: $(call F,x)\n\techo\ninstall:\n\tinstall -d /usr/local/bin\n",
		"w1/Makefile":     "app: $(wildcard */*.c)\n\techo\ninstall:\n\tinstall -d /usr/local/bin\n",
		"w1/src/a.c":      "int a;\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd fp1 && make install", "cd c1 && make install", "cd u1 && make",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd fp1 && make", "cd w1 && make", "cd c1 && make", "cd c1 && make test", "cd c1 && make -j4", "cd c1 && make V=1 all", "cd c1 && make fn",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeWalkFP2: npm run X --workspaces (-ws, -w D) runs X in the
// workspaces, not the root, and a script that starts itself again is a
// cycle, not a level deeper (FINDINGS53a FP2); a workspace's own script
// is still read.
func TestRecipeWalkFP2(t *testing.T) {
	const root = `{"workspaces":["packages/*"],"scripts":{"build":"npm run build --workspaces","b2":"npm run build -w packages/a",` +
		`"b3":"npm run build --if-present -ws","test":"npm test -ws","self":"npm run self"}}`
	_, proj := scriptWorld(t, map[string]string{
		"ws/package.json":             root,
		"ws/packages/a/package.json":  `{"scripts":{"build":"echo a","test":"echo t"}}`,
		"ws/packages/b/package.json":  `{"scripts":{"build":"tsc -p ."}}`,
		"bad/package.json":            root,
		"bad/packages/a/package.json": `{"scripts":{"build":"cat ~/.ssh/id_rsa"}}`,
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"cd bad && npm run build", "cd bad && npm run b2", "cd bad && npm run b3", "cd bad && npm run build -ws"} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd ws && npm run build", "cd ws && npm run b2", "cd ws && npm run b3", "cd ws && npm test", "cd ws && npm run self",
			"cd ws && npm run build --workspaces", "cd ws && npm run build -w packages/a", "cd ws && npm run build --workspace=packages/a",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeWalkMaybeCd: a cd that may not run (the right side of && or
// ||, a background one, one whose redirection may fail) leaves either
// directory: what runs after it is checked in both (FINDINGS53a B13,
// B21). A cd || exit, and && chains, still pass.
func TestRecipeWalkMaybeCd(t *testing.T) {
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	lines := []string{
		"cd nonexist 2>/dev/null || cd sub; ./x.sh", "false && cd sub; ./x.sh", "true || cd sub; ./x.sh",
		"cd sub & wait; ./x.sh", "cd sub < /nonexist; ./x.sh", "cd sub & ./x.sh",
	}
	files := map[string]string{"m/x.sh": cat, "m/sub/x.sh": "echo ok\n", "ok/sub/x.sh": "echo ok\n", "ok/api/x.sh": "echo ok\n"}
	mk := ""
	scripts := ""
	for i, l := range lines {
		mk += "t" + string(rune('a'+i)) + ":\n\t" + l + "\n"
		if i > 0 {
			scripts += ","
		}
		scripts += `"t` + string(rune('a'+i)) + `":"` + l + `"`
	}
	files["m/Makefile"] = mk
	files["m/package.json"] = "{\"scripts\":{" + scripts + "}}"
	files["ok/Makefile"] = "a:\n\tcd sub || exit 1; ./x.sh\nb:\n\tmkdir -p sub && cd sub && echo x && ./x.sh\nc:\n\tcd sub >/dev/null 2>&1 && ./x.sh\n" +
		"d:\n\ttest -d sub || mkdir sub; cd sub; ./x.sh\n"
	_, proj := scriptWorld(t, files)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for i := range lines {
			tg := "t" + string(rune('a'+i))
			checkBlock(t, p, proj, "cd m && make "+tg, true, "")
			checkBlock(t, p, proj, "cd m && npm run "+tg, true, "")
		}
		for _, cmd := range []string{"cd ok && make a", "cd ok && make b", "cd ok && make c", "cd ok && make d"} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestRecipeWalkShLines: make and npm run lines with /bin/sh (dash): a
// line bash reads otherwise (&>, pushd, {a,b}) leaves the directory of a
// cd in it cannot-tell (FINDINGS53a B20).
func TestRecipeWalkShLines(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"m/x.sh":         "#!/bin/sh\ncat ~/.ssh/id_rsa\n",
		"m/sub/x.sh":     "echo ok\n",
		"m/Makefile":     "a:\n\tcd sub &>/dev/null; ./x.sh\nb:\n\tcd sub &>/dev/null && ./x.sh\nc:\n\tcd {sub,}; ./x.sh\nd:\n\tpushd sub; ./x.sh\nok:\n\tcd sub >/dev/null 2>&1; ./x.sh\n",
		"m/package.json": `{"scripts":{"a":"cd sub &>/dev/null; ./x.sh","c":"cd {sub,}; ./x.sh"}}`,
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"cd m && make a", "cd m && make b", "cd m && make c", "cd m && make d", "cd m && npm run a", "cd m && npm run c"} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		checkBlock(t, p, proj, "cd m && make ok", false, "")
	}
}
