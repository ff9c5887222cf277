package hook

import "testing"

// TestSourceToolConfig: a source tool only reads the sources, but loads
// its project configuration as code (eslint.config.js, .luacheckrc) or
// the code a data configuration names (.pylintrc's init-hook, mypy's
// plugins, .rubocop.yml's require): guard scans the first as a program
// and cannot tell what the second runs.
func TestSourceToolConfig(t *testing.T) {
	js := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n"
	files := map[string]string{
		"a.js": "let a = 1\n", "a.py": "a = 1\n", "a.rb": "a = 1\n", "a.lua": "local a = 1\n", "a.css": "a {}\n", "a.php": "<?php\n",
		"es/eslint.config.js":       js,
		"es/a.js":                   "let a = 1\n",
		"esi/eslint.config.mjs":     "import x from './rules.mjs'\nexport default [x]\n",
		"esi/rules.mjs":             "import fs from 'fs'\nfs.appendFileSync(process.env.HOME + '/.bashrc', 'X')\nexport default {}\n",
		"pr/.prettierrc":            "{\"plugins\": [\"./pl.js\"]}\n",
		"pl/.pylintrc":              "[MAIN]\ninit-hook='import os; open(os.path.expanduser(\"~/.\" + \"bashrc\"), \"a\")'\n",
		"fl/.flake8":                "[flake8]\nmax-line-length = 100\n\n[flake8:local-plugins]\nextension =\n    X = plug:X\n",
		"my/mypy.ini":               "[mypy]\nplugins = myplug\n",
		"my/myplug.py":              "import os\n",
		"rc/.rubocop.yml":           "require: ./x.rb\n",
		"rce/.rubocop.yml":          "AllCops:\n  TargetRubyVersion: <%= File.write(ENV['HOME'] + '/.bashrc', 'x') %>\n",
		"lc/.luacheckrc":            "io.open(os.getenv('HOME') .. '/.bashrc', 'a'):write('x')\n",
		"pcf/.php-cs-fixer.php":     "<?php file_put_contents(getenv('HOME') . '/.bashrc', 'x', FILE_APPEND);\n",
		"ps/phpstan.neon":           "parameters:\n  level: 5\n  bootstrapFiles:\n    - boot.php\n",
		"sl/.stylelintrc.json":      "{\"plugins\": [\"./p.js\"]}\n",
		"gl/.golangci.yml":          "linters-settings:\n  custom:\n    x:\n      path: x.so\n",
		"ok/.eslintrc.json":         "{\"rules\": {\"semi\": \"error\"}}\n",
		"ok/eslint.config.js":       "module.exports = [{rules: {semi: 'error'}}]\n",
		"ok/.prettierrc":            "{\"semi\": false, \"singleQuote\": true}\n",
		"ok/.pylintrc":              "[MAIN]\nmax-line-length=100\ndisable=C0114\n",
		"ok/mypy.ini":               "[mypy]\nstrict = True\n",
		"ok/.rubocop.yml":           "AllCops:\n  NewCops: enable\n",
		"ok/.golangci.yml":          "linters:\n  enable:\n    - errcheck\n",
		"ok/.flake8":                "[flake8]\nmax-line-length = 100\n",
		"ok/.luacheckrc":            "std = 'lua54'\nignore = {'212'}\n",
		"ok/.php-cs-fixer.dist.php": "<?php return (new PhpCsFixer\\Config())->setRules(['@PSR12' => true]);\n",
		// Package names resolved from node_modules: the program's own standing.
		"pk/.eslintrc.json":      "{\"extends\": [\"eslint:recommended\", \"plugin:react/recommended\"], \"plugins\": [\"react\"], \"parser\": \"@typescript-eslint/parser\"}\n",
		"pk/.stylelintrc.json":   "{\"extends\": \"stylelint-config-standard\"}\n",
		"pk/.prettierrc":         "{\"plugins\": [\"prettier-plugin-tailwindcss\"]}\n",
		"pkl/.eslintrc.yml":      "extends:\n  - eslint:recommended\n  - ./local-rules.js\n",
		"py/.pylintrc":           "[MAIN]\nload-plugins=pylint_django,\n    pylint.extensions.docparams\n",
		"py/mypy.ini":            "[mypy]\nplugins = pydantic.mypy\n",
		"py/.rubocop.yml":        "inherit_from: .rubocop_todo.yml\nrequire:\n  - rubocop-rails\n  - rubocop-rspec\n",
		"py/.eslintrc.json":      "{\n  \"extends\": [\n    \"eslint:recommended\"\n  ],\n  \"parserOptions\": {\"project\": \"./tsconfig.json\"}\n}\n",
		"pyl/.pylintrc":          "[MAIN]\nload-plugins=pylint_django,\n    myplug\n",
		"pyl/myplug/__init__.py": "import os\n",
		"pyl/.rubocop.yml":       "require:\n  - rubocop-rails\n  - ./lib/cop.rb\n",
		"pyl/.eslintrc.json":     "{\n  \"extends\": [\n    \"eslint:recommended\",\n    \"./base.js\"\n  ]\n}\n",
		"pkl/.stylelintrc.json":  "{\"extends\": [\"stylelint-config-standard\", \"../shared/x\"]}\n",
	}
	runPrograms(t, files, []programCase{
		{"eslint a.js", false}, // no configuration
		{"rubocop", true},      // the configurations below
		{"prettier --check a.js", false},
		{"pylint a.py", false},
		{"cd ok && eslint a.js", false},
		{"cd ok && npx eslint a.js", false},
		{"cd ok && prettier --check a.js", false},
		{"cd ok && pylint a.py && mypy a.py && flake8 a.py", false},
		{"cd ok && rubocop a.rb && luacheck a.lua && golangci-lint run", false},
		{"cd ok && php-cs-fixer fix --dry-run", false},
		{"cd es && eslint a.js", true},
		{"cd es && npx eslint a.js", true},
		{"cd es && eslint .", true},
		{"cd esi && eslint .", true},
		{"cd pr && prettier --check a.js", true},
		{"cd pr && npx prettier --check a.js", true},
		{"cd pl && pylint a.py", true},
		{"cd fl && flake8 a.py", true},
		{"cd my && mypy a.py", true},
		{"cd rc && rubocop a.rb", true},
		{"cd rce && rubocop a.rb", true},
		{"cd lc && luacheck a.lua", true},
		{"cd pcf && php-cs-fixer fix --dry-run", true},
		{"cd ps && phpstan analyse a.php", true},
		{"cd sl && stylelint a.css", true},
		{"cd gl && golangci-lint run", true},
		{"cd pk && eslint a.js && stylelint a.css && prettier --check a.js", false},
		{"cd pkl && eslint a.js", true},
		{"cd py && pylint a.py && mypy a.py && rubocop a.rb && eslint a.js", false},
		{"cd pyl && pylint a.py", true},
		{"cd pyl && rubocop a.rb", true},
		{"cd pyl && eslint a.js", true},
		{"cd pkl && stylelint a.css", true},
	})
}

