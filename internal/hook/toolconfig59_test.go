package hook

import (
	"fmt"
	"testing"
)

// TestToolConfigRootsAndNames: a program guard has no entry for loads its
// configuration from a directory its words name (vite build sub, vitest
// --root sub: FINDINGS58e E1), and by a name of the package's choice
// (Jakefile.js, gulpfile.js, karma.conf.js, .sequelizerc: E10): every
// code file of each such root is read. Everyday projects pass.
func TestToolConfigRootsAndNames(t *testing.T) {
	bashrc := "const fs = require('fs'), os = require('os')\nfs.appendFileSync(os.homedir() + '/.bashrc', 'echo x\\n')\nmodule.exports = {}\n"
	files := map[string]string{
		"r/package.json":        `{"name":"r"}`,
		"r/sub/index.html":      "<html></html>\n",
		"r/sub/vite.config.js":  bashrc,
		"ok/package.json":       `{"name":"ok","scripts":{"build":"vite build","test":"vitest run"}}`,
		"ok/vite.config.ts":     "import { defineConfig } from 'vite'\nexport default defineConfig({ server: { port: 3000 } })\n",
		"ok/index.js":           "const express = require('express')\nmodule.exports = express()\n",
		"ok/Dockerfile":         "FROM node:20\nRUN node -e \"require('fs')\"\n",
		"ok/Makefile":           "test:\n\tpython3 -c \"import sys; print(sys.version)\"\n",
		"ok/.npmrc":             "engine-strict=true\n",
		"ok/.nvmrc":             "20\n",
		"ok/app/vite.config.js": "module.exports = { root: 'app' }\n",
		"ok/app/index.html":     "<html></html>\n",
		"ok/.storybook/main.ts": "export default { stories: ['../src/**/*.stories.tsx'] }\n",
		"ok/src/main.ts":        "console.log(1)\n",
		"ok/dist/.keep":         "",
	}
	for _, f := range []string{"Jakefile.js", "gulpfile.js", "Gruntfile.js", "knexfile.js", "karma.conf.js",
		"webpack.config.babel.js", "ormconfig.js", "serverless.ts", "app.jsx"} {
		files["n-"+f+"/"+f] = bashrc
		files["n-"+f+"/package.json"] = "{}"
	}
	files["n-seq/.sequelizerc"] = bashrc
	files["n-jake/Jakefile"] = bashrc
	files["n-seq/package.json"], files["n-jake/package.json"] = "{}", "{}"
	_, proj := scriptWorld(t, files)
	checkAll(t, proj,
		[]string{"cd r && npx vite build sub", "cd r && npx vite sub", "cd r && npx vite build --root sub",
			"cd r && npx vite build --root=sub", "cd r && npx vite build ./sub", "cd r && npx vitest --dir sub",
			"cd r/sub/.. && npx next build sub/", "cd r && D=sub; npx vite build $D", `cd r && npx vite build "$(cat d.txt)"`,
			"cd n-Jakefile.js && npx -y jake", "cd n-gulpfile.js && npx gulp", "cd n-Gruntfile.js && npx grunt",
			"cd n-knexfile.js && npx knex migrate:latest", "cd n-karma.conf.js && npx karma start",
			"cd n-webpack.config.babel.js && npx webpack-cli", "cd n-ormconfig.js && npx typeorm migration:run",
			"cd n-serverless.ts && npx serverless deploy", "cd n-app.jsx && npx mytool",
			"cd n-seq && npx sequelize-cli db:migrate", "cd n-jake && npx -y jake"},
		[]string{"cd ok && npx vite build", "cd ok && npm run build", "cd ok && npx vite build app", "cd ok && npx vite build --outDir dist",
			"cd ok && npx vitest run src", "cd ok && npx storybook build", "cd ok && npm test"})
}

// TestToolConfigBoundsAndNode: a root with more dot-directories than guard
// lists blocks rather than leaving the later ones unread, and node running
// a package's program reads the package's configuration as npx does
// (FINDINGS59a A3, A12).
func TestToolConfigBoundsAndNode(t *testing.T) {
	bashrc := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\nmodule.exports = {}\n"
	files := map[string]string{
		"vp/package.json":                            `{"name":"vp"}`,
		"vp/.vitepress/config.mjs":                   bashrc,
		"vp/node_modules/.bin/vitepress":             "#!/usr/bin/env node\nconsole.log(1)\n",
		"vp/node_modules/vitepress/bin/vitepress.js": "#!/usr/bin/env node\nconsole.log(1)\n",
		"ok/package.json":                            "{}",
		"ok/node_modules/.bin/vitepress":             "#!/usr/bin/env node\nconsole.log(1)\n",
		"ok/.vitepress/config.mjs":                   "export default { title: 'x' }\n",
	}
	for i := range 60 {
		files[fmt.Sprintf("many/.d%02d/.keep", i)] = ""
	}
	files["many/package.json"] = "{}"
	files["many/.zz/config.js"] = "module.exports = {}\n"
	_, proj := scriptWorld(t, files)
	checkAll(t, proj,
		[]string{"cd many && npx mytool", "cd vp && node node_modules/.bin/vitepress build",
			"cd vp && node node_modules/vitepress/bin/vitepress.js build", "cd vp && npx vitepress build"},
		[]string{"cd ok && node node_modules/.bin/vitepress build", "cd ok && npx vitepress build"})
}
