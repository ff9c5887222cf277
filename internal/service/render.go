package service

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Spec is what the service runs: one program with its arguments, as the
// current user, and where its output goes when the service manager does not
// keep a journal.
type Spec struct {
	// Executable is the absolute path of the guard binary.
	Executable string
	// Args are the arguments after the executable (normally "serve").
	Args []string
	// GuardHome, when not empty, is passed to the service as GUARD_HOME so
	// the console reads the same directory the installing shell uses.
	GuardHome string
	// LogFile receives the program's standard output and error where the
	// service manager has no journal (launchd, Windows).
	LogFile string
}

// Names the service is known by.
const (
	// UnitName is the systemd user unit's file name.
	UnitName = "guard.service"
	// LaunchdLabel is the launchd job label and the plist's base name.
	LaunchdLabel = "io.github.guardhq.guard"
	// RunValueName is the value under HKCU\…\CurrentVersion\Run on Windows.
	RunValueName = "guard"
)

// errControl is returned for a path or argument that holds a control
// character or is not UTF-8, which no service definition can carry safely.
var errControl = errors.New("contains a control character or is not UTF-8")

// check rejects specs that cannot be written into a service definition.
func (s Spec) check() error {
	if s.Executable == "" {
		return errors.New("executable path is empty")
	}
	if !filepath.IsAbs(s.Executable) && !strings.HasPrefix(s.Executable, "/") {
		return fmt.Errorf("executable path %q is not absolute", s.Executable)
	}
	for _, v := range append([]string{s.Executable, s.GuardHome, s.LogFile}, s.Args...) {
		if hasControl(v) {
			return fmt.Errorf("%q %w", v, errControl)
		}
	}
	return nil
}

func hasControl(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0xfffe || r == 0xffff {
			return true
		}
	}
	return false
}

// SystemdUnit renders the systemd user unit (~/.config/systemd/user/guard.service)
// for s: started with the user's session (WantedBy=default.target), restarted
// when it fails, and skipped when the binary is gone.
func SystemdUnit(s Spec) (string, error) {
	if err := s.check(); err != nil {
		return "", fmt.Errorf("systemd unit: %w", err)
	}
	exec := []string{systemdArg(s.Executable, true)}
	for _, a := range s.Args {
		exec = append(exec, systemdArg(a, true))
	}
	var b strings.Builder
	b.WriteString("# Written by 'guard service install'; remove with 'guard service uninstall'.\n")
	b.WriteString("[Unit]\n")
	b.WriteString("Description=guard console (local web view of the guard audit log)\n")
	b.WriteString("Documentation=https://github.com/guardhq/guard\n")
	b.WriteString("ConditionFileIsExecutable=" + strings.ReplaceAll(s.Executable, "%", "%%") + "\n")
	b.WriteString("\n[Service]\n")
	b.WriteString("Type=simple\n")
	b.WriteString("ExecStart=" + strings.Join(exec, " ") + "\n")
	if s.GuardHome != "" {
		b.WriteString("Environment=" + systemdArg("GUARD_HOME="+s.GuardHome, false) + "\n")
	}
	b.WriteString("Restart=on-failure\n")
	b.WriteString("RestartSec=5\n")
	b.WriteString("\n[Install]\n")
	b.WriteString("WantedBy=default.target\n")
	return b.String(), nil
}

// systemdArg renders one word of an ExecStart (exec) or Environment line:
// specifiers (%) escaped everywhere, variables ($) in ExecStart, and quoted
// when it holds anything systemd would split or unescape.
func systemdArg(v string, exec bool) string {
	v = strings.ReplaceAll(v, "%", "%%")
	if exec {
		v = strings.ReplaceAll(v, "$", "$$")
	}
	if v != "" && !strings.ContainsAny(v, " \t\"'\\;") {
		return v
	}
	v = strings.ReplaceAll(v, `\`, `\\`)
	v = strings.ReplaceAll(v, `"`, `\"`)
	return `"` + v + `"`
}

// LaunchdPlist renders the launchd agent (~/Library/LaunchAgents/<label>.plist)
// for s: loaded at login (RunAtLoad), restarted when it exits with an error,
// its output appended to s.LogFile.
func LaunchdPlist(s Spec) (string, error) {
	if err := s.check(); err != nil {
		return "", fmt.Errorf("launchd plist: %w", err)
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Written by 'guard service install'; remove with 'guard service uninstall'. -->
<plist version="1.0">
<dict>
	<key>Label</key>
	<string>` + LaunchdLabel + `</string>
	<key>ProgramArguments</key>
	<array>
`)
	for _, a := range append([]string{s.Executable}, s.Args...) {
		b.WriteString("\t\t<string>" + xmlEscape(a) + "</string>\n")
	}
	b.WriteString("\t</array>\n")
	if s.GuardHome != "" {
		b.WriteString("\t<key>EnvironmentVariables</key>\n\t<dict>\n")
		b.WriteString("\t\t<key>GUARD_HOME</key>\n\t\t<string>" + xmlEscape(s.GuardHome) + "</string>\n")
		b.WriteString("\t</dict>\n")
	}
	b.WriteString(`	<key>RunAtLoad</key>
	<true/>
	<key>KeepAlive</key>
	<dict>
		<key>SuccessfulExit</key>
		<false/>
	</dict>
	<key>ProcessType</key>
	<string>Background</string>
`)
	if s.LogFile != "" {
		b.WriteString("\t<key>StandardOutPath</key>\n\t<string>" + xmlEscape(s.LogFile) + "</string>\n")
		b.WriteString("\t<key>StandardErrorPath</key>\n\t<string>" + xmlEscape(s.LogFile) + "</string>\n")
	}
	b.WriteString("</dict>\n</plist>\n")
	return b.String(), nil
}

var xmlReplacer = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;", `'`, "&apos;")

func xmlEscape(v string) string { return xmlReplacer.Replace(v) }

// RunCommandLine renders the Windows Run-key command line that starts the
// service at logon: the executable and arguments, each quoted the way
// CommandLineToArgvW reads them back.
func RunCommandLine(executable string, args ...string) string {
	parts := make([]string, 0, 1+len(args))
	for _, a := range append([]string{executable}, args...) {
		parts = append(parts, windowsQuote(a))
	}
	return strings.Join(parts, " ")
}

// windowsQuote quotes one argument for CommandLineToArgvW (the same rules as
// syscall.EscapeArg, which exists only on Windows builds).
func windowsQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"") {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	slashes := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			slashes++
		case '"':
			b.WriteString(strings.Repeat(`\`, slashes+1))
			slashes = 0
		default:
			slashes = 0
		}
		b.WriteByte(c)
	}
	b.WriteString(strings.Repeat(`\`, slashes))
	b.WriteByte('"')
	return b.String()
}
