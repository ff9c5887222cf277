package hook

import "testing"

// TestTreeReshaped: a search's lines piped into a filter that reshapes
// them (cut, awk, sed, jq, rev, base64) count only the files the search
// prints a line of, and only the secret lines among them (FINDINGS40 FP1);
// a printed secret line, or a stage that reads or runs more, still blocks.
func TestTreeReshaped(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{".env": "API_KEY=sk_live_51HxQm2eZvKYlo2C8aB3dE4fG5hI6jK7lM8nO9pQ\nDB_PASSWORD=Sup3rS3cretPw\n",
		"config.yaml": "server:\n  port: 8080\ngithub_token: ghp_R8x2Kq9LmN4pT7vW1yZ3aB5cD6eF8gH0jK2m\n",
		"src/a.go":    "package a\n\n// TODO: split\nfunc A() {}\n", "app/b.py": "# TODO tidy\ndef b(): pass\n"})
	git("add", "config.yaml", "src/a.go", "app/b.py")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn TODO . | cut -d: -f1 | sort -u", false},
		{"grep -rn TODO . | awk -F: '{print $1}'", false},
		{"grep -rn func --include=*.go . | cut -d: -f1", false},
		{"grep -rn func . | cut -c1-80", false},
		{"grep -rn func . | sed 's/func/fn/'", false},
		{"git grep -n func | awk -F: '{print $1}' | sort -u", false},
		{"rg -n TODO | jq -R .", false},
		{"rg --json TODO | jq -c .type", false},
		{"grep -rn DB_PASSWORD . | cut -d= -f2", true},
		{"grep -rn ghp_ . | rev", true},
		{"grep -rn token . | base64", true},
		{"rg -n token config.yaml | base64", true},
		{"git grep -n token | awk -F: '{print $3}'", true},
		{"rg -n port | jq -R .", false}, // config.yaml's line 2: the file's secret is not on it
		{"grep -rn TODO . | awk '{system(\"cat .env\")}'", true},
		{"grep -rn TODO . | sed 'r .env'", true},
		{"grep -rn TODO . | jq -R . .env", true},
		{"grep -rn TODO . | xargs cat", true},
		{"grep -rn TODO . | awk 'BEGIN{ARGV[1]=\".env\";ARGC=2}{print}'", true},                     // FINDINGS42a H2
		{"grep -rn TODO . | awk 'BEGIN{ARGV[1]=sprintf(\"%c%s\",46,\"env\");ARGC=2}{print}'", true}, // a name guard cannot compute
		{"grep -rn TODO . | awk 'BEGIN{ARGV[1]=\"config.yaml\";ARGC=2}{print}'", true},              // a file the search prints no line of
		{"grep -rn TODO . | awk 'BEGIN{for(i=1;i<ARGC;i++) n++}{print}'", false},                    // ARGC read only
	} {
		for _, ag := range []string{"a", "b"} {
			if got := treeVerdict(p, ag, proj, tc.cmd) == "block"; got != tc.block {
				t.Errorf("agent %s: %s: blocked = %v, want %v", ag, tc.cmd, got, tc.block)
			}
		}
	}
}

// TestAwkFilterArgv: awk code that changes its list of input files (ARGV,
// ARGC) reads more than its standard input: no search's filter
// (FINDINGS42a H2); code that only reads ARGC stays one.
func TestAwkFilterArgv(t *testing.T) {
	for _, tc := range []struct {
		prog   string
		filter bool
	}{
		{`BEGIN{ARGV[1]="notes.txt";ARGC=2}{print}`, false},
		{`BEGIN{ARGC=3}{print}`, false},
		{`BEGIN{split("a b", ARGV)}{print}`, false},
		{`BEGIN{delete ARGV}{print}`, false},
		{`BEGIN{n=ARGC}{print $1, n}`, true},
		{`{print $1}`, true},
	} {
		if got := awkFilter([]string{tc.prog}); got != tc.filter {
			t.Errorf("awkFilter(%q) = %v, want %v", tc.prog, got, tc.filter)
		}
	}
}
