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
