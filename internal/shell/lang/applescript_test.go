package lang

import (
	"slices"
	"testing"
)

func TestAppleShell(t *testing.T) {
	tests := []struct {
		code string
		want []string
	}{
		{`do shell script "echo x >> ~/.bashrc"`, []string{"echo x >> ~/.bashrc"}},
		{`do shell script "cat x >> ~/.ba" & "shrc"`, []string{"cat x >> ~/.bashrc"}},
		{`DO SHELL SCRIPT "ls" with administrator privileges`, []string{"ls"}},
		{`do shell script "cat " & quoted form of p & " > ~/.bashrc"`, []string{"cat " + ShellUnknown + " > ~/.bashrc"}},
		{"do shell script \"cp x \" ¬\n & \"~/.bashrc\"", []string{"cp x ~/.bashrc"}},
		{`app.doShellScript("cp x ~/.bashrc")`, []string{"cp x ~/.bashrc"}},
		{`app.doShellScript("cp x ~/.ba" + "shrc")`, []string{"cp x ~/.bashrc"}},
		{`display dialog "hello"`, nil},
	}
	for _, tt := range tests {
		got := AppleShell(tt.code)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("AppleShell(%q) = %q, want %q among them", tt.code, got, w)
			}
		}
		if tt.want == nil && len(got) > 0 {
			t.Errorf("AppleShell(%q) = %q, want none", tt.code, got)
		}
	}
}

func FuzzAppleShell(f *testing.F) {
	for _, s := range []string{`do shell script "a" & "b"`, "do shell script ¬", `do shell script "\`, `doShellScript(`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) { AppleShell(code) })
}
