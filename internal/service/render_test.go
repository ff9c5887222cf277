package service

import (
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the rendered text:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

var renderSpecs = []struct {
	name string
	spec Spec
}{
	{"default", Spec{
		Executable: "/usr/local/bin/guard",
		Args:       []string{"serve"},
		LogFile:    "/home/ada/.guard/service.log",
	}},
	{"guard-home", Spec{
		Executable: "/opt/my tools/100%/guard",
		Args:       []string{"serve"},
		GuardHome:  `/data/ada's "guard" $dir`,
		LogFile:    "/data/ada's guard/service.log",
	}},
}

func TestSystemdUnitGolden(t *testing.T) {
	for _, tc := range renderSpecs {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SystemdUnit(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".service", got)
			if !strings.Contains(got, "\nWantedBy=default.target\n") {
				t.Error("unit is not wanted by default.target (the user session)")
			}
		})
	}
}

func TestLaunchdPlistGolden(t *testing.T) {
	for _, tc := range renderSpecs {
		t.Run(tc.name, func(t *testing.T) {
			got, err := LaunchdPlist(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".plist", got)
			if err := wellFormed(got); err != nil {
				t.Errorf("plist is not well-formed XML: %v", err)
			}
			if !strings.Contains(got, "<key>RunAtLoad</key>\n\t<true/>") {
				t.Error("plist does not set RunAtLoad")
			}
		})
	}
}

// wellFormed reads doc to the end as strict XML.
func wellFormed(doc string) error {
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestRenderRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
		want string
	}{
		{"empty", Spec{}, "executable path is empty"},
		{"relative", Spec{Executable: "bin/guard"}, "not absolute"},
		{"newline in path", Spec{Executable: "/x\n[Service]\nExecStart=/bin/evil"}, "control character"},
		{"newline in arg", Spec{Executable: "/x", Args: []string{"a\nb"}}, "control character"},
		{"newline in home", Spec{Executable: "/x", GuardHome: "/h\r"}, "control character"},
		{"not utf-8", Spec{Executable: "/x\xff"}, "not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, render := range []func(Spec) (string, error){SystemdUnit, LaunchdPlist} {
				got, err := render(tc.spec)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want one containing %q", err, tc.want)
				}
				if got != "" {
					t.Errorf("rendered %q alongside an error", got)
				}
			}
		})
	}
}

func TestSystemdArg(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"serve", "serve"},
		{"", `""`},
		{"/a b/guard", `"/a b/guard"`},
		{`say "hi"`, `"say \"hi\""`},
		{`back\slash`, `"back\\slash"`},
		{"100%", "100%%"},
		{"$HOME", "$$HOME"},
		{";", `";"`},
	} {
		if got := systemdArg("GUARD_HOME=$x 1%", false); got != `"GUARD_HOME=$x 1%%"` {
			t.Errorf("environment word = %s, want $ kept and %% doubled", got)
		}
		if got := systemdArg(tc.in, true); got != tc.want {
			t.Errorf("systemdArg(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestRunCommandLine(t *testing.T) {
	for _, tc := range []struct {
		exe  string
		args []string
		want string
	}{
		{`C:\Users\ada\AppData\Local\Programs\guard\guard.exe`, []string{"service", "start"},
			`C:\Users\ada\AppData\Local\Programs\guard\guard.exe service start`},
		{`C:\Program Files\guard\guard.exe`, []string{"service", "start"},
			`"C:\Program Files\guard\guard.exe" service start`},
		{`C:\a b\`, []string{`x"y`, ""}, `"C:\a b\\" "x\"y" ""`},
	} {
		if got := RunCommandLine(tc.exe, tc.args...); got != tc.want {
			t.Errorf("RunCommandLine(%q, %q) = %s, want %s", tc.exe, tc.args, got, tc.want)
		}
	}
}

func TestParseLinger(t *testing.T) {
	for _, tc := range []struct {
		in         string
		linger, ok bool
	}{
		{"Linger=yes\n", true, true},
		{"Linger=no\n", false, true},
		{"Name=ada\nLinger=no\n", false, true},
		{"  Linger=yes  ", true, true},
		{"Linger=maybe\n", false, false},
		{"", false, false},
		{"Failed to get user: No such user\n", false, false},
	} {
		linger, ok := ParseLinger(tc.in)
		if linger != tc.linger || ok != tc.ok {
			t.Errorf("ParseLinger(%q) = %v, %v; want %v, %v", tc.in, linger, ok, tc.linger, tc.ok)
		}
	}
}

// FuzzSystemdUnit checks that no path or argument can add a line to the
// unit: a rendered unit always has the same line count, or it is refused.
func FuzzSystemdUnit(f *testing.F) {
	f.Add("/usr/local/bin/guard", "serve", "")
	f.Add("/a b/%i/$x", `"q" \ ;`, "/h")
	f.Add("/x\n[Service]", "a", "b\rc")
	f.Fuzz(func(t *testing.T, exe, arg, home string) {
		s := Spec{Executable: exe, Args: []string{arg}, GuardHome: home}
		unit, err := SystemdUnit(s)
		if err != nil {
			if unit != "" {
				t.Fatal("text returned with an error")
			}
			return
		}
		want := 14
		if home != "" {
			want++
		}
		if n := strings.Count(unit, "\n"); n != want {
			t.Fatalf("unit has %d lines, want %d:\n%s", n, want, unit)
		}
		plist, err := LaunchdPlist(s)
		if err != nil {
			t.Fatalf("plist refused what the unit accepted: %v", err)
		}
		if err := wellFormed(plist); err != nil {
			t.Fatalf("plist is not well-formed XML: %v\n%s", err, plist)
		}
	})
}

// FuzzParseLinger checks that any output parses without panicking and
// that linger is only reported when understood.
func FuzzParseLinger(f *testing.F) {
	f.Add("Linger=yes\n")
	f.Add("Linger=no")
	f.Add("Linger=\n")
	f.Fuzz(func(t *testing.T, out string) {
		linger, ok := ParseLinger(out)
		if linger && !ok {
			t.Fatal("linger reported without understanding the output")
		}
		if ok && !strings.Contains(out, "Linger=") {
			t.Fatal("understood output without a Linger line")
		}
	})
}
