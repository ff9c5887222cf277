package hook

import "testing"

// TestRecipeOwnOutputs: a make recipe's go build -o OUT in a project with
// a .env passes as it does at the prompt: go build's -o is its output
// (catalogue.Verb.Out), the goal word names no archive, and the recipe's
// word scan reads a statement's words as they are before the line runs
// (effect.Ledger.HeldBefore); a read of what the build made still holds
// the project (FINDINGS55d D8).
func TestRecipeOwnOutputs(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".env":     "TOKEN=x\n",
		"go.mod":   "module example.com/a\n\ngo 1.22\n",
		"main.go":  "package main\n\nfunc main() {}\n",
		"Makefile": "BIN=bin\nbuild:\n\tgo build -o bin/app .\nrun:\n\tmkdir -p $(BIN) && go build -o $(BIN)/app . && ./$(BIN)/app\ne:\n\t$(V)go build -o bin/app . && ./bin/app\ndump:\n\tgo build -o bin/app . && od -c bin/app\n",
	})
	checkAll(t, proj, []string{
		"make dump",
		"go build -o bin/app . && od -c bin/app",
		"go build -o ~/.bashrc .",
		"go build -o=$HOME/.guard/rules.json .",
	}, []string{
		"make build",
		"make run",
		"make e",
		"go build -o bin/app .",
		"go build -o=bin/app . && ./bin/app",
	})
}
