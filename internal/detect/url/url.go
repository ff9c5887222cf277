// Package url is the URL detector: cloud metadata endpoints (SSRF) and the
// domain blocklist (urls.blocklist, urls.allowlist).
//
// # Order
//
// A URL whose host is a cloud metadata endpoint is blocked with rule
// ssrf_protection, whatever the allowlist says. So is, with rule
// invalid_url_host, a URL whose host URL clients cannot map to a host name
// (guard could not tell where it leads). Otherwise a URL an allowlist
// entry matches (see Allowlist) is allowed. Otherwise a URL whose host is a blocklist
// domain or one of its subdomains is blocked with rule blocked_domain.
//
// # Hosts as URL clients read them
//
// Every check sees the host the way browsers and HTTP clients map it
// (UTS #46, the WHATWG URL standard's domain-to-ASCII): after
// percent-decoding, full-width and circled characters become ASCII, case
// folds, soft hyphens and other ignored characters vanish, and non-ASCII
// names become punycode (xn--). So ①⑥⑨.②⑤④.①⑥⑨.②⑤④, １６９．２５４．１６９．２５４,
// ｍｅｔａｄａｔａ.google.internal and paste\u00adbin.com are the hosts they
// spell. Both the nontransitional mapping (browsers) and the transitional one
// (older clients: ß as ss, joiners dropped) are checked. A host that cannot
// be mapped, or maps to characters no host name holds, blocks.
//
// # SSRF targets
//
// The spec's five, and the other metadata and credential endpoints cloud
// providers document; ssrfTargets lists each with its reason, and aliases
// the other spellings of the same services (docs/POLICY.md has the table).
//
// The host is compared after undoing the usual disguises: upper case, a
// trailing dot, percent-encoding, Unicode look-alikes (above), user info
// (http://x@169.254.169.254), a missing scheme, a URL inside another
// (jar:http://169.254.169.254!/), backslashes, a port, IPv4 written in
// decimal, hex or octal or with fewer than four parts (2852039166,
// 0xa9fea9fe, 0251.0376.0251.0376, 169.254.43518), numbers past a part's
// size that some clients wrap (7147006462, 425.510.425.510,
// 0x41414141a9fea9fe), IPv4 inside IPv6 (::ffff:169.254.169.254, ::a9fe:a9fe,
// 64:ff9b::a9fe:a9fe, 6to4), IPv6 zones, and wildcard-DNS names that embed
// the address (169.254.169.254.nip.io, 169-254-169-254.sslip.io,
// a9fea9fe.example). Where parsers disagree (a backslash before @, several
// @), every reading is checked. Names that merely resolve to a metadata
// address are out of reach of a detector that makes no DNS query.
//
// # Allowlist
//
// An entry is read by its shape, [scheme://]host[:port][/path], and each
// part it has is compared with that part of the URL as a client fetches it:
// the scheme and the mapped host (never the user info) ignoring case, the
// port (the scheme's default when the URL has none), the path exactly after
// its dot segments are resolved (a prefix ending at a segment boundary). A
// path servers may read more than one way (an encoded slash, backslash, dot
// or percent sign, a non-ASCII byte, an empty segment, `..;`) matches no
// path entry: the host's other rules decide. Query and fragment
// are never compared: anyone can write any text there, and in the path of a
// host they run, without changing where the request goes. An entry without
// a scheme matches the host and its subdomains, as a blocklist entry does
// (github.com is not github.com.attacker.example); one with a scheme is the
// start of a URL, its host only itself unless written *.host. Every reading
// of the URL must be allowed.
//
// # Reasons
//
// A Reason may name the host; a LogReason names only the rule's target or
// blocklist entry, never the URL.
package url

