package secret

import "strings"

// nameKind is what a key's name says about its value.
type nameKind uint8

const (
	notSecret   nameKind = iota
	lenient              // a password: any value that is not a placeholder or a word
	strict               // a token, key, secret or credential: a random-looking value
	schemeFirst          // an Authorization value: a scheme word, then the credential
)

// maxWords bounds the words of a name that are looked at (the last ones).
const maxWords = 12

// judgeName says whether name (a key, a variable, a flag, a header) names
// a secret, and the secret word it ends with. It splits the name into words (snake_case, kebab-case, dotted,
// camelCase, markdown-escaped) and asks that the last word, after
// modifiers such as a number, _value or _b64, be a secret word:
//
//   - password, passwd, passphrase, pwd (lenient);
//   - secret, token, credential(s), creds, pass, auth (strict);
//   - key after a word that makes it a secret key (api, access, secret,
//     private, client, account, signing…);
//   - those glued to such words (clientsecret, apikey, SECRETACCESSKEY);
//   - authorization (the value follows a scheme word).
//
// Not secret: a name ending in another word (secret_name, token_url,
// password_length, CREDENTIALS_ID), plural collections (secrets, tokens),
// and the kinds of token and key that are not credentials (public_key,
// csrf_token, next_page_token, max_tokens, primary_key).
func judgeName(name string) (nameKind, string) {
	var ws [maxWords]string
	n := splitWords(name, ws[:])
	// Drop trailing modifiers: the name still names the secret.
	for n > 1 && modifier(ws[n-1]) {
		n--
	}
	if n == 0 {
		return notSecret, ""
	}
	for k := 0; k < n-1; k++ {
		if ws[k] == "public" || ws[k] == "pub" {
			return notSecret, ""
		}
	}
	last := ws[n-1]
	prev := ""
	if n > 1 {
		prev = ws[n-2]
	}
	if last == "authorization" || strings.HasSuffix(last, "authorization") && qualifiers(strings.TrimSuffix(last, "authorization"), 0) {
		return schemeFirst, "authorization"
	}
	head, glue, ok := splitHead(last)
	if !ok {
		return notSecret, ""
	}
	if glue == "" {
		glue = prev
	} else if !qualifiers(glue, 0) {
		return notSecret, ""
	}
	if notCredential(glue) {
		return notSecret, ""
	}
	switch head {
	case "key":
		// A key is a secret only as an api/access/secret/private… key.
		if glue == "" || !keyQualifier(lastQualifier(glue)) {
			return notSecret, ""
		}
		return strict, head
	case "password", "passwd", "passphrase", "pwd":
		return lenient, head
	}
	return strict, head
}

// splitWords splits name into lower-case words, the last maxWords of them
// kept in ws; it returns their number. Separators are _ - . \ and blanks;
// a capital after a lower-case letter or digit starts a word (secretKey),
// as does the last capital of a run followed by a lower-case letter
// (AWSToken: aws, token). Trailing digits stay with their word (token1).
func splitWords(name string, ws []string) int {
	n := 0
	add := func(w string) {
		if w == "" {
			return
		}
		w = strings.ToLower(w)
		if n == len(ws) {
			copy(ws, ws[1:])
			n--
		}
		ws[n] = w
		n++
	}
	start := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !alnum(c) {
			add(name[start:i])
			start = i + 1
			continue
		}
		if i > start && upper(c) {
			p := name[i-1]
			if lower(p) || ('0' <= p && p <= '9' && i-1 > start && letter(name[i-2]) && lower(name[i-2])) ||
				(upper(p) && i+1 < len(name) && lower(name[i+1])) {
				add(name[start:i])
				start = i
			}
		}
	}
	add(name[start:])
	return n
}

