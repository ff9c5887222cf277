package secret

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlaceholder: a placeholder is judged on the whole value's shape,
// not on one character or a word somewhere in it.
func TestPlaceholder(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		// Templates: a marker as (most of) the value.
		{"<your-key>", true}, {"<API_KEY>", true}, {"<YOUR TOKEN HERE>", true}, {"${DB_PASSWORD}", true},
		{"${DB_PASSWORD:-x}", true}, {"${{ secrets.TOKEN }}", true}, {"{{ .Values.secret }}", true},
		{"#{api_key}", true}, {"<%= ENV['TOKEN'] %>", true}, {"%(password)s", true}, {"sk-${OPENAI}", true},
		// Stand-in words with nothing random beside them.
		{"your-api-key-here", true}, {"changeme-later", true}, {"TokenHere", true}, {"RANDOMSTRINGHERE", true},
		{"REPLACE_ME", true}, {"your_token_1", true}, {"sample123", true}, {"secret-password", true},
		{"mysecretpassword", true}, {"AKIAIOSFODNN7EXAMPLE", true}, {"sk-proj-REDACTED", true},
		// Masks, cuts, one character throughout or after a prefix.
		{"xxxxxxxxxxxx", true}, {"********", true}, {"0000-0000-0000", true}, {"9cbaf023786cd7...", true},
		{"ghp_" + strings.Repeat("0", 36), true}, {"AIza" + strings.Repeat("a", 35), true},
		{"xoxp-572370529330-573807301142-" + strings.Repeat("#", 20), true},
		// Random characters between marker characters, and words beside
		// random parts, are credentials.
		{"Tq8<vR2!mZ>p", false}, {"Zx8q2LmV9pRt{{x", false}, {"Q^${$pBM]4aT}<6q3dF$", false},
		{"SuperSecret!2024", false}, {"Password123!", false}, {"yourock-Zx81qLmV", false},
		{"Insert-Coin-77Q", false}, {"sampleZx8q2LmV9pRt4Wk", false}, {"secret2024", false},
		{"xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c", false},
	}
	for _, tt := range tests {
		if got := placeholder(tt.v); got != tt.want {
			t.Errorf("placeholder(%q) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

// TestReference: a reference parses as one over the whole value; a value
// that only begins with $ / @ * or holds :: -> ( somewhere is a value.
func TestReference(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{"$DB_PASSWORD", true}, {"${API_KEY}", true}, {"${API_KEY:-dev}", true}, {"$(pass show db)", true},
		{"%APPDATA%", true}, {"$env:API_TOKEN", true}, {"os.environ[\"API_KEY\"]", true}, {"getpass()", true},
		{"getpass.getpass(\"Password: \")", true}, {"config.token", true}, {"process.env.API_KEY", true},
		{"Curve25519.secret_size", true}, {"/etc/secret/key.pem", true}, {"/run/secrets/db_password", true},
		{"~/.ssh/id_rsa", true}, {"./secrets/dev.key", true}, {"$HOME/.aws/credentials", true},
		{`C:\keys\prod.pfx`, true}, {"$this->password", true}, {"Settings::SECRET_KEY", true},
		{"@password", true}, {"*token", true}, {"&cfg.Secret", true}, {"r.Header.Get(\"X-Token\")", true},
		{"[1, 2, 3]", true},
		{"/u95NCpemnM2wR8fdXDdRrUKrniOJagM7CILhjf", false}, {"@k9Lm2Qz7Vb", false}, {"$ecureP4ss-9x", false},
		{"*Zx8q2LmV9pRt4WkJ", false}, {"p@ss(w0rd)Q9z", false}, {"Zx8q2LmV::9pRt", false},
		{"9pRt->Zx8q2", false}, {"k9Lm2Qz7Vb.bak", false}, {"O5(f0CjRo8/:FWwOvTV)", false},
		{"&usp4=%q3rQ", false}, {"~Zx8q2LmV9pRt", false}, {"hunter2.Vq9x", false},
	}
	for _, tt := range tests {
		if got := reference(tt.v); got != tt.want {
			t.Errorf("reference(%q) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

// TestPasswordValues judges password values (lenient): a weak real
// password is still a password; a word, a type or code is not.
func TestPasswordValues(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{"Password123!", true}, {"SuperSecret!2024", true}, {"U:B+^&/]_)hr:cb,B!cg", true},
		{"dlu@a!i([%C_]O)}ox~v", true}, {"Tq8<vR2!mZ>p", true}, {"correct-horse-battery", true},
		{"Password", false}, {"Option<String>", false}, {"*string", false}, {"getpass.getpass(", false},
		{"changeme-later", false}, {"io.Reader", false},
	}
	for _, tt := range tests {
		if got := credential(tt.v, false); got != tt.want {
			t.Errorf("credential(%q, lenient) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

// passwordAlphabet is a password manager's: letters, digits and the
// symbols it offers.
const passwordAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+[]{}<>?/|~.,;:"

// TestRandomPasswords: random 20-character passwords over a password
// manager's alphabet, as DB_PASSWORD=<v>, are redacted whole: no
// character of the value is left outside a match.
func TestRandomPasswords(t *testing.T) {
	d := New()
	r := rand.New(rand.NewPCG(21, 300))
	missed := 0
	for range 1000 {
		var b [20]byte
		for i := range b {
			b[i] = passwordAlphabet[r.IntN(len(passwordAlphabet))]
		}
		text := "DB_PASSWORD=" + string(b[:])
		covered := make([]bool, len(text))
		for _, m := range d.FindAll(text) {
			for i := m.Start; i < m.End; i++ {
				covered[i] = true
			}
		}
		for i := len("DB_PASSWORD="); i < len(text); i++ {
			if !covered[i] {
				missed++
				t.Logf("%q: byte %d left", b, i-len("DB_PASSWORD="))
				break
			}
		}
	}
	// A value that parses as a template or a reference may pass (one in
	// several hundred: ${x}…, O5(…)); more is a regression.
	if missed > 3 {
		t.Errorf("%d of 1000 random passwords not redacted whole", missed)
	}
}
