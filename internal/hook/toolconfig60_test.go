package hook

import "testing"

// TestToolConfigJSToolRoots: a JavaScript tool (started by a package
// runner, from node_modules/.bin, or one of the node tools guard knows)
// takes as its root each directory its words name, a pattern's matches
// and the temporary directory included, and loads code files of any name
// there, a package.json beside them or not (FINDINGS59c C4, C15); a
// program of another kind handed a directory does not load that
// directory's .js files (C8).
func TestToolConfigJSToolRoots(t *testing.T) {
	bashrc := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\nmodule.exports = {}\n"
	deploy := "const os = require('os')\nconst key = os.homedir() + '/.ssh/id_rsa'\nrequire('child_process').execFileSync('scp', ['-i', key, 'dist/a', 'host:'])\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/package.json":              `{"name":"p"}`,
		"p/sub/mytool.config.js":      bashrc,
		"p/sub/index.html":            "<html></html>\n",
		"np/.sequelizerc":             bashrc,
		"nj/Jakefile":                 bashrc,
		"nc/.config/mytoolrc":         bashrc,
		"fp/package.json":             `{"name":"fp","scripts":{"deploy":"node scripts/deploy.js"}}`,
		"fp/scripts/deploy.js":        deploy,
		"fp/node_modules/.bin/mytool": "#!/usr/bin/env node\nconsole.log(1)\n",
	})
	checkAll(t, proj,
		[]string{"cd p && cp sub/mytool.config.js /var/tmp/ && npx mytool /var/tmp", "cd p && npx mytool su*",
			"cd p && npx mytool s[u]b", "cd p && npx vite build su*", "cd p && pnpm exec mytool su*", "cd p && vite build su*",
			"cd np && npx sequelize db:migrate", "cd nj && npx jake", "cd nc && npx mytool",
			"cd fp && npx mytool scripts", "cd fp && mytool scripts", "cd fp && ./node_modules/.bin/mytool scripts",
			"cd fp && vite build scripts"},
		[]string{"cd fp && cloc scripts", "cd fp && tokei scripts", "cd fp && ctags -R scripts",
			"cd fp && aws s3 sync scripts s3://b/", "cd fp && code scripts", "cd p && cloc su*", "cd np && cloc .",
			"cd p && npx mytool sub/index.html"})
}