// TestSourceToolConfigSearch: a source tool finds its configuration
// where the tool looks, not by name in the working directory: a file its
// options name (eslint -c FILE), the directories above (eslint's upward
// search), package.json's key (prettier's "prettier"), and the files a
// data configuration inherits (rubocop's inherit_from).
func TestSourceToolConfigSearch(t *testing.T) {
	js := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n"
	rb := "File.write(ENV['HOME'] + '/.bashrc', 'x', mode: 'a')\n"
	runPrograms(t, map[string]string{
		"opt/lint.cjs":           js,
		"opt/a.js":               "let a = 1\n",
		"opt/ok.cjs":             "module.exports = [{rules: {semi: 'error'}}]\n",
		"opt/ok.json":            "{\"rules\": {\"semi\": \"error\"}}\n",
		"opt/plug.json":          "{\"plugins\": [\"./pl.js\"]}\n",
		"opt/other.js":           js,
		"opt/sub/a.js":           "let a = 1\n",
		"opt/rc.ini":             "[MAIN]\ninit-hook='import os'\n",
		"up/eslint.config.js":    js,
		"up/sub/a.js":            "let a = 1\n",
		"pj/package.json":        "{\"name\": \"x\", \"prettier\": {\"plugins\": [\"./pl.js\"]}}\n",
		"pj/a.js":                "let a = 1\n",
		"pjs/package.json":       "{\"name\": \"x\", \"prettier\": \"./shared.js\"}\n",
		"pjs/a.js":               "let a = 1\n",
		"pjs/shared.js":          js,
		"pjok/package.json":      "{\"name\": \"x\", \"prettier\": {\"semi\": false}, \"eslintConfig\": {\"extends\": \"eslint:recommended\"}}\n",
		"pjok/a.js":              "let a = 1\n",
		"rb/x.yml":               "require:\n  - ./evil.rb\n",
		"rb/evil.rb":             rb,
		"rb/proj/.rubocop.yml":   "inherit_from: ../x.yml\n",
		"rb/proj/a.rb":           "a = 1\n",
		"rbok/.rubocop.yml":      "inherit_from: .rubocop_todo.yml\nrequire:\n  - rubocop-rails\n",
		"rbok/.rubocop_todo.yml": "Style/Documentation:\n  Enabled: false\n",
		"rbok/a.rb":              "a = 1\n",
		"es/.eslintrc.json":      "{\"extends\": [\"eslint:recommended\", \"./base.json\"]}\n",
		"es/base.json":           "{\"plugins\": [\"./p.js\"]}\n",
		"es/a.js":                "let a = 1\n",
		"prs/.prettierrc":        "\"./shared.js\"\n",
		"prs/shared.js":          js,
		"prs/a.js":               "let a = 1\n",
		"ok/eslint.config.js":    "module.exports = [{rules: {semi: 'error'}}]\n",
		"ok/.prettierrc":         "{\"semi\": false}\n",
		"ok/pyproject.toml":      "[tool.ruff]\nline-length = 100\n[tool.pylint.main]\nmax-line-length = 100\n",
		"ok/package.json":        "{\"name\": \"ok\", \"scripts\": {\"lint\": \"eslint .\"}}\n",
		"ok/a.js":                "let a = 1\n",
		"ok/pkg/__init__.py":     "a = 1\n",
		"ok/sub/a.js":            "let a = 1\n",
		"od/src/.prettierrc.cjs": js,
		"od/src/a.js":            "let a = 1\n",
		"py/evil.rc":             "[MASTER]\ninit-hook='import os'\n",
		"py/a.py":                "a = 1\n",
		"rbg/evil.yml":           "require:\n  - ./evil.rb\n",
		"rbg/a.rb":               "a = 1\n",
	}, []programCase{
		{"cd py && PYLINTRC=evil.rc pylint a.py", true}, // a configuration named by the variable
		{"cd py && pylint --rcf=evil.rc a.py", true},    // an abbreviated option
		{"cd py && pylint a.py", false},
		{"cd rbg && rubocop -cevil.yml a.rb", true}, // a value glued to its option
		{"cd rbg && rubocop a.rb", false},
		{"cd opt && eslint -c lint.cjs a.js", true},
		{"cd opt && npx eslint --config=lint.cjs a.js", true},
		{"cd opt && eslint --config lint.cjs a.js", true},
		{"cd opt/sub && eslint -c ../other.js a.js", true},
		{"cd opt && prettier --config plug.json --check a.js", true},
		{"cd opt && pylint --rcfile=rc.ini a.py", true},
		{"cd opt && eslint -c ok.cjs a.js", false},
		{"cd opt && eslint -c ok.json a.js", false},
		{"cd up/sub && eslint a.js", true},
		{"cd up/sub && npx eslint a.js", true},
		{"cd up && eslint sub/a.js", true},
		{"cd pj && prettier --check a.js", true},
		{"cd pjs && prettier --check a.js", true},
		{"cd pjok && prettier --check a.js && eslint a.js", false},
		{"cd rb/proj && rubocop a.rb", true},
		{"cd rbok && rubocop a.rb", false},
		{"cd es && eslint a.js", true},
		{"cd prs && prettier --check a.js", true},
		{"cd ok && eslint . && prettier --check . && ruff check . && pylint pkg", false},
		{"cd ok/sub && eslint a.js && prettier --check a.js", false},
		{"cd ok && eslint sub/a.js", false},
		{"cd od && prettier --check src", true},
		{"cd od && prettier --check src/a.js", true},
		{`cd od && prettier --check "src/**/*.js"`, true}, // a pattern: the directory before its wildcard
		{`cd ok && prettier --write "**/*.{js,md}" && eslint "sub/**/*.js"`, false},
	})
}

