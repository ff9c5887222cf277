package secret

import (
	"strings"
	"testing"
)

// Values assembled at run time, so that no scanner takes this file for a
// leak: a random-looking key and a password.
var (
	awsSecret = "7HX22Rrf+/ri4sF9R1mL" + "u6OBUvjZZ2EJArolRmEP" // 40 characters, as a cloud secret key
	passwd    = "hunter2" + "-Vq9x!"
)

// TestKeyedSyntaxes: a secret assigned to a secret-named key is found in
// every syntax people and programs write, wherever on the line; the value
// found is the secret alone.
func TestKeyedSyntaxes(t *testing.T) {
	d := newWith([]rule{catalogue[len(catalogue)-1]}) // keyed_secret alone
	tests := []struct{ name, text, value string }{
		{"env", "AWS_SECRET_ACCESS_KEY=" + awsSecret, awsSecret},
		{"env spaced", "aws_secret_access_key = " + awsSecret, awsSecret},
		{"export", "export AWS_SECRET_ACCESS_KEY=" + awsSecret, awsSecret},
		{"yaml", "  aws_secret_access_key: " + awsSecret, awsSecret},
		{"json", `{"SecretAccessKey": "` + awsSecret + `"}`, awsSecret},
		{"json compact", `{"secretAccessKey":"` + awsSecret + `","region":"eu"}`, awsSecret},
		{"json escaped", `"line": "{\"client_secret\": \"` + awsSecret + `\"}"`, awsSecret},
		{"php", `'aws_secret' => '` + awsSecret + `',`, awsSecret},
		{"go", `secretKey := "` + awsSecret + `"`, awsSecret},
		{"make", `SECRET_KEY ?= "` + awsSecret + `"`, awsSecret},
		{"call", `System.setProperty("AWS_SECRET_KEY", "` + awsSecret + `")`, awsSecret},
		{"default", `os.getenv("API_TOKEN", "` + awsSecret + `")`, awsSecret},
		{"flag", "aws configure set --secret-access-key " + awsSecret + " --profile x", awsSecret},
		{"flag equals", "tool --api-token=" + awsSecret, awsSecret},
		{"grep prefix", "config/prod.env:3:AWS_SECRET_ACCESS_KEY=" + awsSecret, awsSecret},
		{"agent prefix", "L3: AWS_SECRET_ACCESS_KEY=" + awsSecret, awsSecret},
		{"log stamp", "2026-11-26T10:00:00Z INFO auth_token=" + awsSecret + " user=x", awsSecret},
		{"markdown escapes", `aws\_secret\_access\_key = ` + awsSecret, awsSecret},
		{"xml", "<password>" + passwd + "</password>", passwd},
		{"query", "https://api.example.com/v1?access_token=" + awsSecret + "&page=2", awsSecret},
		{"header", "X-Api-Key: " + awsSecret, awsSecret},
		{"authorization basic", "Authorization: Basic " + "dXNlcjpodW50ZXIyLVZxOXgh", "dXNlcjpodW50ZXIyLVZxOXgh"},
		{"docker auth", `{"auths":{"r.example":{"auth":"` + "Y2ktYm90Omh1bnRlcjItVnE5eCE=" + `"}}}`, "Y2ktYm90Omh1bnRlcjItVnE5eCE="},
		{"kube", "    client-key-data: " + "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2", "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2"},
		{"password yaml", "  password: " + passwd, passwd},
		{"password passphrase", `db_password = "correct-horse-battery"`, "correct-horse-battery"},
		{"uuid token", "heroku_api_key: 3f5c9a2e-8b1d-4e7f-a6c0-9d2b4f8e1a73", "3f5c9a2e-8b1d-4e7f-a6c0-9d2b4f8e1a73"},
		{"hex secret", `"client_secret" : "0e8db54879b02c29adef51795586f3c510a9341d"`, "0e8db54879b02c29adef51795586f3c510a9341d"},
		{"numbered", `"refresh_token2": "` + awsSecret + `"`, awsSecret},
	}
	for _, tt := range tests {
		ms := d.findText(tt.text)
		if len(ms) != 1 {
			t.Errorf("%s: %q: %d matches, want 1", tt.name, tt.text, len(ms))
			continue
		}
		if got := tt.text[ms[0].Start:ms[0].End]; got != tt.value {
			t.Errorf("%s: found %q, want %q", tt.name, got, tt.value)
		}
	}
}

