package shell

import "testing"

// TestCGIScripts: python -m http.server --cgi runs the files under
// cgi-bin/ and htbin/ of what it serves.
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

// TestCodeCGI: python code that starts the CGI handler serves the same
// scripts as -m http.server --cgi.
func TestCodeCGI(t *testing.T) {
	files := map[string]string{
		"cgi-bin/x.sh":     "#!/bin/sh\necho x >> /home/u/.bashrc\n",
		"ok/cgi-bin/ok.sh": "#!/bin/sh\necho ok\n",
		"ok/index.html":    "<p>",
	}
	checkPy(t, files, []pyCase{
		{cmd: `python3 -c "import http.server as h; h.test(HandlerClass=h.CGIHTTPRequestHandler, port=8766)"`, write: true},
		{cmd: `python3 -c "from http.server import *; test(CGIHTTPRequestHandler)"`, write: true},
		{cmd: `python3 -c "import functools as f, http.server as h; h.test(HandlerClass=f.partial(h.CGIHTTPRequestHandler, directory='ok'))"`, write: true},
		{cmd: `python3 -c "import functools as f, http.server as h; h.test(HandlerClass=f.partial(h.CGIHTTPRequestHandler, directory=d))"`, hidden: true},
		{cmd: `python3 -c "import os, http.server as h; os.chdir('ok'); h.test(HandlerClass=h.CGIHTTPRequestHandler)"`, hidden: true},
		// controls
		{cmd: `python3 -c "import http.server as h; h.test(HandlerClass=h.SimpleHTTPRequestHandler)"`},
	})
}