// modifier reports whether w, after a secret word, keeps the name a
// secret's: a number, an encoding, an environment, a form.
func modifier(w string) bool {
	if numeric(w) {
		return true
	}
	switch w {
	case "string", "str", "value", "val", "b64", "base64", "enc", "encoded", "raw", "plain", "plaintext",
		"text", "txt", "data", "bytes", "hex", "literal", "prod", "production", "dev", "development",
		"staging", "stage", "local", "live", "test", "new", "old", "current", "default", "main",
		"secondary", "backup", "orig", "original", "v1", "v2", "v3", "base":
		return true
	}
	return false
}

// heads are the secret words a name can end with, longest first (so that
// a glued word is split at the longest).
var heads = [...]string{"credentials", "passphrase", "credential", "password", "passwd", "secret", "token", "creds", "auth", "pass", "pwd", "key"}

// splitHead splits the word w into a secret head it ends with and the
// glue before it (apikey: api, key; token1: "", token).
func splitHead(w string) (head, glue string, ok bool) {
	w = strings.TrimRight(w, "0123456789")
	for _, h := range heads {
		if strings.HasSuffix(w, h) {
			if h == "pass" && w != h {
				return "", "", false // bypass, compass, ssh_pass is separate
			}
			return h, w[:len(w)-len(h)], true
		}
	}
	return "", "", false
}

// qualifierWords may be glued before a secret head (clientsecret,
// secretaccesskey, keystorepassword, refreshtoken).
var qualifierWords = [...]string{
	"access", "refresh", "api", "auth", "bearer", "bot", "user", "app", "application", "client", "secret",
	"private", "priv", "session", "id", "oauth", "personal", "service", "master", "admin", "root", "db",
	"database", "smtp", "mail", "ssh", "consumer", "signing", "sign", "encryption", "encrypt", "account",
	"shared", "storage", "webhook", "license", "licence", "deploy", "registry", "jwt", "hmac", "login",
	"key", "store", "trust", "proxy", "subscription", "integration", "sas", "install", "installation",
	"upload", "publish", "ci", "runner", "cluster", "vault", "x",
}

// qualifiers reports whether glue is made of qualifier words only.
func qualifiers(glue string, depth int) bool {
	if glue == "" {
		return true
	}
	if depth > 4 {
		return false
	}
	for _, q := range qualifierWords {
		if strings.HasSuffix(glue, q) && qualifiers(glue[:len(glue)-len(q)], depth+1) {
			return true
		}
	}
	return false
}

// lastQualifier returns the last qualifier word of glue (secretaccess:
// access), or glue itself.
func lastQualifier(glue string) string {
	for _, q := range qualifierWords {
		if strings.HasSuffix(glue, q) && len(q) < len(glue) {
			return q
		}
	}
	return glue
}

// keyQualifier reports whether w before "key" makes a secret key.
func keyQualifier(w string) bool {
	switch w {
	case "api", "access", "secret", "private", "priv", "auth", "client", "account", "master", "signing",
		"sign", "encryption", "encrypt", "app", "application", "consumer", "shared", "storage",
		"subscription", "service", "webhook", "license", "licence", "session", "hmac", "jwt", "ssh",
		"deploy", "admin", "root", "rsa", "gpg", "pgp", "sas", "integration", "x":
		return true
	}
	return false
}

// notCredential reports whether w before a secret word makes it something
// other than a credential: a kind of token that is a position or a count,
// a protection token, or a question about the secret (is_password).
func notCredential(w string) bool {
	switch w {
	case "csrf", "xsrf", "page", "next", "prev", "previous", "continuation", "cancellation", "cancel",
		"sync", "lexer", "parser", "syntax", "eof", "max", "min", "num", "count", "total", "input",
		"output", "completion", "prompt", "bos", "eos", "pad", "unk", "sep", "cls", "mask",
		"verification", "forgery", "cursor", "paging", "pagination", "reset", "forgot", "show", "hide",
		"has", "is", "no", "use", "enable", "disable", "require", "required", "check", "validate",
		"primary", "foreign", "sort", "partition", "cache", "map", "dict", "hash", "lookup", "index",
		"unique", "composite", "idempotency", "range", "row", "column", "field", "object", "public",
		"pub", "anon", "anonymous", "publishable", "authenticity":
		return true
	}
	return false
}
