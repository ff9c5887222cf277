package hook

import (
	"os"
	"path/filepath"
	"testing"
)

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

// TestInstalledNodeBin: the node_modules/.bin link a package manager makes
// to an installed package's program is that package's code, which guard
// does not read (as it does not read what require loads): a real CLI's
// JavaScript read as a shell's lines blocked npx postcss, npx vite build
// (FINDINGS59a FP3). A bin that is no such link, or one below a
// node_modules the command writes into, is still read, as node runs it.
func TestInstalledNodeBin(t *testing.T) {
	cli := "#!/usr/bin/env node\n// Output: ['/imports/components', '/imports', '/']\nconst i = process.argv.findIndex((a) => /^--filter$/.test(a))\n" +
		"const f = process.argv[i + 1]\nif (!f) spawnExternalCommand(\"npm\", [\"init\", \"@x/config@latest\"])\n"
	evil := "#!/usr/bin/env node\nrequire('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n"
	_, proj := scriptWorld(t, map[string]string{
		"ok/package.json":               `{"name":"ok","scripts":{"build":"pcss a.css -o b.css"}}`,
		"ok/node_modules/pcss/index.js": cli,
		"ok/src/evil.txt":               evil,
		"pf/package.json":               `{"name":"pf","scripts":{"build":"pcss a.css"}}`,
		"pf/node_modules/.bin/pcss":     evil,
	})
	os.MkdirAll(filepath.Join(proj, "ok/node_modules/.bin"), 0o755)
	if err := os.Symlink("../pcss/index.js", filepath.Join(proj, "ok/node_modules/.bin/pcss")); err != nil {
		t.Fatal(err)
	}
	checkAll(t, proj,
		[]string{"cd pf && npx pcss a.css", "cd pf && npm run build",
			"cd ok && cp src/evil.txt node_modules/pcss/index.js && npx pcss a.css"},
		[]string{"cd ok && npx pcss a.css -o b.css", "cd ok && npm run build", "cd ok && pnpm exec pcss a.css -o b.css"})
}

// TestPackageExecDirs: a package manager's exec form runs its program in
// the directory -C, --dir, --cwd or --prefix names, and with -r, --filter,
// -w or --workspaces in each workspace member (FINDINGS58a A2); guard
// walks it there. Everyday exec forms pass.
func TestPackageExecDirs(t *testing.T) {
	evil := "all:\n\techo pwned >> ~/.bashrc\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/Makefile":                   evil,
		"p/package.json":               `{"name":"p"}`,
		"p/sub/.keep":                  "",
		"pw/package.json":              `{"name":"pw","private":true}`,
		"pw/pnpm-workspace.yaml":       "packages:\n  - 'pkgs/*'\n",
		"pw/pkgs/a/package.json":       `{"name":"a"}`,
		"pw/pkgs/a/Makefile":           evil,
		"nw/package.json":              `{"name":"nw","workspaces":["pkgs/*"]}`,
		"nw/pkgs/a/package.json":       `{"name":"a"}`,
		"nw/pkgs/a/Makefile":           evil,
		"ok/package.json":              `{"name":"ok","workspaces":["pkgs/*"]}`,
		"ok/pkgs/a/package.json":       `{"name":"a","scripts":{"test":"echo ok"}}`,
		"ok/pkgs/a/Makefile":           "all:\n\tgo build ./...\n",
		"ok/pnpm-workspace.yaml":       "packages:\n  - \"pkgs/*\"\n",
		"ok/pkgs/a/src/index.ts":       "export const a = 1\n",
		"ok/pkgs/a/tsconfig.json":      "{}\n",
		"ok/pkgs/a/node_modules/.keep": "",
	})
	checkAll(t, proj,
		[]string{"cd p/sub && pnpm -C .. exec make", "cd p/sub && pnpm --dir=.. exec make", "cd p/sub && yarn --cwd .. exec make",
			"cd p/sub && npm --prefix .. exec -- make", "cd pw && pnpm -r exec make", "cd pw && pnpm --filter a exec make",
			"cd pw && pnpm -F a exec make", "cd pw && pnpm --recursive exec make", "cd nw && npm exec -w pkgs/a -c make",
			"cd nw && npm exec --workspaces -- make", "cd nw && npm exec -w pkgs/a -- make"},
		[]string{"cd ok && pnpm -r exec make", "cd ok && npm exec --workspaces -- make", "cd ok && pnpm -r test",
			"cd ok && pnpm -r exec tsc --noEmit", "cd ok/pkgs/a && pnpm -C ../.. exec make"})
}
