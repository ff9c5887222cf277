package catalogue

import (
	"slices"
	"strings"
	"testing"
)

func TestConfigWritersSorted(t *testing.T) {
	if !slices.IsSortedFunc(ConfigWriters, func(a, b ConfigWriter) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("ConfigWriters is not sorted by name")
	}
}

// TestConfigWrites checks which commands write their program's own
// configuration.
func TestConfigWrites(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		file string // the first writer's file; "" for none
	}{
		{"kubectl config set-credentials x --exec-command=./k.sh", ".kube/config"},
		{"kubectl --context c config set users.x.exec.command ./x", ".kube/config"},
		{"kubectl config view --raw", ""},
		{"kubectl config use-context prod", ""},
		{"kubectl get config", ""},
		{"pip config --user set global.index-url http://x/", ".config/pip/pip.conf"},
		{"pip config list", ""},
		{"pip install config", ""},
		{"npm config set registry http://x/", ".npmrc"},
		{"npm set ignore-scripts false", ".npmrc"},
		{"npm config get registry", ""},
		{"npm run config", ""},
		{"aws configure set credential_process ./x", ".aws/config"},
		{"aws configure", ".aws/config"},
		{"aws configure get region", ""},
		{"docker login", ".docker/config.json"},
		{"docker context ls", ""},
		{"git maintenance start", ".gitconfig"},
		{"git commit -m maintenance", ""},
		{"git -C d lfs install", ".gitconfig"},
		{"pre-commit install", ".git/hooks/pre-commit"},
		{"pre-commit run -a", ""},
		{"npm pkg set scripts.lint=id", "package.json"},
		{"npm pkg delete scripts.lint", "package.json"},
		{"npm pkg get scripts", ""},
		{"npm set-script lint id", "package.json"},
		{"npm init -y", "package.json"},
		{"npm install left-pad", ""},
		{"npm run pkg", ""},
		{"pnpm pkg set scripts.x=y", "package.json"},
		{"yarn init -y", "package.json"},
		{"composer config scripts.x id", "composer.json"},
		{"composer config --global github-oauth.x y", ""},
	} {
		f := strings.Fields(c.cmd)
		got := ConfigWrites(f[0], f[1:])
		switch {
		case c.file == "" && len(got) > 0:
			t.Errorf("%s: writes %q, want none", c.cmd, got[0].File)
		case c.file != "" && (len(got) == 0 || got[0].File != c.file):
			t.Errorf("%s: writes %v, want %q", c.cmd, got, c.file)
		}
	}
}

func TestToolHomesSorted(t *testing.T) {
	if !slices.IsSortedFunc(ToolHomes, func(a, b ToolHome) int { return strings.Compare(a.Var, b.Var) }) {
		t.Error("ToolHomes is not sorted by variable")
	}
}

// TestToolHomeDefault: only a tool home's own default value is exempt.
func TestToolHomeDefault(t *testing.T) {
	for _, c := range []struct {
		name, value string
		want        bool
	}{
		{"NVM_DIR", "~/.nvm", true},
		{"CARGO_HOME", "~/.cargo", true},
		{"KUBECONFIG", "~/.kube/config", true},
		{"CARGO_HOME", "~/.ssh", false},
		{"NVM_DIR", "~/.nvm/x", false},
		{"FOO", "~/.nvm", false},
	} {
		if got := ToolHomeDefault(c.name, c.value); got != c.want {
			t.Errorf("ToolHomeDefault(%s, %s) = %v", c.name, c.value, got)
		}
	}
}
