package catalogue

import "strings"

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
	// Keys are the keys of its data files (JSON, YAML, INI, TOML) that
	// name code it loads: a plugin, a module it requires, an init hook
	// (pylint's init-hook, mypy's plugins, rubocop's require), or a
	// section that does ([flake8:local-plugins]); a "~TEXT" is text
	// anywhere in the file (rubocop's ERB). A data file
	// holding one loads project code guard did not read. An "@KEY"
	// names packages or modules the program resolves from the installed
	// dependencies (eslint's extends, pylint's load-plugins, mypy's
	// plugins, rubocop's require), code of the program's own standing:
	// it loads project code only where one of its values is a local path
	// or names a module or file in the directory.
	Keys string
	// Options are a source tool's options whose value is a configuration
	// file it loads in place of, or besides, the one it finds (eslint -c
	// FILE, pylint --rcfile=FILE).
	Options string
	// Inherits are the keys of its data files that name another
	// configuration file it reads too (rubocop's inherit_from, eslint's
	// extends: "./base.json").
	Inherits string
	// PackageKey is the key of package.json that holds its configuration
	// (prettier's "prettier"), read where package.json is.
	PackageKey string
	// Env are the environment variables whose value is a configuration
	// file it reads (pylint's PYLINTRC), as the command sets them; a
	// "VAR/REST" is the file REST in the directory VAR names
	// (XDG_CONFIG_HOME/rubocop/config.yml, HOME/.pylintrc: its user
	// configuration). A UserConfigVars variable the command sets that no
	// entry roots is one guard cannot tell the tool's use of.
	Env string
	// OptionEnv are the variables whose value it reads as options
	// (RUBOCOP_OPTS): set by the command, they may name any
	// configuration.
	OptionEnv string
	// PerFile marks a tool that finds its configuration for each file it
	// checks (prettier's nearest config, rubocop's and eslintrc's
	// cascade, eslint's v10 lookup): a directory it checks stands for
	// every directory below it.
	PerFile bool
}

// UserConfigVars are the variables a tool's user configuration is found
// by (HOME's ~/.pylintrc, $XDG_CONFIG_HOME/mypy/config): set by the
// command, they move that lookup to a directory the command chooses.
const UserConfigVars = " HOME XDG_CONFIG_HOME XDG_CONFIG_DIRS "

// configCode are the extensions of project files that are code, and the
// names of those without one (.luacheckrc is lua, .php_cs php).
const configCode = " .js .mjs .cjs .ts .mts .cts .py .rb .lua .php .luacheckrc .php_cs .php_cs.dist "

// ConfigIsCode reports whether the project code file name (a path's last
// part) is a program of its language rather than data.
func ConfigIsCode(name string) bool {
	ext := name[strings.LastIndexByte(name, '.')+1:]
	return strings.Contains(configCode, " ."+ext+" ") || strings.Contains(configCode, " "+name+" ")
}

