package hook

import "testing"

// TestLsNamesRead: the names ls prints, handed to a reader (ls | xargs
// cat, cat $(ls), a loop over them), are a read of what the reader opens:
// the working directory's entries, judged as cat * is. A file holding a
// secret blocks it where guard cannot redact the result (agent B), and
// everywhere when the output is reshaped; a reader that prints counts
// (wc) passes.
func TestLsNamesRead(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{
		"conf.txt":  "token = \"" + tok + "\"\n",
		"README.md": "hello\n",
		"t.go":      "package t\n\nconst token = \"" + tok + "\"\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd  string
		a, b bool // blocks for agent A, agent B
	}{
		{"ls | xargs cat", true, true},
		{"ls | xargs -n1 cat", true, true},
		{"ls | xargs head", true, true},
		{"cat $(ls)", true, true},
		{"for f in $(ls); do cat $f; done", true, true},
		{`ls | while read f; do cat "$f"; done`, true, true},
		{"ls conf.txt | xargs cat", true, true},
		{"cat $(ls) | rev", true, true},
		{"ls | xargs cat > out.txt", true, true},
		{"ls | xargs base64", true, true},
		{"cat *", true, true}, // the control: judged alike
		{"ls | xargs wc -l", false, false},
		{"wc -l $(ls)", false, false},
		{"ls | xargs sha256sum", false, false},
		{"ls -la", false, false},
		{"ls *.go | xargs gofmt -d", true, true},
		{"ls | xargs gofmt", true, true},
		{"ls | xargs gofmt -l", false, false},
	} {
		wantBlock(t, p, "A "+tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.a)
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.b)
	}
}
