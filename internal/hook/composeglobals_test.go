package hook

import "testing"

// TestComposeEngineGlobals: a container engine's global options before
// its subcommand (docker -D compose up, --context X, -H HOST, -l LEVEL)
// leave the compose analysis as without them; an option guard does not
// know there (docker --config DIR, whose cli-plugins run) is cannot-tell
// (FINDINGS51a F5). Both bash.match modes; everyday forms pass.
func TestComposeEngineGlobals(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".env":         "API_TOKEN=ENVSECRET-123\n",
		"compose.yaml": "services:\n  app:\n    image: alpine\n    command: echo ${API_TOKEN}\n",
		"ssh.yaml":     "services:\n  app:\n    image: alpine\n    volumes: [\"~/.ssh:/k\"]\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"docker -D compose up",
			"docker --debug compose run --rm app",
			"docker --context default compose up",
			"docker --context=default compose up",
			"docker -c default compose up",
			"docker -cdefault compose up",
			"docker -Dc default compose up",
			"docker -H unix:///var/run/docker.sock compose up",
			"docker --host=ssh://x compose up",
			"docker -l info compose up",
			"docker --log-level info --tls compose up",
			"docker -- compose up",
			"podman --log-level info compose up",
			"podman -c remote compose up",
			"nerdctl -n k8s.io compose up",
		} {
			checkBlock(t, p, proj, cmd, true, "interpolates ${API_TOKEN} from it")
		}
		checkBlock(t, p, proj, "docker -D compose config", true, ".env")
		checkBlock(t, p, proj, "docker -D compose -f ssh.yaml up", true, ".ssh")
		checkBlock(t, p, proj, "docker --context x stack deploy -c ssh.yaml s", true, ".ssh")
		checkBlock(t, p, proj, "docker --config d compose ps", true, "--config before its subcommand")
		checkBlock(t, p, proj, "podman --hooks-dir d compose ps", true, "--hooks-dir before its subcommand")
		checkBlock(t, p, proj, "docker --bogus compose up", true, "--bogus before its subcommand")
		for _, cmd := range []string{
			"docker --context prod compose ps",
			"docker -H ssh://x compose ps",
			"docker -H ssh://x compose logs -f app",
			"docker --context prod compose down",
			"docker -D ps",
			"docker --context prod ps -a",
			"docker -l debug images",
			"podman --remote ps",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestComposeEnvAnchorsAndStatements: a value-less entry in an anchored
// x- mapping that `<<: *e`, `environment: *e` or `args: *a` pulls in
// (FINDINGS51a F2), and an env_file read statement by statement as
// compose-go's dotenv reads it: a double-quoted value spanning lines, a
// key the lookup replaces (F8). Both bash.match modes; a merge of
// everyday defaults and single-quoted or plain multi-line values pass.
func TestComposeEnvAnchorsAndStatements(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".env":        "API_TOKEN=ENVSECRET-123\n",
		"merge.yaml":  "x-e: &e\n  API_TOKEN:\nservices:\n  app:\n    image: alpine\n    command: env\n    environment:\n      <<: *e\n      FOO: bar\n",
		"alias.yaml":  "x-e: &e\n  API_TOKEN:\nservices:\n  app:\n    image: alpine\n    environment: *e\n",
		"list.yaml":   "x-e: &e\n  - API_TOKEN\nservices:\n  app:\n    image: alpine\n    environment: *e\n",
		"args.yaml":   "x-a: &a {API_TOKEN: }\nservices:\n  app:\n    image: alpine\n    build:\n      context: .\n      args: *a\n",
		"common.yaml": "x-common: &common\n  restart: always\n  image: alpine\nservices:\n  app:\n    <<: *common\n    environment:\n      FOO: bar\n",
		"multi.env":   "X=\"a\n${API_TOKEN}\"\n",
		"over.env":    "API_TOKEN=placeholder\n",
		"open.env":    "X=\"a\n",
		"single.env":  "X='a\n${API_TOKEN}\nAPI_TOKEN'\n",
		"plain.env":   "LOG=1 # c\nY=\"multi\nline\"\n",
		"multi.yaml":  "services:\n  app:\n    image: alpine\n    env_file: multi.env\n",
		"over.yaml":   "services:\n  app:\n    image: alpine\n    env_file: over.env\n",
		"open.yaml":   "services:\n  app:\n    image: alpine\n    env_file: open.env\n",
		"single.yaml": "services:\n  app:\n    image: alpine\n    env_file: single.env\n",
		"plain.yaml":  "services:\n  app:\n    image: alpine\n    env_file: plain.env\n",
		"Dockerfile":  "FROM alpine\nARG API_TOKEN\nRUN echo \"$API_TOKEN\"\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"docker compose -f merge.yaml up",
			"docker compose -f merge.yaml run --rm app",
			"docker compose -f alias.yaml up",
			"docker compose -f list.yaml up",
			"docker compose -f args.yaml build",
			"docker compose -f multi.yaml up",
			"docker compose -f over.yaml up",
		} {
			checkBlock(t, p, proj, cmd, true, "from it")
		}
		checkBlock(t, p, proj, "docker compose -f open.yaml up", true, "whose statements guard cannot read")
		for _, cmd := range []string{
			"docker compose -f common.yaml up",
			"docker compose -f single.yaml up",
			"docker compose -f plain.yaml up",
			"docker compose -f merge.yaml ps",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestComposeFindings52b: compose's hidden --workdir and an option it does
// not know before the subcommand (F19), a value-less entry last in a
// document before --- or ... (F6), env_file values read as compose-go's
// dotenv reads them (F7, F12), label_file (F21), the engines under other
// names (F14) and podman's compose provider (F8). Both bash.match modes;
// everyday forms pass.
func TestComposeFindings52b(t *testing.T) {
	svc := "services:\n  app:\n    image: alpine\n"
	_, proj := scriptWorld(t, map[string]string{
		".env":         "API_TOKEN=ENVSECRET-123\n",
		"compose.yaml": svc + "    command: echo ${API_TOKEN}\n",
		"ssh.yaml":     svc + "    volumes: [\"~/.ssh:/k\"]\n",
		"doc.yaml":     svc + "    environment:\n      API_TOKEN:\n---\n" + svc,
		"end.yaml":     svc + "    environment:\n      API_TOKEN:\n...\n",
		"hash.env":     "X=#${API_TOKEN}\n",
		"glued.env":    "X=a#${API_TOKEN}\n",
		"esc.env":      "X='a\\\\'\nY=${API_TOKEN}\n#'\n",
		"bs.env":       "X=\"\\\\\"\nZ=1 #${API_TOKEN}\n",
		"hash.yaml":    svc + "    env_file: hash.env\n",
		"glued.yaml":   svc + "    env_file: glued.env\n",
		"esc.yaml":     svc + "    env_file: esc.env\n",
		"bs.yaml":      svc + "    env_file: bs.env\n",
		"label.yaml":   svc + "    label_file: .env\n",
		"plain.yaml":   svc + "    environment:\n      LOG: 1\n---\n" + svc,
		"an/anch.yaml": "x-common: &common\n  restart: always\n  environment:\n    POSTGRES_DB: app\nservices:\n  app:\n    <<: *common\n    image: alpine\n",
		"an/.env":      "app=1\n",
		"an/anch2.yml": "x-common: &common\n  restart: always\n  environment:\n    app:\nservices:\n  app:\n    <<: *common\n    image: alpine\n",
		"tools/p.sh":   "#!/bin/sh\ncat ~/.ssh/id_rsa\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"docker compose --workdir . up",
			"docker compose --workdir . config",
			"docker compose --workdir=. up",
			"podman-remote compose up",
			"podman-remote --log-level info compose up",
			"finch compose up",
			"nerdctl.lima compose up",
			"lima nerdctl compose up",
		} {
			checkBlock(t, p, proj, cmd, true, ".env")
		}
		for _, cmd := range []string{
			"docker compose --workdir . -f ssh.yaml up",
			"podman-remote compose -f ssh.yaml up",
			"finch compose -f ssh.yaml up",
			"lima nerdctl compose -f ssh.yaml up",
		} {
			checkBlock(t, p, proj, cmd, true, ".ssh")
		}
		for _, f := range []string{"doc", "end", "hash", "glued", "esc", "label"} {
			checkBlock(t, p, proj, "docker compose -f "+f+".yaml up -d", true, ".env")
		}
		checkBlock(t, p, proj, "docker compose --bogus x up", true, "--bogus before its subcommand")
		checkBlock(t, p, proj, "cd an && docker compose -f anch2.yml up -d", true, ".env")
		checkBlock(t, p, proj, "PODMAN_COMPOSE_PROVIDER=./tools/p.sh podman compose up", true, "PODMAN_COMPOSE_PROVIDER")
		checkBlock(t, p, proj, "CONTAINERS_CONF_OVERRIDE=c.conf podman compose -f plain.yaml up", true, "CONTAINERS_CONF_OVERRIDE")
		for _, cmd := range []string{
			"docker compose -f bs.yaml up -d",
			"docker compose -f plain.yaml up -d",
			"cd an && docker compose -f anch.yaml up -d",
			"docker compose --ansi never --progress plain -p x --profile a -f plain.yaml up -d",
			"docker compose --dry-run --compatibility -f plain.yaml up",
			"podman-remote ps",
			"finch ps -a",
			"lima uname -a",
			"docker compose ps",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
