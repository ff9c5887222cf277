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

