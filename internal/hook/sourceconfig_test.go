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
