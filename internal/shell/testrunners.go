package shell

// Python test runners (review 18a F16): pytest, py.test, python -m pytest
// and python -m unittest import the test files they discover under their
// start directories (test_*.py, *_test.py, conftest.py), which the command
// does not name. Each is scanned as a program file python runs is
// (scanFile, its imports followed), within bounds: the first maxTestFiles
// found, in a tree the hook's reader can list (effect.Lister's bounds).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// maxTestFiles bounds the discovered test files scanned for one command.
const maxTestFiles = 64

// testTreeDepth is how far below a start directory discovery is followed.
const testTreeDepth = 8

// testRunner scans the test files a python test runner discovers.
func (c *cmd) testRunner() {
	runner, ops := c.pyTestRunner()
	l, ok := c.w.Files.(effect.Lister)
	if runner == "" || !ok {
		return
	}
	if len(ops) == 0 {
		ops = []string{"."}
	}
	seen := 0
	for _, d := range ops {
		dir := path.Clean(c.w.Where(d))
		names, ok := l.Tree(dir, testTreeDepth)
		if !ok {
			continue // a file operand (read as the runner's), or a tree past the bounds
		}
		for _, n := range names {
			if !testFile(n, runner) {
				continue
			}
			if seen++; seen > maxTestFiles {
				return
			}
			p := path.Join(d, n)
			if text, ok := c.w.FileText(p, true, effect.MaxProgramBytes, "a program"); ok {
				c.scanFile(text, false)
				if m := c.newLoader(lang.Python); m != nil {
					m.program(text, p)
				}
			}
		}
	}
}

// pyTestRunner returns which test runner the command is (pytest,
// unittest, "" for none) and its operands that are not options.
func (c *cmd) pyTestRunner() (string, []string) {
	runner, args := "", c.args
	switch {
	case c.name == "pytest" || c.name == "py.test":
		runner = "pytest"
	case strings.HasPrefix(c.name, "python"):
		for j := 0; j+1 < len(args); j++ {
			if args[j].Text == "-m" && (args[j+1].Text == "pytest" || args[j+1].Text == "unittest") {
				runner, args = args[j+1].Text, args[j+2:]
				break
			}
			if !strings.HasPrefix(args[j].Text, "-") {
				return "", nil
			}
		}
	}
	if runner == "" {
		return "", nil
	}
	var ops []string
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		switch {
		case a == "-s" || a == "--start-directory":
			if j+1 < len(args) {
				ops = append(ops, args[j+1].Text)
				j++
			}
		case strings.HasPrefix(a, "-") || a == "discover" || !args[j].Known || strings.HasSuffix(a, ".py") || strings.Contains(a, "::"):
		default:
			ops = append(ops, a)
		}
	}
	return runner, ops
}

// testFile reports whether n, a name below a start directory, is a file
// runner discovers: test_*.py, *_test.py, conftest.py (pytest), test*.py
// (unittest), not in a hidden directory, a virtual environment or
// site-packages.
func testFile(n, runner string) bool {
	if strings.HasSuffix(n, "/") || !strings.HasSuffix(n, ".py") {
		return false
	}
	for _, part := range strings.Split(path.Dir(n), "/") {
		if strings.HasPrefix(part, ".") && part != "." || part == "node_modules" || part == "venv" || part == "site-packages" || part == "__pycache__" {
			return false
		}
	}
	base := path.Base(n)
	if runner == "unittest" {
		return strings.HasPrefix(base, "test")
	}
	return strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") || base == "conftest.py"
}