import (
	"errors"
	"fmt"
	"net/netip"
	neturl "net/url"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/net/idna"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// Target is one always-blocked metadata endpoint and why.
type Target struct {
	Host string // a host name or a canonical IP address
	Why  string // what answers there
}

// ssrfTargets are the spec's five, in the spec's order, then the endpoints
// guard adds. Each is in docs/POLICY.md with its reason.
var ssrfTargets = []Target{
	{"169.254.169.254", "the instance metadata service of AWS, Google Cloud, Azure, Oracle, IBM, DigitalOcean, OpenStack and most others: instance credentials and user data"},
	{"169.254.169.123", "the Amazon Time Sync Service on the same link-local network"},
	{"100.100.100.200", "Alibaba Cloud's instance metadata service"},
	{"metadata.google.internal", "Google Cloud's metadata server by name"},
	{"metadata.azure.com", "Azure's metadata service by name"},
	{"169.254.170.2", "the Amazon ECS task metadata and container credentials endpoint (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI)"},
	{"169.254.170.23", "the Amazon EKS Pod Identity Agent, which hands pods their IAM credentials"},
	{"192.0.0.192", "Oracle Cloud's older instance metadata address, listed by public SSRF references (an IETF protocol-assignment address no public service uses)"},
	{"168.63.129.16", "Azure's WireServer, the VM agent's channel to the platform (goal state, extension settings)"},
	{"169.254.42.42", "Scaleway's instance metadata service"},
	{"api.metadata.cloud.ibm.com", "IBM Cloud VPC's instance metadata service by name (instance identity and IAM tokens)"},
	{"metadata.tencentyun.com", "Tencent Cloud's instance metadata service by name"},
	{"metadata.platformequinix.com", "Equinix Metal's metadata service (answers by source address, no authentication)"},
	{"rancher-metadata", "Rancher 1.x's metadata service inside every container"},
}

// aliases lists other spellings of a target with the target (a list, not a
// map: a map literal is built at every process start).
var aliases = []struct{ alias, target string }{
	{"fd00:ec2::254", "169.254.169.254"}, // AWS, IPv6
	{"instance-data", "169.254.169.254"}, // AWS, the name its DNS answers
	{"fd00:ec2::123", "169.254.169.123"}, // AWS time sync, IPv6
	{"fd00:ec2::23", "169.254.170.23"},   // EKS Pod Identity, IPv6
	{"fd00:42::42", "169.254.42.42"},     // Scaleway, IPv6
	{"metadata", "metadata.google.internal"},
	{"metadata.packet.net", "metadata.platformequinix.com"}, // Equinix Metal's earlier name
}

// SSRFHosts returns the metadata endpoints that are always blocked.
func SSRFHosts() []string {
	out := make([]string, len(ssrfTargets))
	for i, t := range ssrfTargets {
		out[i] = t.Host
	}
	return out
}

// SSRFTargets returns the metadata endpoints with their reasons.
func SSRFTargets() []Target { return append([]Target(nil), ssrfTargets...) }

// Aliases returns the other spellings of the SSRF targets, alias → target.
func Aliases() map[string]string {
	m := make(map[string]string, len(aliases))
	for _, a := range aliases {
		m[a.alias] = a.target
	}
	return m
}

// knownScheme reports the schemes that may be followed by the host without
// "//" (http:169.254.169.254).
func knownScheme(s string) bool {
	switch s {
	case "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "gopher", "dict", "ldap", "tftp", "telnet":
		return true
	}
	return false
}

// Detector checks URLs. It is safe for concurrent use.
type Detector struct {
	block []blocked
	allow []allowEntry
}

type blocked struct {
	src    string // as written in the policy
	domain string // mapped to ASCII, lowercase, without *. and trailing dot
}

// New checks and prepares the blocklist (domains, see [ValidateDomain]) and
// the allowlist (see [ValidateAllowEntry]).
func New(blocklist, allowlist []string) (*Detector, error) {
	d := &Detector{}
	for i, e := range blocklist {
		if err := ValidateDomain(e); err != nil {
			return nil, fmt.Errorf("blocklist entry %d: %w", i, err)
		}
		dom := strings.TrimSuffix(strings.TrimPrefix(strings.ToLower(e), "*."), ".")
		if a, ok := parseIP(dom); ok {
			dom = a.String()
		} else if m, err := mapHost(dom, lookup); err == nil {
			dom = m
		}
		d.block = append(d.block, blocked{src: e, domain: dom})
	}
	for i, a := range allowlist {
		if strings.TrimSpace(a) == "" {
			return nil, fmt.Errorf("allowlist entry %d: empty", i)
		}
		e, err := parseAllow(a)
		if err != nil {
			return nil, fmt.Errorf("allowlist entry %d: %w", i, err)
		}
		d.allow = append(d.allow, e)
	}
	return d, nil
}

// Check reports an SSRF target, then a host that cannot be mapped, then
// (unless the allowlist matches) a blocklisted domain.
func (d *Detector) Check(rawURL string) (event.Finding, bool) {
	rs := readings(rawURL)
	var unmappable *reading
	for i := range rs {
		r := &rs[i]
		if !r.mapped() && unmappable == nil {
			unmappable = r
		}
		for _, h := range r.ascii { // the forms that could be mapped
			if target, ok := ssrfTarget(h); ok {
				return event.Finding{
					Detector:  event.DetectorURLs,
					Rule:      "ssrf_protection",
					Severity:  "critical",
					Reason:    fmt.Sprintf("url host %s is the cloud metadata endpoint %s", shown(r.host, h), target),
					LogReason: fmt.Sprintf("url %s is the cloud metadata endpoint %s", event.Redacted, target),
				}, true
			}
		}
	}
	if unmappable != nil {
		return event.Finding{
			Detector:  event.DetectorURLs,
			Rule:      "invalid_url_host",
			Severity:  "high",
			Reason:    fmt.Sprintf("url host %s is not a host name URL clients can map (so where it leads cannot be checked)", shown(unmappable.host, "")),
			LogReason: fmt.Sprintf("url %s has a host name URL clients cannot map", event.Redacted),
		}, true
	}
	if d.allowed(rs) {
		return event.Finding{}, false
	}
	for _, r := range rs {
		for _, h := range r.ascii {
			canon := []string{h}
			for _, a := range ipReadings(h) {
				canon = append(canon, a.String())
			}
			for _, b := range d.block {
				for _, c := range canon {
					if c == b.domain || strings.HasSuffix(c, "."+b.domain) {
						return event.Finding{
							Detector:  event.DetectorURLs,
							Rule:      "blocked_domain",
							Severity:  "high",
							Reason:    fmt.Sprintf("url host %s matches blocked domain '%s'", shown(r.host, h), b.src),
							LogReason: fmt.Sprintf("url %s matches blocked domain '%s'", event.Redacted, b.src),
						}, true
					}
				}
			}
		}
	}
	return event.Finding{}, false
}

// maxShownHost bounds the host a Reason quotes.
const maxShownHost = 200

// shown quotes host for a Reason: printable, cut at maxShownHost bytes, and
// followed by the form it was read as when the mapping changed it (an
// invisible soft hyphen, full-width letters).
func shown(host, mapped string) string {
	q := host
	if len(q) > maxShownHost {
		q = strings.ToValidUTF8(q[:maxShownHost], "") + "…"
	}
	out := "'" + detect.Printable(q) + "'"
	if mapped != "" && mapped != host {
		if len(mapped) > maxShownHost {
			mapped = mapped[:maxShownHost] + "…"
		}
		out += " (read as '" + detect.Printable(mapped) + "')"
	}
	return out
}

// allowed reports whether every reading of the URL holds an allowlist
// entry (see the package documentation).
func (d *Detector) allowed(rs []reading) bool {
	if len(d.allow) == 0 || len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		if !d.allowedReading(r) {
			return false
		}
	}
	return true
}

