package catalogue

import (
	"slices"
	"strings"
	"testing"
)

func TestCredPrintersSorted(t *testing.T) {
	if !slices.IsSortedFunc(CredPrinters, func(a, b CredPrinter) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("CredPrinters is not sorted by name")
	}
}

func TestPrinterStore(t *testing.T) {
	for _, c := range []struct {
		cmd, store string
	}{
		{"git credential fill", ".git-credentials"},
		{"git credential-store get", ".git-credentials"},
		{"git-credential-osxkeychain get", ".git-credentials"},
		{"gh auth token", ".config/gh/hosts.yml"},
		{"gh auth status -ht", ".config/gh/hosts.yml"},
		{"gh auth status", ""},
		{"gh issue list", ""},
		{"aws --profile p configure get aws_secret_access_key", ".aws/credentials"},
		{"aws configure get region", ""},
		{"aws sts get-caller-identity", ""},
		{"kubectl config view --raw", ".kube/config"},
		{"kubectl config view --flatten=true", ".kube/config"},
		{"kubectl config view", ""},
		{"kubectl config current-context", ""},
		{"docker-credential-pass get", ".docker/config.json"},
		{"docker-credential-pass list", ""},
		{"security find-generic-password -s x -w", "Library/Keychains/login.keychain-db"},
		{"security find-generic-password -s x", ""},
		{"npm config get //r/:_authToken", ".npmrc"},
		{"npm config get registry", ""},
		{"op item get 4f3b2c", ""},
		{"op item get x --fields password", ".config/op/config"},
		{"op item get x --format=json", ".config/op/config"},
	} {
		f := strings.Fields(c.cmd)
		got, ok := PrinterStore(f[0], f[1:])
		if got != c.store || ok != (c.store != "") {
			t.Errorf("%s: store %q %v, want %q", c.cmd, got, ok, c.store)
		}
	}
}
