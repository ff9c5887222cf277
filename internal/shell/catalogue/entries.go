package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// PackageManagers are the JavaScript package managers whose packages
// install an entry script guard names them by (see RunsAs).
const PackageManagers word.Set = " npm npx pnpm pnpx yarn yarnpkg corepack "

// RunsAs returns the program a program file named base (a path word's
// base name, lower case) runs: a package manager's entry script, wherever
// it lives, is that package manager (npm's bin/npm-cli.js, npm-cli; pnpm's
// bin/pnpm.cjs; corepack's dist/yarn.js; a yarn release yarn-4.1.0.cjs);
// any other name is itself.
func RunsAs(base string) string {
	name := base
	for _, ext := range []string{".js", ".cjs", ".mjs"} {
		name = strings.TrimSuffix(name, ext)
	}
	name = strings.TrimSuffix(name, "-cli")
	if i := strings.IndexByte(name, '-'); i > 0 && strings.Trim(name[i+1:], "0123456789.") == "" {
		name = name[:i] // yarn-4.1.0
	}
	if name != "" && PackageManagers.Has(name) {
		return name
	}
	return base
}
