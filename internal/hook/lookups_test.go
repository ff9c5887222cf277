package hook

import "testing"

// TestScriptLookups: what runs is looked up where the shell and the
// programs look it up, and read as they read it (FINDINGS56a N3, N5,
// N9, N10, N14): source NAME, . NAME and bash NAME search $PATH; option
// clusters are split as getopt splits them and long options abbreviated
// as getopt_long reads them; awk's system() of what getline read is code
// guard cannot see; a #! script runs as the command line the kernel
// builds from its #! line. The everyday forms pass.
func TestScriptLookups(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"s/sh.txt":     "cat $HOME/.ss\"\"h/id_rsa\n",
		"s/w3.txt":     "true\necho pwned >> $HOME/.bash\"\"rc\n",
		"s/list":       "s/sh.txt\n",
		"sp/env2.sh":   "cat ~/.ssh/id_rsa\n",
		"sp/only.sh":   "cat ~/.ssh/id_rsa\n",
		"env2.sh":      "echo hi\n",
		"main.go":      "package main\n",
		"scripts/x.sh": "echo hi\n",
		"sedsb":        "#!/bin/sed -nf\n1e cat $HOME/.ss\"\"h/id_rsa\n",
		"envc":         "#!/usr/bin/env -S sh -c \"cat ${HOME}/.ss\\\"\\\"h/id_rsa\"\necho harmless\n",
		"envb":         "#!/usr/bin/env -S BASH_ENV=./evilenv bash\necho harmless\n",
		"evilenv":      "cat $HOME/.ss\"\"h/id_rsa\n",
		"iscript":      "#!/bin/sh\ncat $HOME/.ss\"\"h/id_rsa\n",
		"outer2":       "#!./iscript\n",
		"ok1.sh":       "#!/usr/bin/env bash\nset -e\necho hi\n",
		"ok2.sh":       "#!/bin/bash -eu\necho hi\n",
		"ok5.awk":      "#!/usr/bin/awk -f\n{print $1}\n",
		"ok7.js":       "#!/usr/bin/env -S node --no-warnings\nconsole.log(1)\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd    string
		block  bool
		reason string
	}{
		{"PATH=sp:$PATH; source env2.sh", true, "'sp/env2.sh'"},
		{"PATH=$PWD/sp:$PATH; . env2.sh", true, "sp/env2.sh'"},
		{"PATH=sp:$PATH bash only.sh", true, "'sp/only.sh'"},
		{"PATH=sp:$PATH bash -c 'source only.sh'", true, "'sp/only.sh'"},
		{"export PATH=$PWD/sp:$PATH; source only.sh", true, "sp/only.sh'"},
		{"source env2.sh && bash env2.sh && . ./env2.sh", false, ""},
		{"PATH=scripts:$PATH; source x.sh", false, ""},
		{"read -rd '' c < s/w3.txt; eval \"$c\"", true, "~/.bashrc"},
		{"read -rd '' c < s/sh.txt; echo \"$c\" > y.sh; bash y.sh", true, "'s/sh.txt'"},
		{"xargs -tI{} -a s/list bash {}", true, "'s/sh.txt'"},
		{"xargs -ti -a s/list bash {}", true, "'s/sh.txt'"},
		{"xargs -rt -a s/list wc -l", false, ""},
		{"awk 'BEGIN{getline c < \"s/sh.txt\"; system(c)}'", true, "getline"},
		{"awk 'BEGIN{while((\"cat s/sh.txt\" | getline l)>0) system(l)}'", true, "getline"},
		{"awk '{getline c; system(c)}' s/sh.txt", true, "getline"},
		{"awk 'BEGIN{while((getline l < \"main.go\")>0) n++; print n}'", false, ""},
		{"echo | ./sedsb", true, "'./sedsb'"},
		{"./envc", true, "id_rsa"},
		{"./envb", true, "'./evilenv'"},
		{"./outer2", true, "'./iscript'"},
		{"./ok1.sh && ./ok2.sh && ./ok5.awk main.go && ./ok7.js", false, ""},
		{"tar --to-comm='sh s/sh.txt' -xf /tmp/x.tar", true, "'s/sh.txt'"},
		{"tar --use-compress-prog='sh s/sh.txt' -cf /tmp/x.tar main.go", true, "'s/sh.txt'"},
		{"tar --checkpoint=1 --checkpoint-act=exec='sh s/sh.txt' -cf /dev/null main.go", true, "'s/sh.txt'"},
		{"ssh -vo ProxyCommand='sh s/sh.txt' x", true, "'s/sh.txt'"},
		{"split --filter='sh s/sh.txt' main.go", true, "'s/sh.txt'"},
		{"split --fil='sh s/sh.txt' main.go", true, "'s/sh.txt'"},
		{"sort --compress-prog='sh s/sh.txt' main.go", true, "'s/sh.txt'"},
		{"rsync -avze 'sh s/sh.txt' a x:b", true, "'s/sh.txt'"},
		{"tar --checkpoint=10 -czf /tmp/o.tgz main.go && ssh -vp 22 host true && split -l 10 main.go p-", false, ""},
		{"awk 'BEGIN{cmd=\"date\"; cmd | getline d; close(cmd); print d}'", false, ""},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, tc.reason)
	}
}
