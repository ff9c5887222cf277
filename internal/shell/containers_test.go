package shell

import (
	"errors"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestContainers: a container given the host is hidden; a command a
// container runs with bind mounts writes and reads through them on the
// host; a compose file's volumes, files and privileges count as docker
// run's options do.
func TestContainers(t *testing.T) {
	benign := "services:\n  web:\n    build: .\n    volumes:\n      - ./:/app\n      - node_modules:/app/node_modules\n    env_file: .env\n    ports: [\"3000:3000\"]\n    security_opt: [no-new-privileges:true]\n"
	tests := []struct {
		cmd    string
		files  map[string]string
		writes string // among the writes
		reads  string // among the reads
		hidden bool
	}{
		{cmd: `docker run --rm --privileged --pid=host alpine nsenter -t 1 -m sh -c "echo x >> /home/u/.bashrc"`, hidden: true},
		{cmd: `docker run --rm --privileged alpine sh -c "mount /dev/sda1 /mnt"`, hidden: true},
		{cmd: `docker run --pid host alpine true`, hidden: true},
		{cmd: `docker run --cap-add=SYS_ADMIN alpine true`, hidden: true},
		{cmd: `docker run --device /dev/sda alpine true`, hidden: true},
		{cmd: `docker run --security-opt apparmor=unconfined alpine true`, hidden: true},
		{cmd: `docker run -v /var/run/docker.sock:/s alpine sh`, hidden: true},
		{cmd: `podman run -v /:/host alpine true`, hidden: true},
		{cmd: `docker exec --privileged web sh`, hidden: true},
		{cmd: `docker run --rm -v /p:/w alpine sh -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker run --rm -v /p:/w -w /w alpine sh -c "echo {} > .agent_a/settings.json"`, writes: "/p/.agent_a/settings.json"},
		{cmd: `docker run --rm -v /p:/w alpine sh -c "cd /w && echo x > .envrc"`, writes: "/p/.envrc"},
		{cmd: `docker run --rm --mount type=bind,src=/p,dst=/w alpine sh -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker run --rm -v /home/u:/h alpine cp x /h/.bashrc`, writes: "/home/u/.bashrc"},
		{cmd: `docker run --rm -v /p:/w alpine sh -c "echo x > .git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker compose -f dc.yml up`, files: map[string]string{"dc.yml": "services:\n  a:\n    image: alpine\n    volumes: [\"~/.ssh:/k\", \"~/.guard:/g\"]\n"}, reads: "~/.ssh/**"},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "services:\n  a:\n    volumes:\n      - type: bind\n        source: ~/.guard\n        target: /g\n"}, reads: "~/.guard/**"},
		{cmd: `docker-compose up -d`, files: map[string]string{"docker-compose.yml": `{"services": {"a": {"volumes": ["/home/u/.ssh:/k:ro"]}}}`}, reads: "/home/u/.ssh/**"},
		{cmd: `podman compose up`, files: map[string]string{"compose.yml": "services:\n  a:\n    privileged: true\n"}, hidden: true},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "services:\n  a:\n    pid: \"host\"\n"}, hidden: true},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "secrets:\n  k:\n    file: ~/.ssh/id_rsa\n"}, reads: "~/.ssh/id_rsa"},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "include:\n  - other.yml\n", "other.yml": "services:\n  a:\n    volumes: [\"~/.ssh:/k\"]\n"}, reads: "~/.ssh/**"},
		{cmd: `docker stack deploy -c dc.yml s`, files: map[string]string{"dc.yml": "services:\n  a:\n    volumes: [\"~/.ssh:/k\"]\n"}, reads: "~/.ssh/**"},
		{cmd: `COMPOSE_FILE=x.yml docker compose up`, files: map[string]string{"x.yml": "services:\n  a:\n    volumes: [\"~/.ssh:/k\"]\n"}, reads: "~/.ssh/**"},
		{cmd: `docker run --rm -e D=/w/.git/hooks -v /p:/w alpine sh -c 'echo x > $D/pre-commit'`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `kubectl apply -f pod.yaml`, files: map[string]string{"pod.yaml": "kind: Pod\nspec:\n  volumes:\n  - name: k\n    hostPath:\n      path: /home/u/.ssh\n"}, reads: "/home/u/.ssh/**"},
		{cmd: `kubectl apply -f - <<< '{"spec":{"volumes":[{"hostPath":{"path":"/home/u/.guard"}}]}}'`, reads: "/home/u/.guard/**"},
		{cmd: `docker run -itv /p:/w alpine sh -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker run -v /p:/w --entrypoint sh alpine -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "services:\n  a:\n    volumes: [\"${X:-~/.ssh}:/k\"]\n"}, reads: "~/.ssh/**"},
		{cmd: `docker compose up`, files: map[string]string{"compose.yaml": "x-v: &v \"${HOME}/.guard:/g\"\nservices:\n  a:\n    volumes: [*v]\n"}, reads: "~/.guard/**"},
		{cmd: `docker compose -f - up <<< 'services: {a: {volumes: ["~/.ssh:/k"]}}'`, reads: "~/.ssh/**"},
		// Not: the everyday forms.
		{cmd: `docker run --rm -v /p:/app -w /app node:20 npm test`},
		{cmd: `docker run --rm -v /p:/w:ro alpine sh -c "echo x > /w/.git/hooks/pre-commit"`},
		{cmd: `docker run --rm alpine sh -c "echo x > /root/.bashrc"`},
		{cmd: `docker run --rm --security-opt no-new-privileges --device /dev/fuse img true`},
		{cmd: `docker compose up -d`, files: map[string]string{"compose.yaml": benign}},
		{cmd: `kubectl apply -f deploy.yaml`, files: map[string]string{"deploy.yaml": "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        volumeMounts:\n        - mountPath: /usr/share/nginx/html\n          name: html\n"}},
		{cmd: `docker compose ps`, files: map[string]string{"compose.yaml": "services:\n  a:\n    privileged: true\n"}},
		// FINDINGS60a A17: options read as pflag reads them
		{cmd: `docker run --rm -v=/p:/w alpine sh -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker run --rm -iv/p:/w alpine sh -c "echo x > /w/.git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `podman run --rm -dv=/p:/w -w=/w alpine sh -c "echo x > .git/hooks/pre-commit"`, writes: "/p/.git/hooks/pre-commit"},
		{cmd: `docker run --rm -d -v=/:/host alpine true`, hidden: true},
		{cmd: `docker run --rm -iv=~/.ssh:/k alpine true`, reads: "~/.ssh/**"},
		// FINDINGS60a A11: config prints env files, starts nothing
		{cmd: `docker compose config`, files: map[string]string{"compose.yaml": "services:\n  a:\n    privileged: true\n    volumes: [\"~/.ssh:/k\"]\n"}},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.writes)
		}
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if tt.writes == "" && slices.ContainsFunc(a.Writes, func(p string) bool { return strings.Contains(p, ".git/hooks") || strings.Contains(p, ".bashrc") }) {
			t.Errorf("%q: writes %q", tt.cmd, a.Writes)
		}
	}
}

