package hook

import "testing"

// TestPrintedLines: where guard cannot redact what a command prints
// (agent B; agent A's failure route, a sed slice), a command that prints
// chosen whole lines of a file (head, tail, sed -n ADDRp, a grep the
// model reads) blocks only when a secret stands on one of them; grep -c
// prints counts only. Anything outside the model reads the file whole.
func TestPrintedLines(t *testing.T) {
	settings := "# settings\nDEBUG = True\nALLOWED_HOSTS = []\nTIME_ZONE = \"UTC\"\n" +
		`GITHUB_TOKEN = "ghp_` + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A" + `"` + "\nLOG_LEVEL = \"INFO\"\n"
	key := "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
		"b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" +
		"QyNTUxOQAAACDx1uJ3NTcB9l3aBsCZ0mDdY0SCB4m4JZCZvWbRz4Mv0QAAAJgqtfI7KrXy\n" +
		"-----END OPENSSH PRIVATE KEY-----\n"
	_, proj := scriptWorld(t, map[string]string{"app/settings.py": settings, "app/core.py": "def f(): pass\n",
		"notes/key.txt": "a note\n" + key,
		"intl/intl.py":  "DEBUG = True\n" + `TOKEN = "ghp_` + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A" + `" # clé` + "\nX = 1\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"sed -n '1,4p' app/settings.py", false},
		{"sed -nE '/DEBUG/p' app/settings.py", false}, // a cluster of options in the model
		{"sed -En '1,4p' app/settings.py", false},
		{"sed -ne '2p' -e 3p app/settings.py", false},
		{"sed -ne3p app/settings.py", false},
		{"sed -nEe '5p' app/settings.py", true},
		{"sed -nE '/TOKEN/p' app/settings.py", true},
		{"sed -nz '2p' app/settings.py", true}, // -z: NUL-separated records, outside the model
		{"sed -n '6,$p' app/settings.py", false},
		{"sed -n -e 2p -e 3p app/settings.py", false},
		{"sed 4q app/settings.py", false},
		{"sed -n '5p' app/settings.py", true},
		{"sed -n '1,5p' app/settings.py", true},
		{"sed -n '4,2p' app/settings.py", false},     // a range ending before it starts: line 4 alone
		{"sed -n '1,+4p' app/settings.py", true},     // outside the model: the file whole
		{"sed -n '/DEBUG/p' app/settings.py", false}, // grep DEBUG
		{"sed -n -E '/^(DEBUG|LOG)/p' app/settings.py", false},
		{"sed -n '/TOKEN/p' app/settings.py", true},
		{"sed -n '/a\\/b/p' app/settings.py", true}, // a / in the pattern: outside the model
		{"sed -n '/DEBUG/,/LOG/p' app/settings.py", true},
		{"cat -n app/settings.py | sed -n '1,4p'", false},
		{"cat -n app/settings.py | sed -n '1,5p'", true},
		{"cat app/settings.py | tail -n 1", false},
		{"cat -n app/settings.py | sed -n '/DEBUG/p'", true}, // the numbers cat -n adds are matched too
		{"cat -n app/settings.py | grep DEBUG", true},
		{"git blame -L 1,4 app/settings.py", false},
		{"git blame -L 6,+1 -- app/settings.py", false},
		{"git blame -L 4,5 app/settings.py", true},
		{"git blame -L 1,4 HEAD app/settings.py", true}, // a revision's file
		{"git blame -L '/DEBUG/,+1' app/settings.py", true},
		{"head -3 app/settings.py", false},
		{"head -n 4 app/settings.py", false},
		{"head app/settings.py", true}, // ten lines
		{"head -c 20 app/settings.py", true},
		{"tail -n 1 app/settings.py", false},
		{"tail -2 app/settings.py", true},
		{"tail -n +6 app/settings.py", false},
		{"tail -f app/settings.py", true},
		{"grep -n DEBUG app/settings.py", false},
		{"grep -n -e DEBUG -e LOG app/settings.py", false},
		{"grep -n TOKEN app/settings.py", true},
		{"grep -in token app/settings.py", true},
		{"grep -v DEBUG app/settings.py", true},
		{"grep -n DEBUG intl/intl.py", false}, // a line past ASCII: a plain ASCII string is found there by its bytes
		{"grep -n zzz intl/intl.py", false},
		{"grep -n 'cl.' intl/intl.py", true}, // a pattern: matched as grep's locale does, not guard
		{"grep -in debug intl/intl.py", true},
		{"grep -v TOKEN app/settings.py", false},                                          // -v: the lines no pattern matches
		{"grep -v -e '#' -e DEBUG -e ALLOWED -e TIME -e TOKEN app/settings.py", false},    // LOG_LEVEL's line alone
		{"grep -v -B1 -e '#' -e DEBUG -e ALLOWED -e TIME -e TOKEN app/settings.py", true}, // and the token's before it
		{"grep -vc TOKEN app/settings.py", false},
		{"grep -C3 DEBUG app/settings.py", true},
		{"grep -1 TIME_ZONE app/settings.py", true}, // -NUM: NUM lines of context
		{"grep -n1 TIME_ZONE app/settings.py", true},
		{"grep -A1 ALLOWED app/settings.py", false},
		{"grep -n -B 2 TIME_ZONE app/settings.py", false},
		{"grep -n -B 1 LOG app/settings.py", true},
		{"grep -2 TIME_ZONE app/settings.py", true}, // -NUM: context
		{"grep --after-context=1 TIME_ZONE app/settings.py", true},
		{"grep -c def app/*.py", false},
		{"grep -c def app/core.py app/settings.py", false},
		{"head -n 3 app/*.py", false},
		{"head -n 20 app/*.py", true},
		{"head -3 app/settings.py > out.txt", true}, // a copy the result scan does not see
		{"head -3 app/settings.py; cat app/core.py", true},
		{"cat app/settings.py", true},
		{"head -1 notes/key.txt", false},
		{"head -2 notes/key.txt", true}, // the key's head
		{"tail -n 1 notes/key.txt", true},
		{"grep -n BEGIN notes/key.txt", true},
	} {
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
	}
	// Agent A: grep's status (1 when nothing matches) takes the failure
	// route; a sed slice is not the file as the result scan sees it.
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -c def app/*.py", false},
		{"grep -n DEBUG app/settings.py", false},
		{"sed -n '1,4p' app/settings.py", false},
		{"sed -nE '/DEBUG/p' app/settings.py", false}, // a cluster of options in the model
		{"sed -En '1,4p' app/settings.py", false},
		{"sed -ne '2p' -e 3p app/settings.py", false},
		{"sed -ne3p app/settings.py", false},
		{"sed -nEe '5p' app/settings.py", true},
		{"sed -nE '/TOKEN/p' app/settings.py", true},
		{"sed -nz '2p' app/settings.py", true}, // -z: NUL-separated records, outside the model
		{"sed -n '5p' app/settings.py", true},
		{"grep -1 TIME_ZONE app/settings.py nofile", true},
	} {
		wantBlock(t, p, "A "+tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}