// TestSourceToolConfigHidden: a configuration the tool finds where guard
// did not look — below a directory a per-file tool checks, named by a
// variable or by an option spelled as the tool's parser reads it — or
// one whose keys are spelled as the tool's decoder reads them.
func TestSourceToolConfigHidden(t *testing.T) {
	js := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n"
	files := map[string]string{
		"pf/eslint.config.cjs":            "module.exports = []\n",
		"pf/sub/deep/eslint.config.cjs":   js,
		"pf/a.js":                         "let a = 1\n",
		"rc/.eslintrc.json":               "{\"root\": true}\n",
		"rc/sub/.eslintrc.js":             js,
		"pr/sub/deep/prettier.config.cjs": js,
		"pr/a.js":                         "let a = 1\n",
		"rb/sub/.rubocop.yml":             "require: ./x.rb\n",
		"rb/a.rb":                         "a = 1\n",
		"ev/a.py":                         "a = 1\n",
		"ev/a.rb":                         "a = 1\n",
		"ev/evil.rc":                      "[MAIN]\ninit-hook='import os'\n",
		"ev/evil.yml":                     "require: ./x.rb\n",
		"ev/evil.cfg":                     "[flake8:local-plugins]\nextension =\n    X = plug:X\n",
		"ev/x/rubocop/config.yml":         "require: ./x.rb\n",
		"okk/.eslintrc.json":              "{\"root\": true}\n",
		"okk/sub/a.js":                    "let a = 1\n",
		"okk/sub/.prettierrc":             "{\"semi\": false}\n",
		"okk/sub/.rubocop.yml":            "AllCops:\n  NewCops: enable\n",
		"okk/node_modules/x/.eslintrc.js": js,
	}
	runPrograms(t, files, []programCase{
		{"cd pf && eslint --flag v10_config_lookup_from_file .", true},
		{"cd pf && ESLINT_FLAGS=v10_config_lookup_from_file npx eslint .", true},
		{"cd pf && eslint", true},
		{"cd rc && ESLINT_USE_FLAT_CONFIG=false eslint .", true},
		{"cd pr && prettier --check .", true},
		{"cd pr && npx prettier --write sub", true},
		{"cd rb && rubocop", true},
		{"cd rb && rubocop .", true},
		{"cd pr && prettier --check a.js", false},
		{"cd okk && eslint . && prettier --check . && rubocop && ruff check .", false},
		{"cd okk && eslint", false},
		{"cd ev && PYLINTRC=evil.rc pylint a.py", true},
		{"cd ev && export PYLINTRC=evil.rc; pylint a.py", true},
		{"cd ev && flake8 --conf evil.cfg a.py", true},
		{"cd ev && flake8 --append-conf=evil.cfg a.py", true},
		{"cd ev && rubocop -cevil.yml a.rb", true},
		{"cd ev && rubocop -ac evil.yml a.rb", true},
		{"cd ev && rubocop --conf evil.yml a.rb", true},
		{"cd ev && pylint --rcf evil.rc a.py", true},
		{"cd ev && RUBOCOP_OPTS=-cevil.yml rubocop a.rb", true},
		{"cd ev && XDG_CONFIG_HOME=x rubocop a.rb", true},
		{"cd ev && pylint a.py && flake8 --count a.py && rubocop -a a.rb", false},
	})
}

