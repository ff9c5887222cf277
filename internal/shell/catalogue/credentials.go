package catalogue

import (
	"slices"
	"strings"
)

// CredPrinter is a program that prints a credential it keeps in a file of its
// own (git credential fill prints the password of ~/.git-credentials, gh
// auth token the token of ~/.config/gh/hosts.yml). Running it counts as a
// read of that file, so the read rules decide it as they decide cat of the
// file, with the same reason and the same allow_read to open it.
type CredPrinter struct {
	Name string // the program; with a trailing "-", every program so named (docker-credential-)
	// Sub are the words, in order, among its operands (words not starting
	// with -) that make it print: "auth token". Others may stand between
	// them (gcloud auth application-default print-access-token) or before
	// them (aws --profile p configure get).
	Sub string
	// If, when not empty, are the texts one of which a later word must
	// hold for it to print a credential (kubectl config view --raw; aws
	// configure get aws_secret_access_key, not region).
	If string
	// Unless, when not empty, are what makes it print nothing secret: an
	// option (starting with -) standing exactly among its words, or a word
	// that is the first operand after Sub (gh auth status). A program that
	// owns a store and prints from it unless told otherwise (gpg, pass) is
	// listed this way, so what guard does not know is a read of the store.
	Unless string
	// Store is the file it prints from, relative to the home directory.
	Store string
}

// gpgSafe are gpg's commands that print no secret key and no decrypted
// text: any other (--export-secret-keys, --export-ssh-key, --decrypt, a
// bare file, which gpg decrypts) reads ~/.gnupg. Only the exact words:
// gpg takes abbreviations, and -d is --decrypt.
const gpgSafe = "--verify --verify-files -k --list-keys --list-public-keys --list-sigs --list-signatures " +
	"--check-sigs --check-signatures --fingerprint -K --list-secret-keys --import --recv-keys --receive-keys " +
	"--refresh-keys --search-keys --send-keys --locate-keys --locate-external-keys --fetch-keys --dearmor " +
	"--dearmour --enarmor --enarmour --export -e --encrypt -c --symmetric -s --sign --clearsign --clear-sign " +
	"-b --detach-sign --version --help -h --gen-key --generate-key --full-gen-key --full-generate-key " +
	"--quick-gen-key --quick-generate-key --quick-add-key --quick-add-uid --print-md --show-keys " +
	"--import-ownertrust --export-ownertrust --update-trustdb --check-trustdb --card-status --delete-keys " +
	"--list-config --lsign-key --sign-key --quick-sign-key --quick-lsign-key"