// TestKeyedClean: names that are no secret's, values that are no secret,
// and code around secret-named keys.
func TestKeyedClean(t *testing.T) {
	d := newWith([]rule{catalogue[len(catalogue)-1]})
	for _, text := range []string{
		"password: changeme-later",
		"token: <your-key>",
		"api_key: ${API_KEY}",
		"secret: {{ .Values.secret }}",
		"password = your-password-here",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"password: xxxxxxxxxxxx",
		"secret_name: " + awsSecret,
		"token_url = https://example.com/oauth/token",
		"MAX_TOKENS=" + awsSecret,
		"public_key = \"" + awsSecret + "\"",
		"csrf_token: " + awsSecret,
		"next_page_token: " + awsSecret,
		"primaryKey=" + awsSecret,
		"password_length = 32",
		"token := r.Header.Get(\"X-Token\")",
		"apiKey = config.apiKey",
		"secret = os.environ[\"SECRET\"]",
		"password: string;",
		"token: AccessToken,",
		"private_key: PrivateKey",
		"$password = ConvertTo-SecureString $plain -AsPlainText",
		"secret_length = Curve25519.secret_length",
		"Reset your password at the secret settings page; the token expires.",
		"if password == \"" + passwd + "\" {",
		"['secret', 'token', 'password', 'api_key']",
		"{\"pwd\", PyInit_pwd},",
		"auth: true",
		"\"token\": \"x-amz-session-token\"",
		"\"auth\": \"base64-encoded-username-pat\"",
		"encryptionKey: \"encryptionKey1024\"",
		"KEY_ID=" + awsSecret,
		"token: \"abc\\u3299\\ufe0f12345\"",
		"secret: 123456789012345",
	} {
		if ms := d.findText(text); len(ms) != 0 {
			t.Errorf("%q: found %q", text, text[ms[0].Start:ms[0].End])
		}
	}
}

