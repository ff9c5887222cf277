package hook

import "testing"

// TestComposeEnvHanded: what compose hands a container from an env file
// is a read of that file, as docker run --env-file's is (FINDINGS48b F3):
// a service's env_file (short, list and long form) and a value compose
// interpolates from the project's .env, --env-file or COMPOSE_ENV_FILES,
// for every subcommand that starts containers. Both bash.match modes; a
// compose file that takes nothing from a protected env file passes.
func TestComposeEnvHanded(t *testing.T) {
	const env = "API_TOKEN=ENVSECRET-123\n"
	_, proj := scriptWorld(t, map[string]string{
		".env":     env,
		"sec/.env": env,
		"app.env":  "LOG_LEVEL=debug\n",
		// the .env compose would find by itself, beside the compose file
		"compose.yaml": "services:\n  app:\n    image: alpine\n    env_file: .env\n    command: env\n",
		"list.yaml":    "services:\n  app:\n    image: alpine\n    env_file: [app.env, .env]\n",
		"long.yaml":    "services:\n  app:\n    image: alpine\n    env_file:\n      - path: ./.env\n        required: true\n",
		"longopt.yaml": "services:\n  app:\n    image: alpine\n    env_file:\n      - required: false\n        path: .env\n",
		"outside.yaml": "services:\n  app:\n    image: alpine\n    env_file: sec/.env\n",
		"interp.yaml":  "services:\n  app:\n    image: alpine\n    command: echo ${API_TOKEN}\n",
		"bare.yaml":    "services:\n  app:\n    image: alpine\n    environment: [\"T=$API_TOKEN\"]\n",
		// everyday forms
		"plain.yaml":   "services:\n  app:\n    image: alpine\n    command: echo hi\n    volumes: [\"./src:/src\"]\n",
		"appenv.yaml":  "services:\n  app:\n    image: alpine\n    env_file: app.env\n",
		"absent.yaml":  "services:\n  app:\n    image: alpine\n    env_file:\n      - path: .env.local\n        required: false\n",
		"cmdvar.yaml":  "services:\n  app:\n    image: alpine\n    command: echo ${X} ${API_TOKEN:-none}\n",
		"default.yaml": "services:\n  app:\n    image: alpine\n    command: echo ${NOT_SET:-x}\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"docker compose up",
			"docker compose run --rm app",
			"docker compose run --rm app env",
			"docker compose create",
			"docker compose start",
			"docker-compose up",
			"podman compose up -d",
			"docker compose -f list.yaml up",
			"docker compose -f long.yaml up",
			"docker compose -f longopt.yaml up",
		} {
			checkBlock(t, p, proj, cmd, true, "hands it to the container as a service's env_file")
		}
		checkBlock(t, p, proj, "docker compose -f outside.yaml up", true, "hands it to the container")
		for _, cmd := range []string{
			"docker compose -f interp.yaml up",
			"docker compose -f interp.yaml run --rm app",
			"docker compose -f bare.yaml up",
			"X=1 docker compose -f cmdvar.yaml up", // API_TOKEN's value is .env's: the default is not taken
		} {
			checkBlock(t, p, proj, cmd, true, "interpolates ${API_TOKEN} from it")
		}
		// --env-file and COMPOSE_ENV_FILES: the env file they name.
		checkBlock(t, p, proj, "COMPOSE_ENV_FILES=sec/.env docker compose -f interp.yaml up", true, "sec/.env")
		checkBlock(t, p, proj, "docker compose --env-file sec/.env -f interp.yaml up", true, "sec/.env")
		for _, cmd := range []string{
			"docker compose -f plain.yaml up",
			"docker compose -f plain.yaml run --rm app",
			"docker compose -f appenv.yaml up",
			"docker compose -f absent.yaml up",
			"docker compose -f default.yaml up",
			"X=1 API_TOKEN=t docker compose -f cmdvar.yaml up", // the command's own values
			"docker compose -f interp.yaml ps",
			"docker compose -f interp.yaml down",
			"docker compose -f interp.yaml build",                 // no container started
			"docker compose --env-file app.env -f interp.yaml up", // the project's .env is not loaded
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