const (
	nodeRC   = ".npmrc"
	pytestRC = "conftest.py **/conftest.py pytest.ini .pytest.ini pyproject.toml setup.cfg tox.ini"
	eslintRC = "eslint.config.js eslint.config.mjs eslint.config.cjs eslint.config.ts eslint.config.mts eslint.config.cts " +
		".eslintrc .eslintrc.js .eslintrc.cjs .eslintrc.json .eslintrc.yml .eslintrc.yaml"
	makeRC = "GNUmakefile makefile Makefile"
	// The source tools' (SourceTools) configuration: they only read the
	// sources, but load these as code or load the code they name.
	eslintKeys   = "@plugins @parser @processor @extends"
	prettierRC   = ".prettierrc .prettierrc.json .prettierrc.yml .prettierrc.yaml .prettierrc.json5 .prettierrc.toml .prettierrc.js .prettierrc.cjs .prettierrc.mjs .prettierrc.ts prettier.config.js prettier.config.cjs prettier.config.mjs prettier.config.ts"
	pylintRC     = "pylintrc .pylintrc pyproject.toml setup.cfg tox.ini"
	flake8RC     = ".flake8 setup.cfg tox.ini"
	mypyRC       = "mypy.ini .mypy.ini pyproject.toml setup.cfg"
	stylelintRC  = ".stylelintrc .stylelintrc.json .stylelintrc.yml .stylelintrc.yaml .stylelintrc.js .stylelintrc.cjs .stylelintrc.mjs stylelint.config.js stylelint.config.cjs stylelint.config.mjs"
	golangciRC   = ".golangci.yml .golangci.yaml .golangci.toml .golangci.json"
	phpCSFixerRC = ".php-cs-fixer.php .php-cs-fixer.dist.php .php_cs .php_cs.dist"
	phpstanRC    = "phpstan.neon phpstan.neon.dist phpstan.dist.neon"
	rubocopRC    = ".rubocop.yml"
	rubocopKeys  = "@require @plugins @inherit_gem ~<%"
	// The user configurations, where the tools look when the project has
	// none (pylint, eslintrc, golangci-lint, luacheck) or besides
	// (rubocop's, mypy's).
	eslintUser   = "HOME/.eslintrc HOME/.eslintrc.js HOME/.eslintrc.cjs HOME/.eslintrc.json HOME/.eslintrc.yml HOME/.eslintrc.yaml"
	golangciUser = "HOME/.golangci.yml HOME/.golangci.yaml HOME/.golangci.toml HOME/.golangci.json"
	luacheckUser = "XDG_CONFIG_HOME/luacheck/.luacheckrc HOME/.config/luacheck/.luacheckrc"
	mypyUser     = "XDG_CONFIG_HOME/mypy/config HOME/.config/mypy/config HOME/.mypy.ini"
	pylintUser   = "PYLINTRC HOME/.pylintrc HOME/.config/pylintrc"
	rubocopUser  = "XDG_CONFIG_HOME/rubocop/config.yml HOME/.config/rubocop/config.yml HOME/.rubocop.yml"
)

// ProjectCodes lists the programs and their project code files. Small:
// looked up by a linear scan per simple command.
var ProjectCodes = []ProjectCode{
	{Name: "bmake", Files: makeRC},
	{Name: "bun", Files: "bunfig.toml " + nodeRC},
	{Name: "eslint", Files: eslintRC, Keys: eslintKeys, Options: "-c --config", Inherits: "extends", PackageKey: "eslintConfig", PerFile: true, Env: eslintUser},
	{Name: "flake8", Files: flake8RC, Keys: "flake8:local-plugins", Options: "--config --append-config"},
	{Name: "gmake", Files: makeRC},
	{Name: "golangci-lint", Files: golangciRC, Keys: "plugins custom", Options: "-c --config", Env: golangciUser},
	{Name: "luacheck", Files: ".luacheckrc", Options: "--config", Env: luacheckUser},
	{Name: "make", Files: makeRC},
	{Name: "mypy", Files: mypyRC, Keys: "@plugins", Options: "--config-file", Env: mypyUser},
	{Name: "npm", Files: nodeRC},
	{Name: "npx", Files: nodeRC},
	{Name: "php-cs-fixer", Files: phpCSFixerRC, Options: "--config"},
	{Name: "phpstan", Files: phpstanRC, Keys: "includes bootstrapFiles bootstrap services rules", Options: "-c --configuration"},
	{Name: "pnpm", Files: nodeRC + " .pnpmfile.cjs pnpm-workspace.yaml"},
	{Name: "prettier", Files: prettierRC, Keys: "@plugins", Options: "--config", PackageKey: "prettier", PerFile: true},
	{Name: "py.test", Files: pytestRC},
	{Name: "pylint", Files: pylintRC, Keys: "init-hook @load-plugins", Options: "--rcfile", Env: pylintUser},
	{Name: "pytest", Files: pytestRC},
	{Name: "rubocop", Files: rubocopRC, Keys: rubocopKeys, Options: "-c --config", Inherits: "inherit_from", PerFile: true,
		Env: rubocopUser, OptionEnv: "RUBOCOP_OPTS"},
	{Name: "stylelint", Files: stylelintRC, Keys: "@plugins @extends @customSyntax @processors", Options: "-c --config", Inherits: "extends", PackageKey: "stylelint", PerFile: true},
	{Name: "yarn", Files: nodeRC + " .yarnrc .yarnrc.yml"},
}

// ProjectCodeNamed returns the project code of program name, or nil.
func ProjectCodeNamed(name string) *ProjectCode {
	for i := range ProjectCodes {
		if ProjectCodes[i].Name == name {
			return &ProjectCodes[i]
		}
	}
	return nil
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