// TestSourceToolConfigKeysInLine: a code-loading key is read wherever on
// its line the tool's decoder finds one — a YAML or JSON5 flow mapping,
// a TOML dotted key — and a YAML alias in its place is a key guard
// cannot read; ordinary configurations stay allowed.
func TestSourceToolConfigKeysInLine(t *testing.T) {
	flow := "{semi: true, plugins: [./pl.js]}\n"
	runPrograms(t, map[string]string{
		"a.js": "let a = 1\n", "a.py": "a = 1\n", "a.rb": "a = 1\n", "a.css": "a {}\n",
		"py/.prettierrc.yml":   flow,
		"pn/.prettierrc":       flow,
		"pd/.prettierrc.yaml":  "--- " + flow,
		"p5/.prettierrc.json5": "{semi: true, plugins: ['./pl.js']}\n",
		"pa/.prettierrc.yml":   "base: &p [./pl.js]\nplugins: *p\n",
		"rb/.rubocop.yml":      "{AllCops: {}, require: [./x.rb]}\n",
		"sl/.stylelintrc.yml":  "{rules: {}, plugins: [./pl.js]}\n",
		"my/pyproject.toml":    "tool.mypy.plugins = [\"pl.py\"]\n",
		"pl1/pyproject.toml":   "tool.pylint.main.init-hook = \"import os\"\n",
		"pl2/pyproject.toml":   "[tool.pylint]\nmain.init-hook = \"import os\"\n",
		"pl3/pyproject.toml":   "[tool]\npylint.main.\"init-hook\" = \"import os\"\n",
		"ok/pyproject.toml":    "[tool.black]\nline-length = 88\n\n[tool.mypy]\nstrict = true\nplugins = [\"pydantic.mypy\"]\n\n[tool.pylint.main]\nmsg-template = \"{path}:{line}\"\n",
		"ok/.prettierrc.yml":   "{semi: false, singleQuote: true, plugins: [prettier-plugin-tailwindcss]}\n",
		"ok/.rubocop.yml":      "{AllCops: {NewCops: enable}}\n",
		"ok/.stylelintrc.yml":  "{extends: [stylelint-config-standard], rules: {}}\n",
		"ok/.prettierrc.json5": "// prettier\n{semi: false, overrides: [{files: '*.ts', options: {parser: 'typescript'}}]}\n",
	}, []programCase{
		{"cd py && prettier --check ../a.js", true},
		{"cd pn && prettier --check ../a.js", true},
		{"cd pd && prettier --check ../a.js", true},
		{"cd p5 && prettier --check ../a.js", true},
		{"cd pa && prettier --check ../a.js", true},
		{"cd rb && rubocop ../a.rb", true},
		{"cd sl && stylelint ../a.css", true},
		{"cd my && mypy ../a.py", true},
		{"cd pl1 && pylint ../a.py", true},
		{"cd pl2 && pylint ../a.py", true},
		{"cd pl3 && pylint ../a.py", true},
		{"cd ok && pylint ../a.py && mypy ../a.py && prettier --check ../a.js && rubocop ../a.rb && stylelint ../a.css", false},
	})
}

