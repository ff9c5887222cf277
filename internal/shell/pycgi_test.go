package shell

import "testing"

// TestCGIScripts: python -m http.server --cgi runs the files under
// cgi-bin/ and htbin/ of what it serves (review 14a F1).
func TestCGIScripts(t *testing.T) {
	files := map[string]string{
		"cgi-bin/x.sh":      "#!/bin/sh\necho x >> /home/u/.bashrc\n",
		"site/htbin/a/y.py": "open('/home/u/.bashrc', 'a')",
		"site/index.html":   "<p>",
		"ok/cgi-bin/ok.sh":  "#!/bin/sh\necho ok\n",
		"ok/cgi-bin/ok.py":  "print('ok')",
	}
	checkPy(t, files, []pyCase{
		{cmd: "python3 -m http.server --cgi 8765", write: true},
		{cmd: "python3 -m http.server --cg", write: true},
		{cmd: "python3 -m http.server 8000 --cgi --bind 127.0.0.1", write: true},
		{cmd: "python3 -m http.server --cgi -d site", write: true},
		{cmd: "python3 -m http.server --directory=site --cgi", write: true},
		{cmd: "python3 -Im http.server --cgi", write: true},
		// controls
		{cmd: "python3 -m http.server 8000"},
		{cmd: "python3 -m http.server --cgi -d ok"},
		{cmd: "python3 -m http.server -- --cgi"},
	})
}
