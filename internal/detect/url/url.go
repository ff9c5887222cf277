// Package url is the URL detector: cloud metadata endpoints (SSRF) and the
// domain blocklist (urls.blocklist, urls.allowlist).
//
// # Order
//
// A URL whose host is a cloud metadata endpoint is blocked with rule
// ssrf_protection, whatever the allowlist says. Otherwise a URL holding an
// allowlist entry (a substring, ignoring case) is allowed. Otherwise a URL
// whose host is a blocklist domain or one of its subdomains is blocked with
// rule blocked_domain.
//
// # SSRF targets
//
// The five of the spec: 169.254.169.254 (the link-local metadata service of
// most clouds), 169.254.169.123 (a cloud time service on the same link),
// 100.100.100.200, metadata.google.internal and metadata.azure.com. Aliases
// of the same services count too: fd00:ec2::254 (the IPv6 address of
// 169.254.169.254) and the single label metadata (short for
// metadata.google.internal).
//
// The host is compared after undoing the usual disguises: upper case, a
// trailing dot, percent-encoding, full-width dots, user info
// (http://x@169.254.169.254), a missing scheme, backslashes, a port, IPv4
// written in decimal, hex or octal or with fewer than four parts
// (2852039166, 0xa9fea9fe, 0251.0376.0251.0376, 169.254.43518), IPv4 inside
// IPv6 (::ffff:169.254.169.254, ::a9fe:a9fe, 64:ff9b::a9fe:a9fe, 6to4), IPv6
// zones, and wildcard-DNS names that embed the address
// (169.254.169.254.nip.io, 169-254-169-254.sslip.io, a9fea9fe.example).
// Where parsers disagree (a backslash before @, several @), every reading is
// checked. Names that merely resolve to a metadata address are out of reach
// of a detector that makes no DNS query.
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
	"unicode"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// ssrfTargets are the spec's five metadata endpoints, in the spec's order.
var ssrfTargets = []string{"169.254.169.254", "169.254.169.123", "100.100.100.200", "metadata.google.internal", "metadata.azure.com"}

// SSRFHosts returns the metadata endpoints that are always blocked.
func SSRFHosts() []string { return append([]string(nil), ssrfTargets...) }

// aliases maps other spellings of a target to the target.
var aliases = map[string]string{
	"fd00:ec2::254": "169.254.169.254",
	"metadata":      "metadata.google.internal",
}

// knownSchemes may be followed by the host without "//" (http:169.254.169.254).
var knownSchemes = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "ftps": true,
	"sftp": true, "gopher": true, "dict": true, "ldap": true, "tftp": true, "telnet": true}

// Detector checks URLs. It is safe for concurrent use.
type Detector struct {
	block []blocked
	allow []string // lowercase
}

type blocked struct {
	src    string // as written in the policy
	domain string // lowercase, without *. and trailing dot
}

// New checks and prepares the blocklist (domains, see [ValidateDomain]) and
// the allowlist (URL substrings).
func New(blocklist, allowlist []string) (*Detector, error) {
	d := &Detector{}
	for i, e := range blocklist {
		if err := ValidateDomain(e); err != nil {
			return nil, fmt.Errorf("blocklist entry %d: %w", i, err)
		}
		dom := strings.TrimSuffix(strings.TrimPrefix(strings.ToLower(e), "*."), ".")
		if a, ok := parseIP(dom); ok {
			dom = a.String()
		}
		d.block = append(d.block, blocked{src: e, domain: dom})
	}
	for i, a := range allowlist {
		if strings.TrimSpace(a) == "" {
			return nil, fmt.Errorf("allowlist entry %d: empty", i)
		}
		d.allow = append(d.allow, strings.ToLower(a))
	}
	return d, nil
}

