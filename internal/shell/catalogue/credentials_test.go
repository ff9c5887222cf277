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
		{"pnpm config get //registry.npmjs.org/:_authToken", ".npmrc"},
		{"pnpm config get registry", ""},
		{"yarn config get npmAuthToken", ".npmrc"},
		{"yarn config get registry", ""},
		{"rclone config show", ".config/rclone/rclone.conf"},
		{"rclone config", ".config/rclone/rclone.conf"},
		{"rclone config file", ""},
		{"rclone sync a b", ""},
		{"my_print_defaults client", ".my.cnf"},
		{"mysql --print-defaults", ".my.cnf"},
		{"mysql -e x", ""},
		{"s3cmd --dump-config", ".s3cfg"},
		{"s3cmd ls", ""},
		{"op item get 4f3b2c", ""},
		{"op item get x --fields password", ".config/op/config"},
		{"op item get x --format=json", ".config/op/config"},
		{"op document get cert", ".config/op/config"},
		{"vault token lookup", ".vault-token"},
		{"vault token revoke -self", ""},
		{"gpg --batch --export-secret-keys --armor", ".gnupg/private-keys-v1.d"},
		{"gpg --armor --export-secret-key x", ".gnupg/private-keys-v1.d"},
		{"gpg --export-secret-subkeys", ".gnupg/private-keys-v1.d"},
		{"gpg --export-ssh-key k", ".gnupg/private-keys-v1.d"},
		{"gpg -d secrets.gpg", ".gnupg/private-keys-v1.d"},
		{"gpg secrets.gpg", ".gnupg/private-keys-v1.d"},
		{"gpg --verify x.sig x", ""},
		{"gpg --dearmor -o k.gpg", ""},
		{"gpg --armor --export k", ""},
		{"gpg --list-secret-keys", ""},
		{"gh auth git-credential get", ".config/gh/hosts.yml"},
		{"gh auth setup-git", ""},
		{"gh config get -h github.com oauth_token", ".config/gh/hosts.yml"},
		{"gh config get editor", ""},
		{"glab config get token", ".config/glab-cli/config.yml"},
		{"glab auth status", ""},
		{"keyring get svc user", ".local/share/keyrings/login.keyring"},
		{"npm token list", ".npmrc"},
		{"pass github", ".password-store/.gpg-id"},
		{"pass grep x", ".password-store/.gpg-id"},
		{"pass ls", ""},
		{"pass insert x", ""},
		{"secret-tool search --all service x", ".local/share/keyrings/login.keyring"},
		{"security dump-keychain -d", "Library/Keychains/login.keychain-db"},
	} {
		f := strings.Fields(c.cmd)
		got, ok := PrinterStore(f[0], f[1:])
		if got != c.store || ok != (c.store != "") {
			t.Errorf("%s: store %q %v, want %q", c.cmd, got, ok, c.store)
		}
	}
}

// TestModuleStore: a credential-reading library and its submodules name
// their file; another module, or the same name in another language, not.
func TestModuleStore(t *testing.T) {
	for _, c := range []struct {
		lang, name, store string
	}{
		{"python", "netrc", ".netrc"},
		{"python", "botocore.session", ".aws/credentials"},
		{"python", "google.auth.default", ".config/gcloud/application_default_credentials.json"},
		{"python", "google.cloud", ""},
		{"python", "netrcx", ""},
		{"perl", "Net::Netrc", ".netrc"},
		{"node", "node:netrc", ".netrc"},
		{"node", "@aws-sdk/credential-providers", ".aws/credentials"},
		{"node", "@aws-sdk/client-s3", ""},
		{"ruby", "boto3", ""},
	} {
		got, ok := ModuleStore(c.lang, c.name)
		if got != c.store || ok != (c.store != "") {
			t.Errorf("ModuleStore(%q, %q) = %q, %v; want %q", c.lang, c.name, got, ok, c.store)
		}
	}
}
