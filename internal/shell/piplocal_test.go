package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestWheelStartup: the wheel members that land a start-up file in
// site-packages or a script in bin.
func TestWheelStartup(t *testing.T) {
	for name, want := range map[string]bool{
		"evil.pth":                           true,
		"./Evil.PTH":                         true,
		"sitecustomize.py":                   true,
		"x-1.data/purelib/usercustomize.py":  true,
		"x-1.data/platlib/a.pth":             true,
		"x-1.data/scripts/python3":           true,
		"pkg/a.pth":                          false,
		"pkg/sitecustomize.py":               false,
		"x-1.dist-info/RECORD":               false,
		"x-1.data/data/share/jupyter/x.json": false,
		"x-1.data/data/lib/python3.11/site-packages/evw.pth": true,
		"x-1.data/data/bin/activate":                         true,
		"x-1.data/purelib/pkg/__init__.py":                   false,
	} {
		if got := wheelStartup(name); got != want {
			t.Errorf("wheelStartup(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestPipFrontEnds: every front end that builds a local python project
// reaches the one check; index packages and clean projects
// pass.
func TestPipFrontEnds(t *testing.T) {
	evil := map[string]string{
		"pkg/setup.py":        "open('/home/u/.bashrc', 'a').write('# setup')",
		"req.txt":             "./pkg\n",
		"nested.txt":          "requests==2.0\n-r sub/more.txt\n",
		"sub/more.txt":        "-e ../pkg\n",
		"lines.txt":           "evilpkg @ file:///w/pkg ; python_version > '3'\n",
		"/w/pkg/setup.py":     "open('/home/u/.bashrc', 'a')",
		"~/proj/pkg/setup.py": "open('/home/u/.bashrc', 'a')",
		"pkg2/pyproject.toml": "[build-system]\nrequires = [\"setuptools\"]\nbuild-backend = \"setuptools.build_meta\"\n" +
			"[tool.setuptools.dynamic]\nversion = {attr = \"evm.VERSION\"}\n",
		"pkg2/evm/__init__.py":        "open('/home/u/.bashrc', 'a')\nVERSION = '0.' + str(1)\n",
		"pkg3/setup.cfg":              "[metadata]\nversion = attr: src_m.__version__\n",
		"pkg3/src/src_m.py":           "open('/home/u/.bashrc', 'a')",
		"pkg4/pyproject.toml":         "[build-system]\nbuild-backend = \"mybackend\"\n",
		"pkg5/pyproject.toml":         "[build-system]\nbuild-backend = \"hatchling.build\"\n",
		"pkg5/hatch_build.py":         "open('/home/u/.bashrc', 'a')",
		"links/evil-0.1.tar.gz":       "x",
		"clean/pyproject.toml":        "[build-system]\nrequires = [\"hatchling\"]\nbuild-backend = \"hatchling.build\"\n[project]\nname = \"clean\"\nversion = \"0.1\"\n",
		"clean/src/clean/__init__.py": "x = 1",
		"lit/pyproject.toml":          "[tool.setuptools.dynamic]\nversion = {attr = \"lit.__version__\"}\n",
		"lit/src/lit/__init__.py":     "__version__ = \"1.2\"\nimport os\nopen('/home/u/.bashrc', 'a')\n",
		"lit2/pyproject.toml":         "[tool.setuptools.dynamic]\nversion = {attr = \"lit2.__version__\"}\n",
		"lit2/lit2/__init__.py":       "__version__ = \"1.2\"\nopen('/home/u/.bashrc', 'a')\n__version__ = str(1)\n",
		"requirements.txt":            "requests>=2\nflask==3.0 --hash=sha256:abc\n# a comment\n-i https://pypi.org/simple\n",
		"pyproject.toml":              "[project]\nname = \"app\"\nversion = \"1\"\n[build-system]\nbuild-backend = \"poetry.core.masonry.api\"\n",
	}
	tests := []struct {
		cmd    string
		write  bool // writes ~/.bashrc
		hidden bool
	}{
		{cmd: "pip install --no-build-isolation --no-index -r req.txt", write: true},
		{cmd: "pip install -rreq.txt", write: true},
		{cmd: "pip install -r nested.txt", write: true},
		{cmd: "pip install -c req.txt -r req.txt", write: true},
		{cmd: "pip install -r lines.txt", write: true},
		{cmd: "pip install -e pkg", write: true},
		{cmd: "pip install --editable=pkg", write: true},
		{cmd: "pip install 'evilpkg @ file:///w/pkg'", write: true},
		{cmd: "pip install file:pkg", write: true},
		{cmd: "pip install --no-index --find-links links evil", hidden: true},
		{cmd: "pip install --find-links=file://localhost/w/nolist evil", hidden: true},
		// the shell expands the URL's word before pip parses it
		{cmd: "pip install file://$PWD/pkg", write: true},
		{cmd: `pip install "file://$(pwd)/pkg"`, write: true},
		{cmd: `pip install "evilpkg @ file://$PWD/pkg"`, write: true},
		{cmd: "pip install -e file://$PWD/pkg", write: true},
		{cmd: "pip install --no-build-isolation file://$PWD/pkg", write: true},
		{cmd: "pip install ~/proj/pkg", write: true},
		{cmd: "pip install file://~/proj/pkg", write: true}, // as the hook holds file://$HOME/proj/pkg
		{cmd: "pip install file://localhost$PWD/pkg", write: true},
		{cmd: "pip install --no-index -f file://$PWD/links evil", hidden: true},
		{cmd: `PIP_FIND_LINKS="file://$PWD/links" pip install evil`, hidden: true},
		{cmd: "pip install file://x$(foo)/pkg", hidden: true},
		{cmd: "python3 -Im pip install ./pkg", write: true},
		{cmd: "python3 -Impip install ./pkg", write: true},
		{cmd: "python3 -X dev -m pip install ./pkg", write: true},
		{cmd: "uv pip install ./pkg", write: true},
		{cmd: "uv pip sync req.txt", write: true},
		{cmd: "pip wheel ./pkg", write: true},
		{cmd: "pip download ./pkg", write: true},
		{cmd: "pip --disable-pip-version-check install ./pkg", write: true},
		{cmd: "python3 -m build pkg", write: true},
		{cmd: "pyproject-build pkg", write: true},
		{cmd: "cd pkg && uv sync", write: true},
		{cmd: "uv --directory pkg run pytest", write: true},
		// uv's global options after the subcommand and in the environment (FINDINGS43a I8)
		{cmd: "uv sync --project pkg", write: true},
		{cmd: "uv sync --project=pkg", write: true},
		{cmd: "uv lock --directory pkg", write: true},
		{cmd: "UV_PROJECT=pkg uv sync", write: true},
		{cmd: "env UV_PROJECT=pkg uv sync", write: true},
		{cmd: "UV_WORKING_DIRECTORY=pkg uv sync", write: true},
		{cmd: "UV_WORKING_DIR=pkg uv sync", write: true},
		{cmd: "uv run --project pkg pytest", write: true},
		{cmd: "UV_PROJECT=pkg uv run pytest", write: true},
		{cmd: "uv run --directory pkg pytest", write: true},
		{cmd: "uv run --config-file u.toml pytest", hidden: true},
		{cmd: "UV_PROJECT=$X uv sync", hidden: true},
		{cmd: "poetry -C pkg install", write: true},
		{cmd: "pip install ./pkg2", write: true},
		{cmd: "pip install ./pkg3", write: true},
		{cmd: "pip install ./pkg4", hidden: true},
		{cmd: "pip install ./lit2", write: true}, // the last assignment is no literal: imported
		{cmd: "pip install ./pkg5", write: true},
		// controls
		{cmd: "pip install -r requirements.txt"},
		{cmd: "pip install file://$PWD/clean"},
		{cmd: "pip install requests 'flask>=3' 'x @ https://example.com/x.whl'"},
		{cmd: "pip install -e ./clean"},
		{cmd: "pip install -e clean"},
		{cmd: "pip install ./lit"}, // a literal version: setuptools reads it without importing
		{cmd: "python3 -m build"},
		{cmd: "uv sync"},
		{cmd: "uv run pytest"},
		{cmd: "uv run pytest --project pkg"},
		{cmd: "uv run --project . pytest"},
		{cmd: "uv sync --project clean"},
		{cmd: "poetry install"},
		{cmd: "pdm install"},
		{cmd: "hatch build"},
		{cmd: "pip install -e git+https://github.com/a/b#egg=b"},
		{cmd: "python3 -m pytest -x"},
		{cmd: "python3 -c 'import pip'"},
	}
	for _, tc := range tests {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &treeFiles{fakeFiles{files: evil}}})
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: writes %q, want ~/.bashrc %v (err %v)", tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: hidden = %v (%v), want %v", tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}

// TestPythonDashM: the module of python -m in any option spelling.
func TestPythonDashM(t *testing.T) {
	for cmd, want := range map[string]string{
		"-m pip install x": "pip", "-Im pip": "pip", "-Impip": "pip", "-mpip": "pip", "-W error -m build": "build",
		"-X dev -m pip": "pip", "-Wd -m pip": "pip", "-c 'm'": "", "x.py -m pip": "", "-": "", "--check-hash-based-pycs never -m pip": "pip",
	} {
		var args []word.Word
		for _, f := range strings.Fields(cmd) {
			args = append(args, word.Word{Text: f})
		}
		if got, _ := pythonDashM(args); got != want {
			t.Errorf("pythonDashM(%s) = %q, want %q", cmd, got, want)
		}
	}
}

// FuzzPipParsers: the readers of requirements files, build
// configurations and python's options end on any text, within bounds.
func FuzzPipParsers(f *testing.F) {
	for _, s := range []string{"./pkg\n-r x.txt \\\n  # c\n", "version = {attr = \"m.V\"}", "attr: a.b.c", "file://h/x", "-Impip x", "build-backend = 'x'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, l := range reqLines(s) {
			if l == "" || strings.Contains(l, "\n") {
				t.Fatalf("reqLines(%q) gave %q", s, l)
			}
			pipOption(firstField(l), secondField(l))
		}
		if mods, ok := attrModules(s); ok && len(mods) > 16 {
			t.Fatalf("attrModules(%q): %d modules, over the bound", s, len(mods))
		}
		tomlValue(s, "build-backend")
		fileURLPath(s)
		var args []word.Word
		for _, w := range strings.Fields(s) {
			args = append(args, word.Word{Text: w})
		}
		pythonDashM(args)
	})
}
