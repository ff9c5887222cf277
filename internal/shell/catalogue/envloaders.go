package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// EnvLoaderModules are the library modules that, loaded, read the .env
// file of the working directory (python-dotenv's load_dotenv() and
// dotenv_values() look there and in its parents; node's dotenv/config
// loads it when imported): code that imports one reads .env, as the
// dotenv program does.
const EnvLoaderModules word.Set = " dotenv dotenv/config dotenv.main dotenv.cli dotenv.variables @dotenvx/dotenvx @dotenvx/dotenvx/config dotenv-flow dotenv-flow/config "

// PackageProgramOf returns the program of the catalogue that python
// module or package name, or npm package name, is (python3 -m dotenv,
// pipx run python-dotenv, npx dotenv-cli: dotenv), or "" for none.
func PackageProgramOf(name string) string {
	switch name {
	case "dotenv", "dotenv.cli", "dotenv.__main__", "python-dotenv", "dotenv-cli":
		return "dotenv"
	case "@dotenvx/dotenvx":
		return "dotenvx"
	}
	return ""
}

// PackageRunners are the prefixes whose command is a package's program
// (pipx run python-dotenv, npx dotenv-cli, bunx, pnpm dlx).
const PackageRunners word.Set = " pipx npx bunx pnpm "