func (d *Detector) allowedReading(r reading) bool {
	for _, h := range r.forms() {
		for _, a := range d.allow {
			if a.matches(r, h) {
				return true
			}
		}
	}
	return false
}

// ssrfTarget reports the metadata endpoint host h (mapped to ASCII) stands
// for.
func ssrfTarget(h string) (string, bool) {
	names := []string{h}
	for _, a := range ipReadings(h) {
		names = append(names, a.String())
	}
	for _, n := range names {
		for _, a := range aliases {
			if n == a.alias {
				return a.target, true
			}
		}
		for _, t := range ssrfTargets {
			if n == t.Host {
				return t.Host, true
			}
		}
	}
	// Wildcard DNS names that embed an address: 169.254.169.254.nip.io,
	// 169-254-169-254.sslip.io, a9fea9fe.nip.io.
	if strings.ContainsAny(h, "0123456789") {
		for _, e := range embedded() {
			if hasLabels(h, e.form) {
				return e.target, true
			}
		}
	}
	return "", false
}

// embedded lists the spellings of the IPv4 targets that wildcard DNS
// services accept inside a name: dotted, dashed and hex.
var embedded = sync.OnceValue(embeddedForms)

func embeddedForms() []struct{ form, target string } {
	var out []struct{ form, target string }
	for _, t := range ssrfTargets {
		a, err := netip.ParseAddr(t.Host)
		if err != nil || !a.Is4() {
			continue
		}
		b := a.As4()
		out = append(out,
			struct{ form, target string }{t.Host, t.Host},
			struct{ form, target string }{strings.ReplaceAll(t.Host, ".", "-"), t.Host},
			struct{ form, target string }{fmt.Sprintf("%02x%02x%02x%02x", b[0], b[1], b[2], b[3]), t.Host})
	}
	return out
}

