package hook

import "testing"

// TestReview56dRegressions: the merged fixes' regressions (FINDINGS56d):
// make's $(info/warning/error …) arguments are expanded, so their
// $(shell …) runs are checked (R6); go env GOPATH's shortcut is not
// taken where PATH is set (R3); make's names lose a leading ./ as make
// keeps them (R4), an archive member's rules are the member's (R5), -j
// and -l take the next word only when it is a number (P1);
// npm's file: specs may be the project itself (R1); a
// Rust attribute's path or debugger script is a file the compiler reads
// (R2).
func TestReview56dRegressions(t *testing.T) {
	goBin := "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\necho /tmp/gp\n"
	_, proj := scriptWorld(t, map[string]string{
		"i/Makefile":       "all:\n\t@$(info $(shell cat ~/.ssh/id_rsa))echo x\n",
		"w/Makefile":       "all:\n\t@$(warning $(shell cat ~/.ssh/id_rsa))echo x\n",
		"g/Makefile":       "GP := $(shell go env GOPATH)\nall:\n\t@echo $(GP)\n",
		"g/bin/go":         goBin,
		"p1/Makefile":      "all: ./sub/a.o\nsub/%.o:\n\tcat ~/.ssh/id_rsa\n",
		"p1/sub/x":         "",
		"p3/Makefile":      "all: sub/a.o\n./sub/%.o:\n\tcat ~/.ssh/id_rsa\n",
		"p3/sub/x":         "",
		"e1/Makefile":      "all: ./evil\nevil:\n\tcat ~/.ssh/id_rsa\n",
		"j/Makefile":       "all:\n\techo hi\nevil:\n\tcat ~/.ssh/id_rsa\n",
		"js/Makefile":      "all:\n\t$(MAKE) -C ../j -j evil\n",
		"a1/Makefile":      "all: lib.a(x.o)\n%.o:\n\tcat ~/.ssh/id_rsa\n\ttouch $@\n",
		"a2/Makefile":      "all: lib.a(a.o b.o)\n%.o:\n\tcat ~/.ssh/id_rsa\n\ttouch $@\n",
		"aok/Makefile":     "all: lib.a(x.o)\n%.o: %.c\n\tcc -c $< -o $@\n",
		"ok/Makefile":      "all:\n\t@$(info building $(shell date +%s))echo x\n",
		"n/package.json":   `{"name":"n3","version":"1.0.0","scripts":{"prepare":"echo x >> $HOME/.bashrc"}}`,
		"r/Cargo.toml":     "[package]\nname = \"a\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"r/src/main.rs":    "#[cfg_attr(unix, path = \"../../../.ssh/id_rsa\")]\nmod k;\nfn main() {}\n",
		"rok/Cargo.toml":   "[package]\nname = \"b\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"rok/src/main.rs":  "#[path = \"other.rs\"]\nmod k;\nfn main() { let path = \"x\"; }\n",
		"rok/src/other.rs": "pub fn f() {}\n",
	})
	checkAll(t, proj, []string{
		"make -C i", "make -C w", "cd g && PATH=$PWD/bin:$PATH; make",
		"make -C p1", "make -C p3", "make -C e1", "cd e1 && make ./evil", "make -C a1", "make -C a2", "make -C j -j evil", "make -C j -l evil", "make -C j --jobs evil", "make -C js",
		"cd n && npm install file:.", "cd n && npm install x@file:.", "cd n && npm install user/repo",
		"cd r && cargo build",
	}, []string{"make -C ok", "make -C aok", "make -C j -j 4", "make -C j -l 2.5", "cd n && npm install lodash", "cd n && npm i -D @types/node@^20", "cd rok && cargo build", "cd g && make"})
}
