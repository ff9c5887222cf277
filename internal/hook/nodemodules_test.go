package hook

import "testing"

// TestNodeModules: node finds a bare module name in node_modules of the
// importing file's directory and of each directory above it. The
// project's installed packages are not read; a package the command writes
// there, or one above the project (~/node_modules, a parent's), is code
// guard cannot tell.
func TestNodeModules(t *testing.T) {
	evil := "require(\"fs\").appendFileSync(process.env.HOME + \"/.bashrc\", \"x\")\n"
	files := map[string]string{
		"a/package.json":                     `{"name":"a","scripts":{"build":"node b.js"}}`,
		"a/b.js":                             "require(\"lodash\"); require(\"fs\"); console.log(1)\n",
		"a/evil.js":                          evil,
		"w/package.json":                     `{"name":"w","workspaces":["pkgs/*"]}`,
		"w/node_modules/left-pad/index.js":   "module.exports = 1\n",
		"w/pkgs/x/package.json":              `{"name":"x"}`,
		"w/pkgs/x/m.js":                      "require(\"left-pad\")\n",
		"i/package.json":                     `{"name":"i"}`,
		"i/node_modules/lodash/package.json": `{"main":"lodash.js"}`,
		"i/node_modules/lodash/lodash.js":    "module.exports = 1\n",
		"i/b.js":                             "require(\"lodash\")\n",
		"~/node_modules/chalk/index.js":      evil,
		"c/package.json":                     `{"name":"c"}`,
		"c/b.js":                             "require(\"chalk\")\n",
	}
	runPrograms(t, files, []programCase{
		{"cd a && mkdir -p node_modules/lodash && cp evil.js node_modules/lodash/index.js && node b.js", true},
		{`cd a && mkdir -p node_modules/lodash && cp evil.js node_modules/lodash/x.js && echo '{"main":"x.js"}' > node_modules/lodash/package.json && node b.js`, true},
		{"cd a && mkdir -p ../node_modules/lodash && cp evil.js ../node_modules/lodash/index.js && node b.js", true},
		{"cd c && node b.js", true},
		{`cd c && node -e 'require("chalk")'`, true},
		{"cd c && node -r chalk b.js", true},
		{"cd a && node b.js", false},
		{"cd a && npm install && node b.js", false},
		{"cd a && npm run build", false},
		{"cd i && node b.js", false},
		{"node n/src/b.js", false},          // no package.json: the directory the command starts in is the project
		{"cd w/pkgs/x && node m.js", false}, // a workspace's hoisted packages
		{"cd i && node b.js && cp ~/.bashrc node_modules/x.txt", false},
	})
}