// hasLabels reports whether sub occurs in h with neither a letter nor a
// digit right before or after it.
func hasLabels(h, sub string) bool {
	for from := 0; ; {
		i := strings.Index(h[from:], sub)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(sub)
		if (i == 0 || !alnum(h[i-1])) && (end == len(h) || !alnum(h[end])) {
			return true
		}
		from = i + 1
	}
}

func alnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// Replacers are safe for concurrent use.
var (
	controls = sync.OnceValue(func() *strings.Replacer { return strings.NewReplacer("\t", "", "\r", "", "\n", "") }) // dropped by URL parsers
	dots     = sync.OnceValue(func() *strings.Replacer { return strings.NewReplacer("。", ".", "．", ".", "｡", ".") }) // full-width dots
)

// reading is one way a URL client may read a URL.
type reading struct {
	scheme string   // lowercase, "" when none
	host   string   // lowercase, percent-decoded, without brackets, port and trailing dots
	port   string   // ":<port>" or ""
	path   string   // from the first / to the query or fragment, in the URL's case
	ascii  []string // host as clients map it (one or two forms)
	failed bool     // a client's mapping of the host fails
}

func (r *reading) mapped() bool { return !r.failed }

// forms returns the host spellings an allowlist entry may name: the mapped
// ASCII forms and their Unicode display forms.
func (r *reading) forms() []string {
	out := append([]string(nil), r.ascii...)
	for _, a := range r.ascii {
		if strings.Contains(a, "xn--") {
			if u, err := display().ToUnicode(a); err == nil && u != a {
				out = append(out, u)
			}
		}
	}
	return out
}

// maxReadings bounds the readings of one URL.
const maxReadings = 16

// readings returns every reading of raw, lowercased and cleaned; none when
// raw has no host.
func readings(raw string) []reading {
	// Only ASCII is lower-cased here: other letters are the mapping's to
	// fold (U+0130 is not i to a URL client).
	orig := controls().Replace(strings.TrimSpace(raw))
	s := asciiLower(orig)
	var out []reading
	add := func(r reading) {
		if r.host == "" || len(out) >= maxReadings {
			return
		}
		for _, o := range out {
			if o.host == r.host && o.scheme == r.scheme && o.port == r.port && o.path == r.path {
				return
			}
		}
		r.ascii, r.failed = mapForms(r.host)
		out = append(out, r)
	}
	for _, v := range variants(s) {
		scheme, auth, rest := split(v)
		path := rest
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		path = caseOf(path, orig[len(s)-len(rest):])
		for _, at := range []int{strings.LastIndexByte(auth, '@'), strings.IndexByte(auth, '@')} {
			host, port := cleanHost(auth, at)
			add(reading{scheme: scheme, host: host, port: port, path: path})
			if i := strings.IndexByte(host, '!'); i > 0 { // jar:http://host!/entry
				add(reading{scheme: scheme, host: strings.TrimRight(host[:i], "."), port: port, path: path})
			}
		}
	}
	return out
}

// caseOf returns p, a lowercased part of a URL (maybe with backslashes
// read as slashes), with the letters of orig, the URL's text at the same
// place: paths are compared case-sensitively.
func caseOf(p, orig string) string {
	if len(orig) < len(p) {
		return p
	}
	var b []byte
	for i := 0; i < len(p); i++ {
		if c := orig[i]; c != p[i] && 'A' <= c && c <= 'Z' && c+'a'-'A' == p[i] {
			if b == nil {
				b = []byte(p)
			}
			b[i] = c
		}
	}
	if b == nil {
		return p
	}
	return string(b)
}

