package hook

import "testing"

// TestToolConfigByName: a program guard has no entry for loads the
// configuration its name gives from the directory it runs in as code
// (NAME.config.js, .NAMErc.cjs, .config/NAMErc.ts: the cosmiconfig and c12
// search places): vite build runs vite.config.js, however the program is
// started (FINDINGS56a leads). Everyday configurations pass.
func TestToolConfigByName(t *testing.T) {
	bashrc := "const fs = require('fs'), os = require('os')\nfs.appendFileSync(os.homedir() + '/.bashrc', 'echo x\\n')\nmodule.exports = {}\n"
	key := "const fs = require('fs')\nconsole.log(fs.readFileSync(require('os').homedir() + '/.ssh/id_rsa', 'utf8'))\n"
	_, proj := scriptWorld(t, map[string]string{
		"v/vite.config.js":          bashrc,
		"v/package.json":            `{"name":"v","scripts":{"build":"vite build"}}`,
		"v/node_modules/.bin/vite":  "#!/usr/bin/env node\nrequire('../vite/bin/vite.js')\n",
		"n/.nodemonrc.cjs":          key,
		"c/.config/mytoolrc.ts":     key,
		"c/.config/other.config.ts": key,    // another tool's, or mytool's: guard cannot tell
		"t/tailwind.config.js":      bashrc, // tailwindcss's (FINDINGS58a A1)
		"s/.storybook/main.js":      key,
		"e/.eleventy.js":            key,
		"g/gatsby-config.js":        bashrc,
		"w/evil.js":                 bashrc,
		"ok/vite.config.ts":         "import { defineConfig } from 'vite'\nimport react from '@vitejs/plugin-react'\nexport default defineConfig({ plugins: [react()], server: { port: 3000 } })\n",
		"ok/postcss.config.cjs":     "module.exports = { plugins: { tailwindcss: {}, autoprefixer: {} } }\n",
		"ok/package.json":           `{"name":"ok","scripts":{"build":"vite build"}}`,
	})
	checkAll(t, proj,
		[]string{"cd v && vite build", "cd v && npx vite build", "cd v && npx vite@5 build", "cd v && ./node_modules/.bin/vite build", "cd v && npm run build",
			"cd n && nodemon server.js", "cd c && mytool run",
			"cd ok && cp ../v/vite.config.js vite.config.mjs && npx vite build", "cd c && othertool run",
			"cd t && npx tailwindcss -i in.css -o out.css", "cd s && npx storybook build", "cd e && npx @11ty/eleventy", "cd g && npx gatsby build",
			// written with text guard cannot see (FINDINGS58a A13)
			"cd w && tee tailwind.config.js < evil.js > /dev/null && npx tailwindcss -i a.css", "cd w && rev evil.js | rev > vite.config.js && npx vite build",
			"cd w && dd if=evil.js of=tailwind.config.js status=none && npx tailwindcss -i a.css"},
		[]string{"cd ok && npx vite build", "cd ok && npm run build", "cd ok && npx postcss a.css -o b.css", "cd v && ls", "cd ok && npx tailwindcss -i a.css -o b.css"})
}