// TestSourceToolConfigKeysAcrossLines: a JSON5 key's colon after blank
// lines, comments or Unicode blanks, and a YAML sequence at its key's
// indent or after a comment line at column 0, are the key's, as the
// tools' decoders read them; ordinary configurations stay allowed.
func TestSourceToolConfigKeysAcrossLines(t *testing.T) {
	runPrograms(t, map[string]string{
		"a.js": "let a = 1\n", "a.rb": "a = 1\n", "a.css": "a {}\n",
		"c1/.prettierrc.json5": "{plugins /* a\n */ : [\"./pl.js\"]}\n",
		"c2/.prettierrc.json5": "{plugins\n\n: [\"./pl.js\"]}\n",
		"c3/.prettierrc.json5": "{\"plugins\"\n// c\n: [\"./pl.js\"]}\n",
		"c4/.prettierrc.json5": "{plugins\u00a0: [\"./pl.js\"]}\n",
		"c5/.prettierrc.json5": "{\u00a0plugins: [\"./pl.js\"]}\n",
		"y1/.prettierrc.yml":   "plugins:\n- ./pl.js\n",
		"y2/.prettierrc.yml":   "semi: true\nplugins:\n\n- ./pl.js\n",
		"y3/.prettierrc.yml":   "plugins:\n# c\n  - ./pl.js\n",
		"y4/.prettierrc.yml":   "plugins: &p\n- ./pl.js\n",
		"r1/.rubocop.yml":      "require:\n- ./x\n",
		"r2/.rubocop.yml":      "inherit_from:\n- sub/x.yml\n",
		"r2/sub/x.yml":         "require: [./x.rb]\n",
		"s1/.stylelintrc.yml":  "plugins:\n- ./pl.js\n",
		"ok/.prettierrc.yml":   "semi: false\nplugins:\n- prettier-plugin-tailwindcss\n# local\noverrides:\n- files: '*.ts'\n  options:\n    parser: typescript\n",
		"ok/.rubocop.yml":      "require:\n- rubocop-rails\n\nAllCops:\n  NewCops: enable\n",
		"ok/.stylelintrc.yml":  "extends:\n- stylelint-config-standard\nplugins:\n- stylelint-order\n",
	}, []programCase{
		{"cd c1 && prettier --check ../a.js", true},
		{"cd c2 && prettier --check ../a.js", true},
		{"cd c3 && prettier --check ../a.js", true},
		{"cd c4 && prettier --check ../a.js", true},
		{"cd c5 && prettier --check ../a.js", true},
		{"cd y1 && prettier --check ../a.js", true},
		{"cd y2 && prettier --check ../a.js", true},
		{"cd y3 && prettier --check ../a.js", true},
		{"cd y4 && prettier --check ../a.js", true},
		{"cd r1 && rubocop ../a.rb", true},
		{"cd r2 && rubocop ../a.rb", true},
		{"cd s1 && stylelint ../a.css", true},
		{"cd ok && prettier --check ../a.js && rubocop ../a.rb && stylelint ../a.css", false},
	})
}