// variants returns the spellings of s a parser may read: as written, with
// backslashes as slashes, and the URL inside another (jar:, view-source:).
func variants(s string) []string {
	out := []string{strings.ReplaceAll(s, `\`, "/"), s}
	for i := 0; i < len(out) && len(out) < 8; i++ {
		v := out[i]
		if j := strings.IndexByte(v, ':'); j > 0 && isScheme(v[:j]) {
			inner := v[j+1:]
			if k := strings.IndexByte(inner, ':'); k > 0 && isScheme(inner[:k]) && strings.HasPrefix(inner[k+1:], "//") {
				out = append(out, inner)
			}
		}
	}
	return out
}

// split returns the scheme ("" when none), the authority (user info, host
// and port) and the rest (path, query, fragment) of a lowercased URL.
func split(s string) (scheme, auth, rest string) {
	if i := strings.IndexByte(s, ':'); i > 0 && isScheme(s[:i]) {
		after := s[i+1:]
		if strings.HasPrefix(after, "//") || knownScheme(s[:i]) {
			scheme, s = s[:i], after
		}
	}
	s = strings.TrimLeft(s, "/")
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		return scheme, s[:i], s[i:]
	}
	return scheme, s, ""
}

func isScheme(s string) bool {
	for i, r := range s {
		if !('a' <= r && r <= 'z' || i > 0 && ('0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

// cleanHost drops the user info (up to the @ at index at, -1 for none) and
// the port of auth, decodes percent escapes and full-width dots, and trims
// brackets and trailing dots.
func cleanHost(auth string, at int) (host, port string) {
	h := auth[at+1:]
	if j := strings.IndexByte(h, ']'); strings.HasPrefix(h, "[") && j > 0 && ipLiteral(h[1:j]) && (j+1 == len(h) || h[j+1] == ':') {
		port = h[j+1:]
		h = h[1:j]
	} else if strings.ContainsAny(h, "[]") {
		// Not an IP literal: a curl glob ([1-9].host, [a-b]) or junk. No
		// client maps it to one host, so it stays as it is and cannot be
		// mapped.
		return h, ""
	} else if strings.Count(h, ":") == 1 {
		j := strings.IndexByte(h, ':')
		h, port = h[:j], h[j:]
	}
	if dec, err := neturl.PathUnescape(h); err == nil {
		h = asciiLower(dec)
	}
	h = dots().Replace(h)
	return strings.TrimRight(h, "."), port
}

// ipLiteral reports whether s, the inside of [ ] in a URL's host, is an IPv6
// address (with a zone or not) or an IPvFuture literal (v1.x).
func ipLiteral(s string) bool {
	if len(s) > 1 && (s[0] == 'v' || s[0] == 'V') {
		return true
	}
	if i := strings.Index(s, "%25"); i >= 0 {
		s = s[:i]
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

// The UTS #46 profiles URL clients use: the WHATWG URL standard's
// (nontransitional, no STD3 rules, no hyphen checks) and the transitional
// one of older clients. display turns punycode back into Unicode.
var (
	lookup = sync.OnceValue(func() *idna.Profile {
		return idna.New(idna.MapForLookup(), idna.BidiRule(), idna.StrictDomainName(false), idna.CheckHyphens(false), idna.Transitional(false))
	})
	transitional = sync.OnceValue(func() *idna.Profile {
		return idna.New(idna.MapForLookup(), idna.BidiRule(), idna.StrictDomainName(false), idna.CheckHyphens(false), idna.Transitional(true))
	})
	display = sync.OnceValue(func() *idna.Profile {
		return idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.CheckHyphens(false))
	})
)

// mapForms returns host as URL clients map it: one form, or two when the
// transitional mapping differs; failed when either cannot map it (forms
// then holds the one that could).
func mapForms(host string) (forms []string, failed bool) {
	if a, err := netip.ParseAddr(host); err == nil && a.Is6() {
		return []string{host}, false // an IPv6 literal is not a name
	}
	a, err := mapHost(host, lookup)
	if ascii(host) {
		if err != nil {
			return nil, true
		}
		return []string{a}, false
	}
	if err == nil {
		forms = append(forms, a)
	}
	t, terr := mapHost(host, transitional)
	if terr == nil && t != a {
		forms = append(forms, t)
	}
	return forms, err != nil || terr != nil
}

// Mapping errors of guard's own.
var (
	errForbidden = errors.New("maps to a character a host name cannot hold")
	errTooLong   = errors.New("longer than 2048 bytes before mapping") // maxMappedHost (TestErrTooLong)
)

// maxMappedHost bounds a host that needs mapping: a DNS name has at most
// 253 characters, each at most 4 bytes in UTF-8, and the bound leaves room
// for ignored characters. Past it the host blocks, so padding with soft
// hyphens cannot make guard give up on a name.
const maxMappedHost = 2048

// mapHost maps host with profile p. A plain ASCII name without punycode
// labels maps to itself; that is the common case and costs nothing.
func mapHost(host string, profile func() *idna.Profile) (string, error) {
	if ascii(host) && !strings.Contains(host, "xn--") {
		if strings.ContainsAny(host, "#%/:<>?@[\\]^|") {
			return "", errForbidden // [1-2].host, a|b: no client maps it
		}
		return host, nil
	}
	if len(host) > maxMappedHost {
		return "", errTooLong
	}
	m, err := profile().ToASCII(host)
	if err != nil {
		return "", err
	}
	m = strings.TrimRight(strings.ToLower(m), ".")
	if m == "" || strings.ContainsFunc(m, forbidden) {
		return "", errForbidden
	}
	return m, nil
}

// forbidden reports the characters the WHATWG URL standard forbids in a
// domain, which a mapping may produce (a full-width solidus maps to /).
func forbidden(r rune) bool {
	return r < 0x21 || r == 0x7f || strings.ContainsRune("#%/:<>?@[\\]^|", r)
}

// asciiLower lower-cases the ASCII letters of s and nothing else.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hosts returns the host of every reading of raw, for tests and fuzzing.
func hosts(raw string) []string {
	var out []string
	for _, r := range readings(raw) {
		out = append(out, r.host)
	}
	return out
}

// ipReadings returns the IP addresses h stands for: as permissive resolvers
// parse it, and, when a part is larger than its field, as clients that wrap
// it modulo the field's size read it (7147006462 is 169.254.169.254).
func ipReadings(h string) []netip.Addr {
	var out []netip.Addr
	if a, ok := parseIP(h); ok {
		out = append(out, a)
	}
	if a, ok := parseIPv4Wrapped(h); ok && (len(out) == 0 || out[0] != a) {
		out = append(out, a)
	}
	return out
}

// parseIP parses h as an IP address the way permissive resolvers do:
// IPv4 with one to four parts in decimal, octal (leading 0) or hex (0x),
// IPv6 with an optional zone. IPv4 carried in IPv6 (mapped, compatible,
// NAT64, 6to4) is returned as IPv4.
func parseIP(h string) (netip.Addr, bool) {
	if a, ok := parseIPv4(h); ok {
		return a, true
	}
	a, err := netip.ParseAddr(h)
	if err != nil || !a.Is6() {
		return netip.Addr{}, false
	}
	a = a.WithZone("")
	if a.Is4In6() {
		return a.Unmap(), true
	}
	b := a.As16()
	switch {
	case b == [16]byte{} || a == netip.IPv6Loopback():
	case [12]byte(b[:12]) == [12]byte{}: // ::a.b.c.d, IPv4-compatible
		return netip.AddrFrom4([4]byte(b[12:])), true
	case [12]byte(b[:12]) == [12]byte{0, 0x64, 0xff, 0x9b}: // 64:ff9b::/96, NAT64
		return netip.AddrFrom4([4]byte(b[12:])), true
	case b[0] == 0x20 && b[1] == 0x02: // 2002::/16, 6to4
		return netip.AddrFrom4([4]byte(b[2:6])), true
	}
	return a, true
}

func parseIPv4(h string) (netip.Addr, bool) {
	if strings.Count(h, ".") > 3 || len(h) > 4*(maxNumDigits+3) {
		return netip.Addr{}, false
	}
	parts := strings.Split(h, ".")
	var v uint64
	for i, p := range parts {
		n, ok := parseNum(p)
		if !ok {
			return netip.Addr{}, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return netip.Addr{}, false
			}
			v = v<<8 | n
			continue
		}
		rest := uint(8 * (4 - i)) // bits the last part fills
		if n >= 1<<rest {
			return netip.Addr{}, false
		}
		v = v<<rest | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// parseIPv4Wrapped parses h as IPv4 the way clients that wrap overflowing
// numbers do: each part but the last modulo 256, the last modulo the bits
// it fills. It reports false unless some part overflowed.
func parseIPv4Wrapped(h string) (netip.Addr, bool) {
	if strings.Count(h, ".") > 3 || len(h) > 4*(maxNumDigits+3) {
		return netip.Addr{}, false
	}
	parts := strings.Split(h, ".")
	var v uint64
	wrapped := false
	for i, p := range parts {
		bits := uint(8)
		if i == len(parts)-1 {
			bits = uint(8 * (4 - i))
		}
		n, over, ok := parseNumMod(p, bits)
		if !ok {
			return netip.Addr{}, false
		}
		wrapped = wrapped || over
		v = v<<bits | n
	}
	if !wrapped {
		return netip.Addr{}, false
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// parseNum parses one IPv4 part: 0x hex, 0 octal or decimal, at most 32 bits.
func parseNum(p string) (uint64, bool) {
	base := 10
	switch {
	case p == "":
		return 0, false
	case strings.HasPrefix(p, "0x"):
		p, base = p[2:], 16
	case len(p) > 1 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" || p[0] == '+' || p[0] == '-' || strings.ContainsRune(p, '_') {
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 32)
	return n, err == nil
}

// maxNumDigits bounds an IPv4 part that is read modulo its size.
const maxNumDigits = 64

// parseNumMod parses one IPv4 part of any length (at most maxNumDigits
// digits) modulo 2^bits, and reports whether it was larger.
func parseNumMod(p string, bits uint) (n uint64, over, ok bool) {
	base := uint64(10)
	switch {
	case p == "":
		return 0, false, false
	case strings.HasPrefix(p, "0x"):
		p, base = p[2:], 16
	case len(p) > 1 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" || len(p) > maxNumDigits {
		return 0, false, false
	}
	mask := uint64(1)<<bits - 1
	for i := 0; i < len(p); i++ {
		d, err := strconv.ParseUint(p[i:i+1], int(base), 8)
		if err != nil {
			return 0, false, false
		}
		full := n*base + d
		if full > mask || n > mask/base+1 {
			over = true
		}
		n = full & mask
	}
	return n, over, true
}

// ValidateDomain reports whether entry is a blocklist entry: a host name
// (example.tld, or a Unicode name that maps to one), optionally prefixed by
// *. (both forms block the domain and every subdomain), or an IP address.
// Case does not matter.
func ValidateDomain(entry string) error {
	d := strings.ToLower(entry)
	d = strings.TrimPrefix(d, "*.")
	d = strings.TrimSuffix(d, ".")
	switch {
	case d == "":
		return fmt.Errorf("domain %q: empty", entry)
	case strings.ContainsAny(d, "/:@?#[] \t\r\n"):
		if a, err := netip.ParseAddr(d); err == nil && a.Is6() {
			return nil
		}
		return fmt.Errorf("domain %q: not a host name (write it without scheme, port or path)", entry)
	case len(d) > 253:
		return fmt.Errorf("domain %q: longer than 253 characters", entry)
	}
	for _, label := range strings.Split(d, ".") {
		if err := validLabel(label); err != nil {
			return fmt.Errorf("domain %q: %w", entry, err)
		}
	}
	if _, err := mapHost(d, lookup); err != nil {
		return fmt.Errorf("domain %q: not a host name URL clients can map: %w", entry, err)
	}
	return nil
}

func validLabel(l string) error {
	if l == "" {
		return errors.New("empty label")
	}
	if len(l) > 63 {
		return errors.New("label longer than 63 characters")
	}
	for _, r := range l {
		if !(r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || r > unicode.MaxASCII && unicode.IsLetter(r)) {
			return fmt.Errorf("character %q not allowed", r)
		}
	}
	return nil
}
