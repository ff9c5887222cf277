package hook

import "testing"

// TestMakeOwnVariables: a variable make gives a value of its own
// (MAKE_VERSION, MAKELEVEL, LD, .FEATURES, …) that the makefile does not
// set is a value guard cannot tell, never "", so $(if) is not decided on
// it; SHELL is make's /bin/sh, never the environment's (FINDINGS56b G1).
func TestMakeOwnVariables(t *testing.T) {
	mk := func(e string) string { return "t:\n\techo PWN >> " + e + "\n" }
	_, proj := scriptWorld(t, map[string]string{
		"v1/Makefile": mk("$(if $(MAKE_VERSION),$(HOME)/.bashrc,out.txt)"),
		"v2/Makefile": mk("$(if $(MAKELEVEL),$(HOME)/.bashrc,out.txt)"),
		"v3/Makefile": mk("$(if $(LD),$(HOME)/.bashrc,out.txt)"),
		"v4/Makefile": mk("$(if $(filter oneshell,$(.FEATURES)),$(HOME)/.bashrc,out.txt)"),
		"v5/Makefile": mk("$(if $(F77),$(HOME)/.bashrc,out.txt)"),
		"v6/Makefile": mk("$(if $(filter /bin/sh,$(SHELL)),$(HOME)/.bashrc,out.txt)"),
		"v7/Makefile": "t: $(if $(MAKE_VERSION),evil)\n\t@echo t\nevil:\n\techo PWN >> ~/.bashrc\n",
		"v8/Makefile": "t:\n\t@cat $(if $(MAKE_VERSION),$(HOME)/.ssh/id_rsa,README)\n",
		// make's SHELL is /bin/sh, whatever the environment's: decided
		"ok1/Makefile":     mk("$(if $(filter /bin/sh,$(SHELL)),out.txt,$(HOME)/.bashrc)"),
		"ok2/Makefile":     "ifeq ($(MAKELEVEL),0)\nX = top\nendif\nall:\n\t$(MAKE) -C sub\n\tgo build ./...\ntest:\n\tgo test ./...\n",
		"ok2/sub/Makefile": "all:\n\t@echo sub\n",
	})
	checkAll(t, proj, []string{"cd v1 && make t", "cd v2 && make t", "cd v3 && make t", "cd v4 && make t", "cd v5 && make t",
		"cd v6 && make t", "cd v7 && make t", "cd v8 && make t"},
		[]string{"cd ok1 && make t", "cd ok2 && make", "cd ok2 && make test"})
}