// FuzzComposeText: the compose reader never panics on any text.
func FuzzComposeText(f *testing.F) {
	for _, s := range []string{"services:\n  a:\n    volumes: [\"~/.ssh:/k\"]\n", `{"a":"b"}`, "- x: 'y", "a: \"", ":", "# c\nprivileged: true",
		"volumes:\n  - type: bind\n    source: ~/.x\n", "include: [a.yml]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks, _ := composeTokens(s)
		for _, tok := range toks {
			if len(tok.Text) > 2*len(s) { // (\L, two bytes, decodes to three)
				t.Fatalf("token longer than its text")
			}
		}
		analyzeWith("docker compose up", map[string]string{"compose.yaml": s, "a.yml": s})
		analyzeWith("docker run -v "+word.Quote(s)+" alpine sh -c 'echo x > /w/y'", nil)
	})
}

// TestContainerRunsHostFile: a script a container runs through a bind
// mount is the host's file, read and checked.
func TestContainerRunsHostFile(t *testing.T) {
	evil := "echo x > /w/.git/hooks/pre-commit"
	for _, cmd := range []string{
		"docker run --rm -v /p:/w alpine sh /w/x.sh",
		"docker run --rm -v /p:/w -w /w alpine sh x.sh",
		"docker run --rm -v /p:/w -w /w alpine ./x.sh",
	} {
		a, _ := analyzeWith(cmd, map[string]string{"/p/x.sh": evil})
		if !slices.Contains(a.Writes, "/p/.git/hooks/pre-commit") {
			t.Errorf("%q: writes %q, want /p/.git/hooks/pre-commit", cmd, a.Writes)
		}
	}
}

