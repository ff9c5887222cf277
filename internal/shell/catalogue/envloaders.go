package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// EnvLoaderModules are the library modules that, loaded, read the .env
// file of the working directory (python-dotenv's load_dotenv() and
// dotenv_values() look there and in its parents; node's dotenv/config
// loads it when imported): code that imports one reads .env, as the
// dotenv program does.
const EnvLoaderModules word.Set = " dotenv dotenv/config dotenv.main dotenv.cli dotenv.variables @dotenvx/dotenvx @dotenvx/dotenvx/config dotenv-flow dotenv-flow/config "

// PyProgramOf returns the program of the catalogue that python module or
// package name is (python3 -m dotenv, pipx run python-dotenv: dotenv),
// or "" for none.
func PyProgramOf(name string) string {
	switch name {
	case "dotenv", "dotenv.cli", "dotenv.__main__", "python-dotenv":
		return "dotenv"
	}
	return ""
}
