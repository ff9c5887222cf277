package shell

import (
	"strings"
	"testing"
)

// TestPipSources: pip's distribution locations from variables,
// configuration files, local VCS URLs and local indexes, and the front
// ends that take requirements in options.
func TestPipSources(t *testing.T) {
	files := map[string]string{
		"pkg/setup.py":            "open('/home/u/.bashrc', 'a').write('# setup')",
		"dist/evilpkg-0.1.tar.gz": "x",
		"pipc.conf":               "[global]\nfind-links = dist\n",
		"multi.conf":              "[install]\nfind_links =\n    https://example.com/w\n    dist\n",
		"idx.conf":                "[global]\nindex-url = file:///w/idx\n",
		"clean.conf":              "[global]\nindex-url = https://pypi.example.com/simple\ntimeout = 60\n",
		"venv/pip.conf":           "[global]\nfind-links = dist\n",
		"venv/bin/pip":            "#!/bin/sh\n",
		"v2/bin/pip":              "#!/bin/sh\n",
		"requirements.txt":        "requests>=2\n",
		"req-idx.txt":             "--index-url file:///w/idx\nevilpkg\n",
	}
	checkPy(t, files, []pyCase{
		{cmd: "pip install --no-index git+file:///w/pkg", hidden: true},
		{cmd: "pip install 'evilpkg @ git+file:///w/pkg'", hidden: true},
		{cmd: "pip install -e git+file:///w/pkg#egg=evilpkg", hidden: true},
		{cmd: "uv pip install hg+file:///w/pkg", hidden: true},
		{cmd: "pip download --no-binary :all: git+file:///w/pkg", hidden: true},
		{cmd: "PIP_FIND_LINKS=dist pip install --no-index evilpkg", hidden: true},
		{cmd: "PIP_CONFIG_FILE=pipc.conf pip install evilpkg", hidden: true},
		{cmd: "PIP_CONFIG_FILE=multi.conf pip install evilpkg", hidden: true},
		{cmd: "PIP_CONFIG_FILE=idx.conf pip install evilpkg", hidden: true},
		{cmd: "PIP_CONFIG_FILE=absent.conf pip install evilpkg", hidden: true},
		{cmd: "venv/bin/pip install --no-index evilpkg", hidden: true},
		{cmd: "VIRTUAL_ENV=venv pip install evilpkg", hidden: true},
		{cmd: "pip install --index-url file:///w/idx evilpkg", hidden: true},
		{cmd: "pip install --extra-index-url=/w/idx evilpkg", hidden: true},
		{cmd: "PIP_INDEX_URL=file:///w/idx pip install evilpkg", hidden: true},
		{cmd: "pip install -r req-idx.txt", hidden: true},
		{cmd: "uvx --from ./pkg evil", write: true},
		{cmd: "uvx ./pkg", write: true},
		{cmd: "uv tool run --from ./pkg evil", write: true},
		{cmd: "pipx run --spec ./pkg evil", write: true},
		{cmd: "uv run --with ./pkg python -c 1", write: true},
		{cmd: "uv run --with rich,./pkg python -c 1", write: true},
		{cmd: "uv run --with-editable ./pkg python -c 1", write: true},
		// controls
		{cmd: "pip install -r requirements.txt"},
		{cmd: "pip install requests"},
		{cmd: "pip install -i https://pypi.org/simple requests"},
		{cmd: "PIP_INDEX_URL=https://pypi.example.com/simple pip install requests"},
		{cmd: "PIP_CONFIG_FILE=clean.conf pip install requests"},
		{cmd: "PIP_CONFIG_FILE=/dev/null pip install requests"},
		{cmd: "v2/bin/pip install requests"},
		{cmd: "pip install -e git+https://github.com/a/b#egg=b"},
		{cmd: "uvx ruff check ."},
		{cmd: "uv run --with rich python -c 1"},
		{cmd: "pipx run black ."},
		{cmd: "pip list"},
	})
}

// TestPipConfigValues: the find-links and index values of a pip
// configuration file.
func TestPipConfigValues(t *testing.T) {
	got := pipConfigValues("[global]\nfind-links = a b\nindex_url: https://x\n# find-links = c\n[install]\nextra-index-url =\n  d\n\te\ntimeout = 1\n  f\n")
	if strings.Join(got["-f"], " ") != "a b" || strings.Join(got["-i"], " ") != "https://x d e" {
		t.Errorf("pipConfigValues = %q", got)
	}
}

// FuzzPipConfigValues: the reader never panics and every value is a
// field of the text.
func FuzzPipConfigValues(f *testing.F) {
	f.Add("[global]\nfind-links = a\n  b\n")
	f.Add("index-url:\n\tx")
	f.Fuzz(func(t *testing.T, s string) {
		for _, vals := range pipConfigValues(s) {
			for _, v := range vals {
				if v == "" || !strings.Contains(s, v) {
					t.Fatalf("value %q", v)
				}
			}
		}
	})
}
