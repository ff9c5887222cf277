package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestConfigValues: a key's values as INI, TOML, YAML and JSON write
// them, on its line and on the lines that continue it.
func TestConfigValues(t *testing.T) {
	for _, tc := range []struct {
		text string // the key is the first line's "k"
		want []string
	}{
		{"k = a, b.c\nother = x", []string{"a", "b.c"}},
		{"k=a,\n    b\n    c\nnext=x", []string{"a", "b", "c"}},
		{`k = ["a", "b"]` + "\nx = 1", []string{"a", "b"}},
		{"k = [\n  \"a\",\n  \"b\",\n]\nx = [\"y\"]", []string{"a", "b"}},
		{"k:\n  - a\n  - ./b.rb\nother: x", []string{"a", "./b.rb"}},
		{"k: a\nother:\n  - x", []string{"a"}},
		{`"k": ["a", "./b.js"], "x": "y"`, []string{"a", "./b.js", "x", "y"}},
		{"k: [\n\"a\"\n]\n\"x\": \"y\"", []string{"a"}},
		{"k:\n- a\n- ./b.rb\nother: x", []string{"a", "./b.rb"}},
		{"k:\n# c\n\n  - a\nother: x", []string{"a"}},
		{"k: &x # c\n- a\nother: x", []string{"&x", "#", "c", "a"}},
		{"k: v\n- a", []string{"v"}},
	} {
		lines := strings.Split(tc.text, "\n")
		rest := strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(lines[0], `"`), "k"), `"' `)
		got := configValues(rest[1:], lines[1:], 0)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestConfigLoads: an "@KEY" loads project code only by a value local
// calls so; a plain key by being there.
func TestConfigLoads(t *testing.T) {
	local := func(v string) bool { return strings.HasPrefix(v, "./") || v == "mine" }
	for _, tc := range []struct{ text, keys, want string }{
		{"[MAIN]\nload-plugins=pylint_django", "init-hook @load-plugins", ""},
		{"[MAIN]\nload-plugins=pylint_django,\n  mine\n", "init-hook @load-plugins", "load-plugins"},
		{"[MAIN]\ninit-hook='import x'", "init-hook @load-plugins", "init-hook"},
		{"require:\n  - rubocop-rails\n  - ./x.rb\n", "@require ~<%", "require"},
		{"a: <%= x %>", "@require ~<%", "<%"},
		{`{"parserOptions": {"project": "./tsconfig.json"}, "extends": ["eslint:recommended"]}`, "@extends @plugins", ""},
		// Keys the tools' decoders read as the plain key: not read, blocked.
		{`{"\u0070lugins": ["./p.js"]}`, "@plugins", "a key guard cannot read: an escape"},
		{"\"plu\\x67ins\": [\"./p.js\"]", "@plugins", "a key guard cannot read: an escape"},
		{"? plugins\n: [./p.js]", "@plugins", "a key guard cannot read: a YAML complex key"},
		{"!!map {plugins: [./p.js]}", "@plugins", "a key guard cannot read: a YAML tag"},
		{"[MAIN]\nINIT-HOOK='import x'", "init-hook @load-plugins", "init-hook"}, // INI keys in any case
		{`{"semi": false}`, "@plugins", ""},
		// A key wherever on its line the decoders read one: flow mappings,
		// TOML dotted keys, JSON5's comments and line breaks before the colon.
		{"{semi: true, plugins: [./pl.js]}", "@plugins", "plugins"},
		{"--- {semi: true, plugins: [./pl.js]}\n", "@plugins", "plugins"},
		{"{AllCops: {}, require: [./x.rb]}", "@require @plugins ~<%", "require"},
		{"{rules: {a: 1}, 'plugins': ['./pl.js']}", "@plugins", "plugins"},
		{`tool.mypy.plugins = ["mine"]`, "@plugins", "plugins"},
		{`tool.pylint.main.init-hook = "import os"`, "init-hook @load-plugins", "init-hook"},
		{"[tool.pylint]\nmain.init-hook = \"import os\"\n", "init-hook @load-plugins", "init-hook"},
		{"[tool]\npylint.main.\"init-hook\" = \"import os\"\n", "init-hook @load-plugins", "init-hook"},
		{"[tool]\npylint = {main = {load-plugins = [\"x\", \"mine\"]}}\n", "init-hook @load-plugins", "load-plugins"},
		{"{plugins /* c */ : ['./pl.js']}", "@plugins", "plugins"},
		{"{plugins\n: ['./pl.js']}", "@plugins", "plugins"},
		{"{plugins /* a\n */ : ['./pl.js']}", "@plugins", "plugins"},
		{"{plugins\n\n: ['./pl.js']}", "@plugins", "plugins"},
		{"{\"plugins\"\n// c\n: ['./pl.js']}", "@plugins", "plugins"},
		{"{plugins\u00a0: ['./pl.js']}", "@plugins", "plugins"},
		{"{\ufeffplugins: ['./pl.js']}", "@plugins", "plugins"},
		{"plugins:\n- ./pl.js\n", "@plugins", "plugins"},
		{"plugins:\n# c\n- ./pl.js\n", "@plugins", "plugins"},
		{"plugins:\n- prettier-plugin-x\nsemi: false\n", "@plugins", ""},
		{"[\"plugins\"\n]", "@plugins", ""},
		{"a: &k plugins\n*k : [./pl.js]\n", "@plugins", "a key guard cannot read: a YAML alias as a key"},
		{"{\"plu\\\ngins\": [\"./pl.js\"]}", "@plugins", "a key guard cannot read: an escaped line break"},
		// Ordinary configurations: a value after the key is its own.
		{"{semi: true, plugins: [prettier-plugin-x], parser: mine}", "@plugins", ""},
		{"[tool.black]\nline-length = 88\n[tool.mypy]\nstrict = true\n[tool.poetry.plugins.\"x\"]\na = \"b\"\n", "@plugins", ""},
		{"[MAIN]\nmsg-template={path}:{line}: {msg_id}\ndisable=C0114\n", "init-hook @load-plugins", ""},
		{"description: \"our plugins\"\nfiles: ['*.js']\n", "@plugins", ""},
	} {
		if got := configLoads(tc.text, tc.keys, local); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
}

func FuzzConfigValues(f *testing.F) {
	f.Add("a, [b\n  c]\n- d", 2)
	f.Fuzz(func(t *testing.T, text string, indent int) {
		lines := strings.Split(text, "\n")
		for _, v := range configValues(lines[0], lines[1:], indent) {
			if v == "" || strings.ContainsAny(v, " \t,[](){}\"'=") {
				t.Fatalf("value %q", v)
			}
		}
	})
}

// TestConfigOption: a configuration option glued to its value or
// abbreviated as the tools' option parsers accept.
func TestConfigOption(t *testing.T) {
	for _, tc := range []struct{ options, word, name, value string }{
		{"-c --config", "-cevil.yml", "-c", "evil.yml"},
		{"-c --config", "--conf=evil.yml", "--config", "evil.yml"},
		{"-c --config", "--conf", "--config", ""},
		{"--rcfile", "--rcf=x.rc", "--rcfile", "x.rc"},
		{"--rcfile", "--r=x", "", ""}, // too short to be one
		{"-c --config", "--color", "", ""},
		{"-c --config", "-a", "", ""},
	} {
		name, value, ok := configOption(tc.options, tc.word)
		if name != tc.name || value != tc.value || ok != (tc.name != "") {
			t.Errorf("%q of %q: %q %q %v, want %q %q", tc.word, tc.options, name, value, ok, tc.name, tc.value)
		}
	}
}