// CredPrinters lists the credential printers, sorted by name (TestPrintersSorted).
var CredPrinters = []CredPrinter{
	{Name: "aws", Sub: "configure export-credentials", Store: ".aws/credentials"},
	{Name: "aws", Sub: "configure get", If: "secret access_key session_token", Store: ".aws/credentials"},
	{Name: "aws", Sub: "ecr get-login-password", Store: ".aws/credentials"},
	{Name: "aws", Sub: "sts get-session-token", Store: ".aws/credentials"},
	{Name: "az", Sub: "account get-access-token", Store: ".azure/msal_token_cache.json"},
	{Name: "docker-credential-", Sub: "get", Store: ".docker/config.json"},
	{Name: "doctl", Sub: "auth token", Store: ".config/doctl/config.yaml"},
	{Name: "gcloud", Sub: "auth print-access-token", Store: ".config/gcloud/credentials.db"},
	{Name: "gcloud", Sub: "auth print-identity-token", Store: ".config/gcloud/credentials.db"},
	{Name: "gh", Sub: "auth status", If: "-t --show-token", Store: ".config/gh/hosts.yml"},
	{Name: "gh", Sub: "auth token", Store: ".config/gh/hosts.yml"},
	// gh auth git-credential get, and any auth subcommand guard does not know.
	{Name: "gh", Sub: "auth", Unless: "status login logout setup-git refresh switch", Store: ".config/gh/hosts.yml"},
	// Older gh keeps oauth_token in its configuration; only known keys are harmless.
	{Name: "gh", Sub: "config get", Unless: "git_protocol editor prompt pager browser http_unix_socket color_labels accessible_colors accessible_prompter spinner", Store: ".config/gh/hosts.yml"},
	{Name: "git", Sub: "credential", Store: ".git-credentials"},
	{Name: "git", Sub: "credential-", Store: ".git-credentials"}, // credential-store get, credential-cache…
	{Name: "git-credential-", Store: ".git-credentials"},
	{Name: "glab", Sub: "auth status", If: "-t --show-token", Store: ".config/glab-cli/config.yml"},
	{Name: "glab", Sub: "auth", Unless: "status login logout", Store: ".config/glab-cli/config.yml"},
	{Name: "glab", Sub: "config get", Unless: "git_protocol editor browser glamour_style check_update display_hyperlinks host", Store: ".config/glab-cli/config.yml"},
	{Name: "gpg", Unless: gpgSafe, Store: ".gnupg/private-keys-v1.d"},
	{Name: "gpg-connect-agent", Store: ".gnupg/private-keys-v1.d"}, // EXPORT_KEY, PRESET_PASSPHRASE…
	{Name: "gpg2", Unless: gpgSafe, Store: ".gnupg/private-keys-v1.d"},
	{Name: "gpgsm", Unless: gpgSafe, Store: ".gnupg/private-keys-v1.d"},
	{Name: "heroku", Sub: "auth:token", Store: ".netrc"},
	{Name: "keyring", Sub: "get", Store: ".local/share/keyrings/login.keyring"},
	{Name: "kubectl", Sub: "config view", If: "--raw --flatten", Store: ".kube/config"},
	{Name: "mariadb", If: "--print-defaults", Store: ".my.cnf"},
	{Name: "my_print_defaults", Store: ".my.cnf"}, // prints the options of ~/.my.cnf, --password too
	{Name: "mysql", If: "--print-defaults", Store: ".my.cnf"},
	{Name: "mysqladmin", If: "--print-defaults", Store: ".my.cnf"},
	{Name: "mysqldump", If: "--print-defaults", Store: ".my.cnf"},
	{Name: "npm", Sub: "config get", If: "_auth _password", Store: ".npmrc"},
	{Name: "npm", Sub: "token", Unless: "revoke rm", Store: ".npmrc"},                             // list shows tokens, create prints one
	{Name: "op", Sub: "item get", If: "--reveal --fields --otp json", Store: ".config/op/config"}, // concealed without them
	{Name: "op", Sub: "document get", Store: ".config/op/config"},
	{Name: "op", Sub: "inject", Store: ".config/op/config"},
	{Name: "op", Sub: "read", Store: ".config/op/config"},
	{Name: "pass", Sub: "otp", Store: ".password-store/.gpg-id"},
	{Name: "pass", Sub: "show", Store: ".password-store/.gpg-id"},
	// pass NAME shows it, pass grep prints matching lines of every entry.
	{Name: "pass", Unless: "ls list find search insert add rm remove delete mv rename cp copy init git version help --help --version", Store: ".password-store/.gpg-id"},
	{Name: "pnpm", Sub: "config get", If: "auth token password", Store: ".npmrc"},
	{Name: "pnpm", Sub: "config list", Store: ".npmrc"},
	{Name: "pnpm", Sub: "config ls", Store: ".npmrc"},
	// rclone config show, dump and the interactive editor print its secrets; only these do not.
	{Name: "rclone", Sub: "config", Unless: "file paths providers redacted touch create update delete disconnect reconnect userinfo encryption", Store: ".config/rclone/rclone.conf"},
	{Name: "s3cmd", If: "--dump-config", Store: ".s3cfg"},
	{Name: "secret-tool", Sub: "lookup", Store: ".local/share/keyrings/login.keyring"},
	{Name: "secret-tool", Sub: "search", Store: ".local/share/keyrings/login.keyring"}, // prints each secret
	{Name: "security", Sub: "dump-keychain", If: "-d", Store: "Library/Keychains/login.keychain-db"},
	{Name: "security", Sub: "export", Store: "Library/Keychains/login.keychain-db"},
	{Name: "security", Sub: "find-generic-password", If: "-w -g", Store: "Library/Keychains/login.keychain-db"},
	{Name: "security", Sub: "find-internet-password", If: "-w -g", Store: "Library/Keychains/login.keychain-db"},
	{Name: "vault", Sub: "print token", Store: ".vault-token"},
	{Name: "vault", Sub: "token", Unless: "revoke renew capabilities", Store: ".vault-token"}, // lookup shows its id
	{Name: "yarn", Sub: "config get", If: "auth token password", Store: ".npmrc"},
	{Name: "yarn", Sub: "config list", Store: ".npmrc"},
}

// PrinterStore returns the file, relative to the home directory, whose
// credential the command name args prints, and whether it prints one.
// A word of Sub ending in "-" matches every word it begins
// (credential-store).
func PrinterStore(name string, args []string) (string, bool) {
	for _, p := range CredPrinters {
		if stem, ok := strings.CutSuffix(p.Name, "-"); ok {
			if !strings.HasPrefix(name, stem+"-") {
				continue
			}
		} else if name != p.Name {
			continue
		}
		if at, ok := subsequence(args, strings.Fields(p.Sub)); ok && holds(args[at:], p.If) && !unless(args, at, p.Unless) {
			return p.Store, true
		}
	}
	return "", false
}

