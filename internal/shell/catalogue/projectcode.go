package catalogue

// ProjectCode is a program's code and command configuration in the
// directory it runs in: files it loads as code or that name
// a program or a preload it runs, found by name whether the command names
// them or not (GNU make reads GNUmakefile before Makefile; pytest imports
// every conftest.py under its root; npm runs scripts with .npmrc's
// script-shell; eslint imports eslint.config.js). A hook entry that runs
// the program runs them too, so the hook programs' write rules protect
// them, the names that do not exist yet included.
type ProjectCode struct {
	Name string
	// Files are the names, relative to the working directory; a
	// "**/NAME" one is NAME anywhere below it.
	Files string
}

const (
	nodeRC   = ".npmrc"
	pytestRC = "conftest.py **/conftest.py pytest.ini .pytest.ini pyproject.toml setup.cfg tox.ini"
	eslintRC = "eslint.config.js eslint.config.mjs eslint.config.cjs eslint.config.ts eslint.config.mts eslint.config.cts " +
		".eslintrc .eslintrc.js .eslintrc.cjs .eslintrc.json .eslintrc.yml .eslintrc.yaml"
	makeRC = "GNUmakefile makefile Makefile"
)

// ProjectCodes lists the programs and their project code files. Small:
// looked up by a linear scan per simple command.
var ProjectCodes = []ProjectCode{
	{Name: "bmake", Files: makeRC},
	{Name: "bun", Files: "bunfig.toml " + nodeRC},
	{Name: "eslint", Files: eslintRC},
	{Name: "gmake", Files: makeRC},
	{Name: "make", Files: makeRC},
	{Name: "npm", Files: nodeRC},
	{Name: "npx", Files: nodeRC},
	{Name: "pnpm", Files: nodeRC + " .pnpmfile.cjs pnpm-workspace.yaml"},
	{Name: "py.test", Files: pytestRC},
	{Name: "pytest", Files: pytestRC},
	{Name: "yarn", Files: nodeRC + " .yarnrc .yarnrc.yml"},
}

// ProjectCodeOf returns the project code files of program name (its
// Files field), or "".
func ProjectCodeOf(name string) string {
	for _, p := range ProjectCodes {
		if p.Name == name {
			return p.Files
		}
	}
	return ""
}
