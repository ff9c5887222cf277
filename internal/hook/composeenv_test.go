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
			"docker compose -f interp.yaml build", // build args and the model are interpolated (FINDINGS49b G7)
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
			"docker compose --env-file app.env -f interp.yaml up", // the project's .env is not loaded
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestComposeEnvRoutes: the other routes by which compose hands a
// container the project's .env values (FINDINGS49b G7): an env_file's own
// ${NAME} or bare NAME line, a value-less environment: entry (list, map,
// a secret's environment:) or run/exec -e NAME, an extends/include file
// of any name, and docker compose build's interpolation. Both bash.match
// modes; what takes nothing from .env passes.
func TestComposeEnvRoutes(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".env":         "API_TOKEN=ENVSECRET-123\n",
		"app.env":      "X=${API_TOKEN}\n",
		"bare.env":     "LOG=1\n# c\nexport API_TOKEN\n",
		"own.env":      "X=${NOT_SET:-a} $HOME\nY=1\n",
		"ef.yaml":      "services:\n  app:\n    image: alpine\n    env_file: app.env\n    command: env\n",
		"efbare.yaml":  "services:\n  app:\n    image: alpine\n    env_file:\n      - path: bare.env\n",
		"efown.yaml":   "services:\n  app:\n    image: alpine\n    env_file: own.env\n",
		"envl.yaml":    "services:\n  app:\n    image: alpine\n    environment: [API_TOKEN]\n    command: env\n",
		"envm.yaml":    "services:\n  app:\n    image: alpine\n    environment:\n      LOG: debug\n      API_TOKEN:\n    command: env\n",
		"envn.yaml":    "services:\n  app:\n    image: alpine\n    environment: {API_TOKEN: null}\n",
		"secenv.yaml":  "services:\n  app:\n    image: alpine\n    secrets: [s]\nsecrets:\n  s:\n    environment: API_TOKEN\n",
		"envok.yaml":   "services:\n  app:\n    image: alpine\n    environment: [LOG, \"A=1\"]\n    command: env\n",
		"plain.yaml":   "services:\n  app:\n    image: alpine\n",
		"base.compose": "services:\n  app:\n    image: alpine\n    env_file: .env\n    command: env\n",
		"ok.compose":   "services:\n  app:\n    image: alpine\n",
		"bad.compose":  "services: [\n",
		"ext.yaml":     "services:\n  app:\n    extends:\n      file: base.compose\n      service: app\n",
		"inc.yaml":     "include:\n  - base.compose\n",
		"incl.yaml":    "include:\n  - path: base.compose\n",
		"extok.yaml":   "services:\n  app:\n    extends:\n      service: app\n      file: ok.compose\n",
		"extbad.yaml":  "services:\n  app:\n    extends: {file: bad.compose, service: app}\n",
		"sec.yaml":     "services:\n  app:\n    image: alpine\n    secrets: [s]\nsecrets:\n  s:\n    file: ./s.txt\n",
		"s.txt":        "x\n",
		"bld.yaml":     "services:\n  app:\n    image: alpine\n    build:\n      context: .\n      args:\n        T: ${API_TOKEN}\n",
		"bldbare.yaml": "services:\n  app:\n    image: alpine\n    build:\n      context: .\n      args: [API_TOKEN]\n",
		"bldok.yaml":   "services:\n  app:\n    image: alpine\n    build:\n      context: .\n      args:\n        T: ${NOT_SET:-1}\n",
		"Dockerfile":   "FROM alpine\nARG T\nRUN echo \"$T\"\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"docker compose -f ef.yaml up",
			"docker compose -f efbare.yaml up",
			"docker compose -f envl.yaml up",
			"docker compose -f envm.yaml up",
			"docker compose -f envn.yaml run --rm app",
			"docker compose -f secenv.yaml up",
			"docker compose -f plain.yaml run --rm -e API_TOKEN app env",
			"docker compose -f plain.yaml run --rm --env API_TOKEN app env",
			"docker compose -f plain.yaml run --rm --env=API_TOKEN app env",
			"docker compose -f plain.yaml run --rm -eAPI_TOKEN app env",
			"docker compose -f plain.yaml exec -e API_TOKEN app env",
			"docker compose -f bld.yaml build --progress=plain",
			"docker compose -f bldbare.yaml build",
		} {
			checkBlock(t, p, proj, cmd, true, "from it")
		}
		for _, cmd := range []string{
			"docker compose -f ext.yaml up",
			"docker compose -f inc.yaml up",
			"docker compose -f incl.yaml up",
		} {
			checkBlock(t, p, proj, cmd, true, "hands it to the container as a service's env_file")
		}
		checkBlock(t, p, proj, "docker compose -f extbad.yaml up", true, "as YAML")
		for _, cmd := range []string{
			"docker compose -f efown.yaml up",
			"docker compose -f envok.yaml up",
			"docker compose -f extok.yaml up",
			"docker compose -f sec.yaml up",
			"docker compose -f plain.yaml run --rm -e LOG -e A=1 app env",
			"docker compose -f plain.yaml exec app env",
			"API_TOKEN=t docker compose -f envl.yaml up", // the command's own value
			"docker compose -f bldok.yaml build",
			"docker compose -f plain.yaml build",
			"docker compose -f plain.yaml ps",
			"docker compose -f envl.yaml logs",
			"docker compose -f envl.yaml down",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