// subsequence returns the index after the last of sub found in order
// among the operands of args.
func subsequence(args, sub []string) (int, bool) {
	at := 0
	for _, s := range sub {
		for ; at < len(args); at++ {
			a := args[at]
			if strings.HasPrefix(a, "-") {
				continue
			}
			if a == s || strings.HasSuffix(s, "-") && strings.HasPrefix(a, s) {
				break
			}
		}
		if at == len(args) {
			return 0, false
		}
		at++
	}
	return at, true
}

// holds reports whether one of args holds one of the texts of any (an
// option exactly or as --opt=value), or any is empty.
func holds(args []string, any string) bool {
	if any == "" {
		return true
	}
	for _, t := range strings.Fields(any) {
		for _, a := range args {
			if strings.HasPrefix(t, "-") {
				if a == t || strings.HasPrefix(a, t+"=") || len(t) == 2 && len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a[1:], rune(t[1])) {
					return true
				}
			} else if strings.Contains(strings.ToLower(a), t) {
				return true
			}
		}
	}
	return false
}

// unless reports whether args hold one of the texts of safe: an option
// exactly, anywhere; another word as the first operand from at on.
func unless(args []string, at int, safe string) bool {
	first := ""
	for _, a := range args[at:] {
		if !strings.HasPrefix(a, "-") {
			first = a
			break
		}
	}
	for _, t := range strings.Fields(safe) {
		if !strings.HasPrefix(t, "-") {
			if t == first {
				return true
			}
			continue
		}
		if slices.Contains(args, t) {
			return true
		}
	}
	return false
}

// CredModule is a library that reads a credential file at its default
// place without code naming it: import netrc and
// netrc.netrc() reads ~/.netrc, boto3's session ~/.aws/credentials. Code
// that imports one counts as a read of its file, as the credential
// printers do: the read rules decide it as cat of the file.
type CredModule struct {
	Lang  string // python, node, perl, ruby
	Name  string // the module as the language names it; a.b's submodules too
	Store string // relative to the home directory
}

// CredModules lists the credential-reading libraries.
var CredModules = []CredModule{
	{"python", "netrc", ".netrc"},
	{"python", "boto3", ".aws/credentials"},
	{"python", "botocore", ".aws/credentials"},
	{"python", "aiobotocore", ".aws/credentials"},
	{"python", "google.auth", ".config/gcloud/application_default_credentials.json"},
	{"python", "kubernetes", ".kube/config"},
	{"perl", "Net::Netrc", ".netrc"},
	{"ruby", "netrc", ".netrc"},
	{"ruby", "net/netrc", ".netrc"},
	{"ruby", "aws-sdk", ".aws/credentials"},
	{"ruby", "aws-sdk-core", ".aws/credentials"},
	{"node", "netrc", ".netrc"},
	{"node", "netrc-parser", ".netrc"},
	{"node", "aws-sdk", ".aws/credentials"},
	{"node", "@aws-sdk/credential-providers", ".aws/credentials"},
	{"node", "@aws-sdk/credential-provider-ini", ".aws/credentials"},
	{"node", "@aws-sdk/credential-provider-node", ".aws/credentials"},
	{"node", "@kubernetes/client-node", ".kube/config"},
}

// ModuleStore returns the credential file module name of language lang
// reads by default, relative to the home directory.
func ModuleStore(lang, name string) (string, bool) {
	name = strings.TrimPrefix(name, "node:")
	for _, m := range CredModules {
		if m.Lang != lang {
			continue
		}
		if name == m.Name || strings.HasPrefix(name, m.Name+".") || strings.HasPrefix(name, m.Name+"::") || strings.HasPrefix(name, m.Name+"/") {
			return m.Store, true
		}
	}
	return "", false
}

// CredCalls are calls, as code spells them, that read a credential file at
// its default place through a library the code may reach without an
// import guard follows (requests' netrc lookup, docker's client set-up).
var CredCalls = []struct{ Call, Store string }{
	{"get_netrc_auth", ".netrc"},
	{"docker.from_env", ".docker/config.json"},
	{"DockerClient.from_env", ".docker/config.json"},
	{"load_kube_config", ".kube/config"},
	{"google.auth.default", ".config/gcloud/application_default_credentials.json"},
}