// TestJudgeName classifies names by their last word.
func TestJudgeName(t *testing.T) {
	tests := []struct {
		name string
		want nameKind
	}{
		{"password", lenient}, {"DB_PASSWORD", lenient}, {"passwd", lenient}, {"keyPassword", lenient},
		{"new_password", lenient}, {"pwd", lenient}, {"PASSPHRASE", lenient},
		{"secret", strict}, {"client_secret", strict}, {"AUTH_CLIENTSECRET", strict}, {"mySecretString", strict},
		{"token", strict}, {"GITHUB_TOKEN", strict}, {"AWSToken", strict}, {"refresh_token2", strict},
		{"some_api_token_123", strict}, {"_authToken", strict}, {"auth", strict}, {"creds", strict},
		{"credentials", strict}, {"api_key", strict}, {"apiKey", strict}, {"X-API-KEY", strict},
		{"SECRETACCESSKEY", strict}, {"aws\\_secret\\_access\\_key", strict}, {"client-key-data", strict},
		{"AccountKey", strict}, {"token_prod", strict}, {"pass", strict},
		{"Authorization", schemeFirst}, {"Proxy-Authorization", schemeFirst},
		{"secret_name", notSecret}, {"LLM_SECRET_NAME", notSecret}, {"CREDENTIALS_ID", notSecret},
		{"secrets", notSecret}, {"MAX_TOKENS", notSecret}, {"token_url", notSecret}, {"publicToken", notSecret},
		{"public_key", notSecret}, {"csrf-token", notSecret}, {"next_page_token", notSecret},
		{"primaryKey", notSecret}, {"key", notSecret}, {"keyword", notSecret}, {"monkey", notSecret},
		{"jsonwebtoken", notSecret}, {"bypass", notSecret}, {"compass", notSecret}, {"tokenizer", notSecret},
		{"is_password", notSecret}, {"password_hash", notSecret}, {"passwordVariable", notSecret},
		{"KEY_ID", notSecret}, {"author", notSecret}, {"AuthSource", notSecret}, {"authenticity_token", notSecret},
	}
	for _, tt := range tests {
		if got, _ := judgeName(tt.name); got != tt.want {
			t.Errorf("judgeName(%q) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestCredential judges values the way keyed_secret does.
func TestCredential(t *testing.T) {
	tests := []struct {
		v              string
		strict, secret bool
	}{
		{awsSecret, true, true},
		{"dafa7817-e246-48f3-91a7-e87653d587b8", true, true},
		{"Zf3D0LXCM3EIMbgJpUNn", true, true},
		{"correcthorsebattery", false, true},
		{"correct-horse-battery-staple", false, true},
		{passwd, false, true},
		{"s3cr3t-Passw0rd!", false, true},
		{"correcthorsebattery", true, false}, // a key must look random
		{"Password", false, false},
		{"mandatory", false, false},
		{"CURLOPT_READDATA", false, false},
		{"changeme-later", false, false},
		{"<your-key>", true, false},
		{"${API_KEY}", true, false},
		{"%API_KEY%", true, false},
		{"process.env.API_KEY", true, false},
		{"/etc/secret/key.pem", true, false},
		{"xxxxxxxxxxxxxxxx", true, false},
		{"0000000000000000", true, false},
		{"short", false, false},
		{"two words here", false, false},
		{"1234567890123", true, false},
		{"AKIAIOSFODNN7EXAMPLE", true, false},
		{"your-api-key-here", true, false},
		{"9cbaf023786cd7...", true, false},
		{strings.Repeat("a1", 600), true, false}, // longer than any value judged
	}
	for _, tt := range tests {
		if got := credential(tt.v, tt.strict); got != tt.secret {
			t.Errorf("credential(%q, strict=%v) = %v, want %v", tt.v, tt.strict, got, tt.secret)
		}
	}
}

// TestWordy tells words from random letters.
func TestWordy(t *testing.T) {
	for v, want := range map[string]bool{
		"downloadModelSnapshotFromRemoteRepository": true,
		"HTTPServer":                 true,
		"ACAccountStore":             true,
		"RANDOMSTRINGHERE":           true,
		"my-bot-token":               true,
		"correcthorsebattery":        true,
		"OJOkawlRgcviofauRCQFAUtzIg": false,
		"rPZqpcvNhyfEStlKSLbxCWljRZ": false,
		"abc123":                     false,
	} {
		if got := wordy(v); got != want {
			t.Errorf("wordy(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestKeyedWholeValue: for a secret-named key a bare value runs to the end
// of its line, ; & blanks and punctuation included, up to where the line
// goes on with something else; the value found is redacted whole.
func TestKeyedWholeValue(t *testing.T) {
	d := newWith([]rule{catalogue[len(catalogue)-1]})
	pw := "Xk9mP2vL8qR4"
	tests := []struct{ name, text, value string }{
		{"semicolon", "DB_PASSWORD=" + pw + ";tZ7", pw + ";tZ7"},
		{"ampersand", "DB_PASSWORD=" + pw + "&", pw + "&"},
		{"blank", "DB_PASSWORD=" + pw + " tZ7w", pw + " tZ7w"},
		{"brackets", "DB_PASSWORD=" + pw + ")i4(9]{", pw + ")i4(9]{"},
		{"less than", "MYSQL_ROOT_PASSWORD=Tq8<vR2!mZ>p", "Tq8<vR2!mZ>p"},
		{"double equals", "DB_PASSWORD==(nPf0jWsqRo{+Wj_(C-", "=(nPf0jWsqRo{+Wj_(C-"},
		{"arrow", "DB_PASSWORD=>Z0qFw[p@C*A2_2xV%oU", ">Z0qFw[p@C*A2_2xV%oU"},
		{"trailing semicolon", "DB_PASSWORD=" + pw + ";", pw + ";"},
		{"quoted string", `"DB_PASSWORD=IEGbPBpKSMNlyoTMbYLWtBFb"`, "IEGbPBpKSMNlyoTMbYLWtBFb"},
		{"json string", `["AWS_SECRET_ACCESS_KEY=` + awsSecret + `", "REGION=eu"]`, awsSecret},
		{"escaped newline", `"DB_PASSWORD=` + pw + `\nDB_USER=app\n"`, pw},
		{"logfmt", "auth_token=" + awsSecret + " user=x", awsSecret},
		{"query", "/v1?access_token=" + pw + "&page=2", pw},
		{"flag", "mysql --password " + pw + " --user app", pw},
		{"call", "connect(password=" + pw + ")", pw},
		{"xml", "<password>" + pw + "</password>", pw},
		{"comment", "password: " + pw + " # rotated", pw},
		{"shell", "export DB_PASSWORD=" + pw + "; ./run", pw},
		{"netrc", "machine api.example.com login bob password " + pw, pw},
		{"netrc line", "  password 4f8e2a9c1b7d3e6f5a0c8b2d4e6f8a1c3b5d7e9f", "4f8e2a9c1b7d3e6f5a0c8b2d4e6f8a1c3b5d7e9f"},
		{"blank separated", "aws_secret_access_key " + awsSecret, awsSecret},
		{"tab separated", "SECRET_KEY\t" + pw, pw},
		{"rails", "SECRET_KEY_BASE=4f8e2a9c1b7d3e6f5a0c8b2d4e6f8a1c3b5d7e9f0a2c4e6f", "4f8e2a9c1b7d3e6f5a0c8b2d4e6f8a1c3b5d7e9f0a2c4e6f"},
		{"weak password", "POSTGRES_PASSWORD=Password123!", "Password123!"},
		{"pgpass", "db.internal:5432:app:appuser:" + pw, pw},
		{"pgpass any port", "*:*:*:postgres:" + pw, pw},
		{"pgpass grep -n", ".pgpass:3:db.internal:6432:app:appuser:" + pw, pw},
		{"pgpass grep", "home/u/.pgpass:db.internal:5432:app:appuser:" + pw, pw},
	}
	for _, tt := range tests {
		ms := d.findText(tt.text)
		if len(ms) != 1 {
			t.Errorf("%s: %q: %d matches, want 1", tt.name, tt.text, len(ms))
			continue
		}
		if got := tt.text[ms[0].Start:ms[0].End]; got != tt.value {
			t.Errorf("%s: found %q, want %q", tt.name, got, tt.value)
		}
	}
}

// TestKeyedCleanLines: what stays clean around the new value reading and
// line formats.
func TestKeyedCleanLines(t *testing.T) {
	d := newWith([]rule{catalogue[len(catalogue)-1]})
	for _, text := range []string{
		"PASSWORD_MIN_LENGTH=12",
		"SECRET_NAME=prod-db",
		`api_key = os.environ["API_KEY"]`,
		"password = getpass()",
		`password = getpass.getpass("Password: ")`,
		"DB_PASSWORD=${DB_PASSWORD}",
		"export DB_PASSWORD=$DB_PASSWORD",
		"password: Option<String>,",
		"token = ghp_" + strings.Repeat("0", 36),
		"password authentication failed for user app",
		"password protected",
		"the aws_secret_access_key field holds your key",
		"aws_secret_access_key    ****************ABCD shared-credentials-file",
		"SECRET_KEY\nZx8q2LmV9pRt4WkJq7Lp",
		"/etc/passwd:1:root:x:0:0:root:/root:/bin/bash",
		"12:30:45",
		"00:11:22:33:44:55",
		"main.go:12:5: undefined: token",
		"db.internal:5432:app:appuser:changeme",
		"db.internal:5432:app:appuser:${PGPASSWORD}",
		"if token==expected_token {",
	} {
		if ms := d.findText(text); len(ms) != 0 {
			t.Errorf("%q: found %q", text, text[ms[0].Start:ms[0].End])
		}
	}
}

// FuzzKeyedAt: whatever the text, reading a name, its value or a password
// file line at any keyword stays within the text, the value lies after
// the name, and the value judges never panic.
func FuzzKeyedAt(f *testing.F) {
	for _, s := range []string{
		"DB_PASSWORD=Xk9mP2vL8qR4;tZ7 x", `"DB_PASSWORD=IEGbPB\"x"`, "f(token=a(b)c) d", "?token=x&y=1",
		"h:5432:db:u:Xk9mP2vL8qR4", "a:1:h:*:d:u:p\\:w", "machine h login u password Xk9mP2vL8qR4",
		"password: ${X:-(}", "secret = $(a 'b)", "<password>x</password", "token==(x", "key: %(a)s<b>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		words.Scan(text, func(w, end int) bool {
			i := end - len(words.Words[w])
			sp, ns, ne, ok := keyedAt(text, i, end)
			if ns < 0 || ne > len(text) || ns > ne {
				t.Fatalf("name [%d,%d) outside %d bytes", ns, ne, len(text))
			}
			if ok && (sp.at < 0 || sp.at > sp.start || sp.start > sp.end || sp.end > len(text)) {
				t.Fatalf("span %+v outside %d bytes", sp, len(text))
			}
			return true
		})
		for _, v := range []string{text, strings.TrimSpace(text)} {
			_ = placeholder(v) || reference(v) || credential(v, true) || credential(v, false)
		}
	})
}
