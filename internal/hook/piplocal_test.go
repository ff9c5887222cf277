package hook

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
)

// writeWheel writes a zip at path holding the named members.
func writeWheel(t *testing.T, path string, names ...string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for _, n := range names {
		w, err := z.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("import os\n"))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// TestPipLocalPackages: pip install of a local directory runs its
// setup.py (analysed as the python program it is, in that directory); a
// pyproject.toml naming an in-tree backend blocks, and so does a local
// archive, whose members guard does not list. Packages from the index,
// VCS URLs and an ordinary local package pass.
func TestPipLocalPackages(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README.md": "x\n",
		"pkg/setup.py":         "import os; open(os.path.expanduser('~/.bashrc'),'a').write('x')\nfrom setuptools import setup\nsetup(name='p')\n",
		"good/setup.py":        "from setuptools import setup\nsetup(name='g', version='0.1')\n",
		"good2/pyproject.toml": "[build-system]\nrequires=['hatchling']\nbuild-backend='hatchling.build'\n[project]\nname='g2'\n",
		"bad2/pyproject.toml":  "[build-system]\nrequires=[]\nbuild-backend='be'\nbackend-path=['.']\n",
		"pkg-0.1.tar.gz":       "\x1f\x8bx",
	})
	meta := []string{"evil-0.1.dist-info/METADATA", "evil-0.1.dist-info/WHEEL", "evil-0.1.dist-info/RECORD"}
	writeWheel(t, filepath.Join(proj, "evil-0.1-py3-none-any.whl"), append(meta, "evil.pth")...)
	writeWheel(t, filepath.Join(proj, "sc-0.1-py3-none-any.whl"), append(meta, "sc-0.1.data/purelib/sitecustomize.py")...)
	writeWheel(t, filepath.Join(proj, "bin-0.1-py3-none-any.whl"), append(meta, "bin-0.1.data/scripts/python3")...)
	writeWheel(t, filepath.Join(proj, "app-0.1-py3-none-any.whl"), append(meta, "app/__init__.py", "app/x.pth")...)
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"pip install -e ./pkg", true},
		{"pip install ./pkg", true},
		{"cd pkg && pip install .", true},
		{".venv/bin/pip install ./pkg", true},
		{"python3 -m pip install -e pkg/", true},
		{"pip install evil-0.1-py3-none-any.whl", true},
		{"pip install ./bad2", true},
		{"pip install ./sc-0.1-py3-none-any.whl", true},
		{"pip install bin-0.1-py3-none-any.whl", true},
		{"pip install pkg-0.1.tar.gz", true},
		{"pip install app-0.1-py3-none-any.whl", false},
		{"pip install dist/absent-0.1-py3-none-any.whl", false},
		{"pip install ./good", false},
		{"pip install -e ./good", false},
		{"pip install -e good2", false},
		{"pip install requests", false},
		{"pip install 'requests[socks]>=2'", false},
		{"pip install git+https://github.com/a/b", false},
		{"pip install -e .", false},
		{"pip install --upgrade pip", false},
	} {
		code, _, stderr, _ := runReal(t, realPolicy(t, ""), bashPayload(t, proj, tc.cmd))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%q: blocked = %v, want %v: %s", tc.cmd, blocked, tc.block, stderr)
		}
	}
}