// TestComposeEnvReads: an env file compose hands a container (a service's
// env_file, a value interpolated from it) is a read, with what reads it
// (FINDINGS48b F3); one the compose file takes nothing from is not.
func TestComposeEnvReads(t *testing.T) {
	env := map[string]string{".env": "T=secret\n", "app.env": "L=1\n", "i.env": "X=a${T}\n"}
	with := func(compose string) map[string]string {
		m := map[string]string{"compose.yaml": compose}
		for k, v := range env {
			m[k] = v
		}
		return m
	}
	for _, tt := range []struct {
		cmd, compose, read, via string
	}{
		{"docker compose up", "services:\n  a:\n    image: alpine\n    env_file: .env\n", ".env", "env_file"},
		{"docker compose run --rm a", "services:\n  a:\n    image: alpine\n    env_file:\n      - required: false\n        path: .env\n", ".env", "env_file"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    command: echo ${T}\n", ".env", "${T}"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    environment: [X=$T]\n", ".env", "${T}"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    env_file: app.env\n", "app.env", "env_file"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    env_file: missing.env\n", "missing.env", "env_file"}, // required: compose fails, guard reads it
		{"docker compose up", "services:\n  a:\n    image: alpine\n    command: echo hi\n", "", ""},
		{"T=1 docker compose up", "services:\n  a:\n    image: alpine\n    command: echo ${T}\n", "", ""},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    env_file:\n      - path: missing.env\n        required: false\n", "", ""},
		// FINDINGS49b G7: build interpolates as up does; value-less entries,
		// -e NAME and an env_file's own ${T} take .env's value
		{"docker compose build", "services:\n  a:\n    build: .\n    command: echo ${T}\n", ".env", "${T}"},
		{"docker compose build", "services:\n  a:\n    build: .\n    command: echo hi\n", "", ""},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    environment: [T]\n", ".env", "value-less"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    environment:\n      T:\n", ".env", "value-less"},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    environment: [L]\n", "", ""},
		{"docker compose run -e T a env", "services:\n  a:\n    image: alpine\n", ".env", "-e T"},
		{"docker compose run -e L -e T=1 a env -e T", "services:\n  a:\n    image: alpine\n", "", ""},
		{"docker compose up", "services:\n  a:\n    image: alpine\n    env_file: i.env\n", ".env", "${T}"},
		{"docker compose up", "services:\n  a:\n    image: postgres\n    healthcheck: {test: [\"CMD-SHELL\", \"echo $${T}\"]}\n", "", ""},
		// FINDINGS60a A11: config and convert print each service's env_file
		{"docker compose config", "services:\n  a:\n    image: alpine\n    env_file: app.env\n", "app.env", "config"},
		{"docker-compose convert", "services:\n  a:\n    image: alpine\n    env_file: app.env\n", "app.env", "config"},
		{"docker compose config", "services:\n  a:\n    image: alpine\n    env_file:\n      - path: app.env\n", "app.env", "env_file"},
	} {
		a, _ := analyzeWith(tt.cmd, with(tt.compose))
		reads := slices.DeleteFunc(slices.Clone(a.Reads), func(p string) bool { return !strings.HasSuffix(p, ".env") })
		switch {
		case tt.read == "" && len(reads) > 0:
			t.Errorf("%q with %q: reads %q, want no env file", tt.cmd, tt.compose, reads)
		case tt.read != "" && !slices.ContainsFunc(reads, func(p string) bool { return path.Clean(p) == tt.read }):
			t.Errorf("%q with %q: reads %q, want %q", tt.cmd, tt.compose, a.Reads, tt.read)
		case tt.read != "" && !slices.ContainsFunc(a.ReadVias, func(r ReadVia) bool { return path.Clean(r.Path) == tt.read && strings.Contains(r.Via, tt.via) }):
			t.Errorf("%q with %q: read vias %q, want %q by %q", tt.cmd, tt.compose, a.ReadVias, tt.read, tt.via)
		}
	}
}
