package shell

import (
	"strings"
	"testing"
)

func TestReadAwkOption(t *testing.T) {
	tests := []struct {
		args  string
		kinds []awkKind
		value string
		last  int
		ok    bool
	}{
		{args: "-F: prog", kinds: []awkKind{awkData}, value: ":", last: 0, ok: true},
		{args: "-F : prog", kinds: []awkKind{awkData}, value: ":", last: 1, ok: true},
		{args: "-bf x.awk", kinds: []awkKind{awkFlag, awkFile}, value: "x.awk", last: 1, ok: true},
		{args: "-W exec x.awk", kinds: []awkKind{awkFile}, value: "x.awk", last: 2, ok: true},
		{args: "-Wversion,exec x.awk", kinds: []awkKind{awkFlag, awkFile}, value: "x.awk", last: 1, ok: true},
		{args: "-W sprintf=1,2 prog", kinds: []awkKind{awkData}, value: "1,2", last: 1, ok: true},
		{args: "--exec=x.awk", kinds: []awkKind{awkFile}, value: "x.awk", last: 0, ok: true},
		{args: "--pretty", kinds: []awkKind{awkWrites}, value: "awkprof.out", last: 0, ok: true},
		{args: "-o prog", kinds: []awkKind{awkWrites}, value: "awkprof.out", last: 0, ok: true},
		{args: "-ofile prog", kinds: []awkKind{awkWrites}, value: "file", last: 0, ok: true},
		{args: "--p prog", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "--version=x", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-safe prog", kinds: []awkKind{awkFlag, awkUnknown}, last: 0, ok: true},
		{args: "-f", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-W", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-- prog", last: 0},
		{args: "- prog", last: 0},
		{args: "{print} data", last: 0},
	}
	for _, tt := range tests {
		args := strings.Fields(tt.args)
		uses, last, ok := readAwkOption(args, 0)
		if ok != tt.ok || last != tt.last || len(uses) != len(tt.kinds) {
			t.Errorf("%q: got %v, %d, %v; want %d uses, %d, %v", tt.args, uses, last, ok, len(tt.kinds), tt.last, tt.ok)
			continue
		}
		for i, u := range uses {
			if u.kind != tt.kinds[i] {
				t.Errorf("%q: use %d is kind %d, want %d", tt.args, i, u.kind, tt.kinds[i])
			}
		}
		if tt.value != "" && uses[len(uses)-1].value != tt.value {
			t.Errorf("%q: value %q, want %q", tt.args, uses[len(uses)-1].value, tt.value)
		}
	}
}

func FuzzReadAwkOption(f *testing.F) {
	for _, s := range []string{"-W exec x", "-Wa,b,c d", "--exec=x", "-bF:", "-o", "--p=x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		if len(args) == 0 {
			return
		}
		uses, last, ok := readAwkOption(args, 0)
		if last < 0 || last >= len(args) {
			t.Fatalf("%q: last %d out of range", s, last)
		}
		if !ok && (len(uses) > 0 || last != 0) {
			t.Fatalf("%q: no option, yet %d uses up to %d", s, len(uses), last)
		}
		for _, u := range uses {
			if u.at >= len(args) || u.at > last {
				t.Fatalf("%q: value at %d past %d", s, u.at, last)
			}
		}
	})
}

func TestReadMawk(t *testing.T) {
	tests := []struct {
		args  string
		text  int    // the program text's word, -1 none
		files string // the program files' values, joined by spaces
	}{
		{args: "{print} f", text: 0},
		{args: "-F: {print} f", text: 1},
		{args: "-F : {print} f", text: 2},
		{args: "-v x=1 -- {print} f", text: 3},
		{args: "-r A B f", text: 2}, // -r takes the next word (FINDINGS43a I4)
		{args: "-rf A B", text: 1},  // no clustering: -r with the value f
		{args: "-W exec= p.awk f", text: -1, files: "p.awk"},
		{args: "-Wexec==x p.awk f", text: -1, files: "p.awk"},
		{args: "-W exec=, p.awk f", text: -1, files: "p.awk"},
		{args: "--exec= p.awk f", text: -1, files: "p.awk"},
		{args: "--exec==x p.awk", text: -1, files: "p.awk"},
		{args: "--EX p.awk", text: -1, files: "p.awk"},
		{args: "-We p.awk", text: -1, files: "p.awk"},
		{args: "-W exec=p.awk f", text: -1, files: "p.awk"},
		{args: "-Wexec=a,b f", text: -1, files: "a,b"},
		{args: "-W sprintf=9,exec p.awk", text: -1, files: "p.awk"},
		{args: "-W random 5 {print}", text: 3},
		{args: "-f a -f b f", text: -1, files: "a b"},
		{args: "-fa f", text: -1, files: "a"},
		{args: "-W version {print}", text: 2},
		{args: "--version {print}", text: -1},
		{args: "-e {print} f", text: -1}, // mawk rejects -e
		{args: "-W exec", text: -1},
		{args: "-f", text: -1},
	}
	for _, tt := range tests {
		p := readMawk(strings.Fields(tt.args))
		var files []string
		for _, u := range p.files {
			files = append(files, u.value)
		}
		if p.text != tt.text || strings.Join(files, " ") != tt.files {
			t.Errorf("%q: text %d, files %q; want %d, %q", tt.args, p.text, files, tt.text, tt.files)
		}
	}
}

func TestReadGawk(t *testing.T) {
	tests := []struct {
		args  string
		text  int
		texts string
	}{
		{args: "{print} f", text: 0},
		{args: "-r A B", text: 1},
		{args: "-e A -e B f", text: -1, texts: "A B"},
		{args: "-- {print} f", text: 1},
		{args: "-f p.awk f", text: -1},
	}
	for _, tt := range tests {
		p, texts := readGawk(strings.Fields(tt.args))
		if p.text != tt.text || strings.Join(texts, " ") != tt.texts {
			t.Errorf("%q: text %d, texts %q; want %d, %q", tt.args, p.text, texts, tt.text, tt.texts)
		}
	}
}

func FuzzReadMawk(f *testing.F) {
	for _, s := range []string{"-W exec= x", "-Wa,b,c d", "--exec==x y", "-rf x", "-W random=1,exec x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		p := readMawk(args)
		if p.text >= len(args) {
			t.Fatalf("%q: text %d out of range", s, p.text)
		}
		for _, u := range p.files {
			if u.at < 0 || u.at >= len(args) {
				t.Fatalf("%q: file at %d out of range", s, u.at)
			}
		}
	})
}
