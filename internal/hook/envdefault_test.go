package hook

import (
	"strings"
	"testing"
)

// TestDefaultEnvFile: a runner, interpreter or preloaded library that
// loads the working directory's .env by default reads it when one is
// there, as dotenv run does; without one the same commands run.
func TestDefaultEnvFile(t *testing.T) {
	p := realPolicy(t, "")
	_, withEnv := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=hunter2xyz\n", "app.js": "console.log(1)\n"})
	_, without := scriptWorld(t, map[string]string{"app.js": "console.log(1)\n"})
	for _, cmd := range []string{
		"python3 -m dotenv run env",
		"pipenv run env",
		"pipenv run pytest",
		"honcho run env",
		"foreman run env",
		"bun -e 'console.log(process.env)'",
		"bun run env",
		"deno run --env-file app.js",
		"deno eval --env-file 'console.log(Deno.env.toObject())'",
		"node -r dotenv/config -e 'console.log(process.env)'",
		"node --require=dotenv/config app.js",
		"npx dotenv-cli env",
		"yarn dlx dotenv-cli env",
		"ruby -rdotenv/load -e 'p ENV'",
		"ruby -r dotenv/load -e 'p ENV'",
		"uvx --from python-dotenv dotenv run env",
		"just --dotenv-load env",
		"docker compose config --environment",
	} {
		if code, _, stderr, _ := runReal(t, p, bashPayload(t, withEnv, cmd)); code != 2 || !strings.Contains(stderr, "'.env'") {
			t.Errorf("%q with a .env: code %d, want a block for its read: %s", cmd, code, stderr)
		}
		checkRule(t, p, without, cmd, "", "")
	}
	for _, cmd := range []string{"node app.js", "deno run app.js", "python3 -m pytest", "honcho start", "docker compose up", "docker compose ps"} {
		checkRule(t, p, withEnv, cmd, "", "")
	}
	// just's set dotenv-load in the justfile: the .env beside it.
	_, justEnv := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=hunter2xyz\n", "justfile": "set dotenv-load\nshow:\n\tenv\n"})
	_, justPlain := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=hunter2xyz\n", "justfile": "build:\n\tgo build ./...\n"})
	if code, _, stderr, _ := runReal(t, p, bashPayload(t, justEnv, "just show")); code != 2 || !strings.Contains(stderr, "'.env'") {
		t.Errorf("just with set dotenv-load: code %d, want a block for the .env read: %s", code, stderr)
	}
	checkRule(t, p, justPlain, "just build", "", "")
}
