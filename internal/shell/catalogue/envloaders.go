package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// EnvLoader is how code of one language loads the .env file of the
// working directory with no word of it naming the file: code that
// imports one of Modules (or an interpreter told to load one first:
// node -r dotenv/config, ruby -rdotenv/load) or calls one of Calls reads
// .env, as the dotenv program does.
//
// A call is told by its name alone: Calls are the loaders' names, and code
// holding one as a word anywhere (a dotted call, a string member
// process["loadEnvFile"], a template string, a getattr name) loads .env.
type EnvLoader struct {
	// Modules: libraries that load it when imported (node's
	// dotenv/config, ruby's dotenv/load) or through the calls everyone
	// makes of them (python-dotenv's load_dotenv(), dotenv_values(),
	// ruby's Dotenv.load, python-decouple's config(): each looks in the
	// working directory and its parents).
	Modules word.Set
	// Calls: the names of built-in or library calls that load it
	// (node's process.loadEnvFile(), phpdotenv's
	// Dotenv::createImmutable(dir)->load(), django-environ's
	// Env.read_env(), ruby's Dotenv.load), each a whole identifier.
	Calls []string
}

// EnvLoaderOf returns how code of language lang ("python", "node",
// "ruby", "php") loads .env.
func EnvLoaderOf(lang string) EnvLoader {
	switch lang {
	case "python":
		return EnvLoader{Modules: " dotenv dotenv.main dotenv.cli dotenv.variables decouple ", Calls: []string{"read_env"}}
	case "node":
		return EnvLoader{Modules: " dotenv dotenv/config @dotenvx/dotenvx @dotenvx/dotenvx/config dotenv-flow dotenv-flow/config ",
			Calls: []string{"loadEnvFile"}}
	case "ruby":
		return EnvLoader{Modules: " dotenv dotenv/load dotenv/rails-now dotenv-rails ", Calls: []string{"Dotenv"}}
	case "php":
		return EnvLoader{Calls: []string{"Dotenv"}}
	}
	return EnvLoader{}
}

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
// (pipx run python-dotenv, npx dotenv-cli, bunx, pnpm dlx, yarn dlx).
const PackageRunners word.Set = " pipx npx bunx pnpm yarn "
