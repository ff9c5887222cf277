package hook

import "testing"

// TestTreePrintsModel: a program or pattern outside the model is
// "cannot tell" (nil).
func TestTreePrintsModel(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		modeled bool
	}{
		{"grep -rn TODO .", true},
		{"find . -name '*.go' -exec grep -n TODO {} +", true},
		{"find . -exec grep -n {} +", false},
		{"find . -type f | xargs grep -n TODO", false},
		{"grep -rn '\\<TODO' .", false},
		{"grep -rnP TODO .", false},
		{"grep -rnz TODO .", false},
		{"grep -rn -f pats .", false},
		{"grep -rnEF TODO .", false},
		{"grep -rn 'a{,3}' -E .", false},
		{"grep -rn '[a-z]' .", false},
		{"grep -rn 'x^y' .", false},
		{"GREP_OPTIONS=-v grep -rn TODO .", false},
		{"grep -rn TODO . | cat .env", false},
		{"grep -rn TODO . < .env", false},
		{"f() { cat .env; }; grep -rn TODO .", false},
		{"grep -rn . . >/dev/null", true},
		{"grep -r --include=*.go Deprecated .", true}, // the glob is the option, or no word, or no run
		{"grep -rn --exclude-dir=node_mod?les --exclude=*.min.js TODO .", true},
		{"grep -r --include=*.{go,env} x .", false},
		{"grep -r --include=[a-z]* x .", false},
		{"grep -r --include=$X x .", false},
		{"grep -r *.go x .", false},
		{"grep -r --regexp=*x .", false},
		{"git grep -n TODO", true},
		{"git -C sub --no-pager grep -in -e TODO -- '*.go'", true},
		{"git grep -n TODO HEAD", false},
		{"git grep -P TODO", false},
		{"git grep --cached TODO", false},
		{"git grep -O TODO", false},
		{"git grep -e a --and -e b", false},
		{"git -c grep.patternType=perl grep TODO", false},
		{"git diff", false},
	} {
		if got := treePrints(tc.cmd, false) != nil; got != tc.modeled {
			t.Errorf("%s: modelled = %v, want %v", tc.cmd, got, tc.modeled)
		}
	}
	for _, tc := range []struct {
		cmd    string
		prints bool
	}{
		{"grep -rn . . >/dev/null", false},
		{"grep -rn . . 2>/dev/null", true},
		{"grep -rn . . >/dev/stderr", true},
		{"grep -rn . . >/dev/null >&2", true},
		{"grep -rn . . &>/dev/null", false},
	} {
		if got := len(treePrints(tc.cmd, false).(*treeGreps).greps) > 0; got != tc.prints {
			t.Errorf("%s: prints = %v, want %v", tc.cmd, got, tc.prints)
		}
	}
}

// TestFilterGlobs: agent A's search of a tree holding .env, with an
// unquoted --include glob, passes as the quoted one does when its pattern
// meets no line of .env or its filter skips .env, whether or not a file
// matches the glob.
func TestFilterGlobs(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"a.go": "// Deprecated: x\n", ".env": "API_KEY=sk_test_51Habcdefghijklmnopqrstuv\n",
		"--include=b.go": "x\n"})
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"grep -r --include=*.go Deprecated .", false},
		{"grep -r --include='*.go' Deprecated .", false},
		{"grep -r --include=b.g? Deprecated .", false}, // the shell makes it --include=b.go, a file here
		{"grep -rn --exclude-dir=.git --exclude=*.md Deprecated .", false},
		{"grep -r --include=*.go API .", false}, // its own filter skips .env
		{"grep -r --exclude=*.go API .", true},
		{"grep -r --include=*.{go,env} Deprecated .", true},
	} {
		checkBlock(t, p, proj, c.cmd, c.block, "")
	}
}

// TestAgLines: ag's pattern is modelled as rg's is (its hidden skip is
// the analysis's); what it cannot tell stays nil.
func TestAgLines(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		modeled bool
	}{
		{"ag TODO", true},
		{"ag -l flag", true},
		{"ag TODO --go", true},
		{"ag -C3 -i -w TODO src", true},
		{"ag -g env", true},
		{"ag -C TODO src", false},
		{"ag --context TODO src", false},
		{"ag 'x[^y]z'", false},
		{"ag '\\sTODO'", false},
		{"ag --pager less TODO", false},
		{"ag", false},
	} {
		if got := treePrints(tc.cmd, false) != nil; got != tc.modeled {
			t.Errorf("%s: modelled = %v, want %v", tc.cmd, got, tc.modeled)
		}
	}
	_, proj := scriptWorld(t, map[string]string{"a.go": "// TODO x\n", ".env": "API_KEY=sk_test_51Habcdefghijklmnopqrstuv\n",
		"certs/dev.pem": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"})
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"ag TODO", false},
		{"ag -l flag", false},
		{"ag -u TODO", false},
		{"ag api", false}, // .env is hidden: ag skips it
		{"ag CERT", true},
		{"ag -u API", true},
		{"ag --hidden api", true},
		{"ag -C API .", true},
	} {
		checkBlock(t, p, proj, c.cmd, c.block, "")
		wantBlock(t, p, "agent B: "+c.cmd, shellPayloadB(proj, c.cmd), c.block)
	}
}