// Check reports an SSRF target, then (unless the allowlist matches) a
// blocklisted domain.
func (d *Detector) Check(rawURL string) (event.Finding, bool) {
	hosts := hosts(rawURL)
	for _, h := range hosts {
		if target, ok := ssrfTarget(h); ok {
			return event.Finding{
				Detector:  event.DetectorURLs,
				Rule:      "ssrf_protection",
				Severity:  "critical",
				Reason:    fmt.Sprintf("url host '%s' is the cloud metadata endpoint %s", detect.Printable(h), target),
				LogReason: fmt.Sprintf("url %s is the cloud metadata endpoint %s", event.Redacted, target),
			}, true
		}
	}
	lower := strings.ToLower(strings.TrimSpace(rawURL))
	for _, a := range d.allow {
		if strings.Contains(lower, a) {
			return event.Finding{}, false
		}
	}
	for _, h := range hosts {
		canon := h
		if a, ok := parseIP(h); ok {
			canon = a.String()
		}
		for _, b := range d.block {
			if canon == b.domain || strings.HasSuffix(canon, "."+b.domain) {
				return event.Finding{
					Detector:  event.DetectorURLs,
					Rule:      "blocked_domain",
					Severity:  "high",
					Reason:    fmt.Sprintf("url host '%s' matches blocked domain '%s'", detect.Printable(h), b.src),
					LogReason: fmt.Sprintf("url %s matches blocked domain '%s'", event.Redacted, b.src),
				}, true
			}
		}
	}
	return event.Finding{}, false
}

// ssrfTarget reports the metadata endpoint host h stands for.
func ssrfTarget(h string) (string, bool) {
	if a, ok := parseIP(h); ok {
		h = a.String()
	}
	if t, ok := aliases[h]; ok {
		return t, true
	}
	for _, t := range ssrfTargets {
		if h == t {
			return t, true
		}
	}
	// Wildcard DNS names that embed an address: 169.254.169.254.nip.io,
	// 169-254-169-254.sslip.io, a9fea9fe.nip.io.
	if strings.ContainsAny(h, "0123456789") {
		for _, e := range embedded {
			if hasLabels(h, e.form) {
				return e.target, true
			}
		}
	}
	return "", false
}

// embedded lists the spellings of the IPv4 targets that wildcard DNS
// services accept inside a name: dotted, dashed and hex.
var embedded = []struct{ form, target string }{
	{"169.254.169.254", "169.254.169.254"}, {"169-254-169-254", "169.254.169.254"}, {"a9fea9fe", "169.254.169.254"},
	{"169.254.169.123", "169.254.169.123"}, {"169-254-169-123", "169.254.169.123"}, {"a9fea97b", "169.254.169.123"},
	{"100.100.100.200", "100.100.100.200"}, {"100-100-100-200", "100.100.100.200"}, {"646464c8", "100.100.100.200"},
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
	controls = strings.NewReplacer("\t", "", "\r", "", "\n", "") // dropped by URL parsers
	dots     = strings.NewReplacer("。", ".", "．", ".", "｡", ".") // full-width dots
)

// hosts returns every reading of the host of raw, lowercased and cleaned;
// none when raw has no host.
func hosts(raw string) []string {
	s := controls.Replace(strings.ToLower(strings.TrimSpace(raw)))
	var out []string
	add := func(h string) {
		if h == "" {
			return
		}
		for _, o := range out {
			if o == h {
				return
			}
		}
		out = append(out, h)
	}
	for _, v := range []string{strings.ReplaceAll(s, `\`, "/"), s} {
		auth := authority(v)
		add(cleanHost(auth, strings.LastIndexByte(auth, '@')))
		add(cleanHost(auth, strings.IndexByte(auth, '@')))
	}
	return out
}

// authority returns the part of a lowercased URL between the scheme and the
// path: user info, host and port.
func authority(s string) string {
	if i := strings.IndexByte(s, ':'); i > 0 && isScheme(s[:i]) {
		rest := s[i+1:]
		if strings.HasPrefix(rest, "//") || knownSchemes[s[:i]] {
			s = rest
		}
	}
	s = strings.TrimLeft(s, "/")
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	return s
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
func cleanHost(auth string, at int) string {
	h := auth[at+1:]
	if strings.HasPrefix(h, "[") {
		h = h[1:]
		if j := strings.IndexByte(h, ']'); j >= 0 {
			h = h[:j]
		}
	} else if strings.Count(h, ":") == 1 {
		h = h[:strings.IndexByte(h, ':')]
	}
	if dec, err := neturl.PathUnescape(h); err == nil {
		h = strings.ToLower(dec)
	}
	h = dots.Replace(h)
	return strings.TrimRight(h, ".")
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
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
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

// ValidateDomain reports whether entry is a blocklist entry: a host name
// (example.tld), optionally prefixed by *. (both forms block the domain and
// every subdomain), or an IP address. Case does not matter.
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