// TestSourceToolUserConfigMoved: HOME or XDG_CONFIG_HOME set by the
// command moves a source tool's user configuration (~/.pylintrc,
// $XDG_CONFIG_HOME/mypy/config) into a directory it chooses: read there
// as the project's; a tool whose user lookup guard does not know is
// hidden.
func TestSourceToolUserConfigMoved(t *testing.T) {
	ini := "[MAIN]\ninit-hook='import os'\n"
	runPrograms(t, map[string]string{
		"hm/a.py": "a = 1\n", "hm/a.rb": "a = 1\n", "hm/a.lua": "local a = 1\n", "hm/empty/x": "",
		"hm/sub/.pylintrc":            "[MAIN]\ninit-hook='import os'\n",
		"hm/cfg/.config/pylintrc":     ini,
		"hm/sub/.mypy.ini":            "[mypy]\nplugins = pl.py\n",
		"hm/xdg/mypy/config":          "[mypy]\nplugins = pl.py\n",
		"hm/xdg/rubocop/config.yml":   "require: ./x.rb\n",
		"hm/sub/.rubocop.yml":         "require: ./x.rb\n",
		"hm/xdg/luacheck/.luacheckrc": "io.open(os.getenv('HOME') .. '/.bashrc', 'a'):write('x')\n",
		"hm/sub/.golangci.yml":        "linters-settings:\n  custom:\n    x:\n      path: x.so\n",
	}, []programCase{
		{"cd hm && HOME=sub pylint a.py", true},
		{"cd hm && HOME=cfg pylint a.py", true},
		{"cd hm && env HOME=sub pylint a.py", true},
		{"cd hm && export HOME=sub; pylint a.py", true},
		{"cd hm && HOME=sub mypy a.py", true},
		{"cd hm && XDG_CONFIG_HOME=xdg mypy a.py", true},
		{"cd hm && export XDG_CONFIG_HOME=xdg; rubocop a.rb", true},
		{"cd hm && HOME=sub rubocop a.rb", true},
		{"cd hm && XDG_CONFIG_HOME=xdg luacheck a.lua", true},
		{"cd hm && HOME=sub golangci-lint run", true},
		{"cd hm && HOME=empty flake8 a.py", true},          // no user lookup catalogued: guard cannot tell
		{"cd hm && XDG_CONFIG_DIRS=xdg pylint a.py", true}, // likewise
		{"cd hm && HOME=empty pylint a.py && XDG_CONFIG_HOME=empty mypy a.py && HOME=empty rubocop a.rb", false},
	})
}
