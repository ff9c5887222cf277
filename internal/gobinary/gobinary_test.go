package gobinary

import (
	"bytes"
	"debug/buildinfo"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestMainModuleSelf: the test binary is a build of guard's module.
func TestMainModuleSelf(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	f, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := MainModule(f)
	if err != nil || got != "github.com/guardhq/guard" {
		t.Errorf("MainModule(test binary) = %q, %v", got, err)
	}
}

// TestMainModuleFormats: a program of another module built for each
// format guard ships on (stripped and not, and a universal Mach-O file
// around the macOS one) reads as debug/buildinfo reads it.
func TestMainModuleFormats(t *testing.T) {
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		t.Skip("no go command:", err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/hello\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { println(\"hello\") }\n"), 0o644)
	var files []string
	for _, target := range []struct{ goos, goarch, ldflags string }{
		{runtime.GOOS, runtime.GOARCH, ""},
		{runtime.GOOS, runtime.GOARCH, "-s -w"},
		{"windows", "amd64", "-s -w"}, // the cross-builds `make lint` makes too
		{"darwin", "arm64", ""},
	} {
		out := filepath.Join(dir, target.goos+"-"+target.goarch+"-"+string(rune('a'+len(files))))
		cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags="+target.ldflags, "-o", out, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS="+target.goos, "GOARCH="+target.goarch, "CGO_ENABLED=0", "GOFLAGS=")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build for %s/%s: %v\n%s", target.goos, target.goarch, err, b)
		}
		files = append(files, out)
	}
	fat := filepath.Join(dir, "universal")
	writeFat(t, fat, files[len(files)-1])
	files = append(files, fat)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want := "example.com/hello"
		if name != fat { // debug/buildinfo reads only the first architecture, as MainModule does
			bi, err := buildinfo.Read(bytes.NewReader(b))
			if err != nil || bi.Main.Path != want {
				t.Fatalf("debug/buildinfo on %s: %v %v", filepath.Base(name), bi, err)
			}
		}
		if got, err := MainModule(bytes.NewReader(b)); got != want || err != nil {
			t.Errorf("MainModule(%s) = %q, %v; want %q", filepath.Base(name), got, err, want)
		}
	}
}

// writeFat writes a universal Mach-O file at name holding the Mach-O file
// thin at offset 4096.
func writeFat(t *testing.T, name, thin string) {
	t.Helper()
	b, err := os.ReadFile(thin)
	if err != nil {
		t.Fatal(err)
	}
	hdr := make([]byte, 4096)
	binary.BigEndian.PutUint32(hdr[0:], 0xcafebabe)
	binary.BigEndian.PutUint32(hdr[4:], 1)
	binary.BigEndian.PutUint32(hdr[8:], 0x0100000c) // arm64
	binary.BigEndian.PutUint32(hdr[16:], 4096)
	binary.BigEndian.PutUint32(hdr[20:], uint32(len(b)))
	binary.BigEndian.PutUint32(hdr[24:], 12)
	if err := os.WriteFile(name, append(hdr, b...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMainModuleNot: bytes that are no Go program have no main module.
func TestMainModuleNot(t *testing.T) {
	for _, b := range [][]byte{
		nil,
		[]byte("#!/bin/sh\necho hi\n"),
		[]byte("\x7fELF\x02\x01\x01\x00 not a program"),
		make([]byte, 1<<20),
		tinyELF(blob("mod\texample.com/x\t(devel)\t\n"), 0), // the version flag of Go before 1.18
	} {
		if got, err := MainModule(bytes.NewReader(b)); err == nil {
			t.Errorf("MainModule(%.20q) = %q, want an error", b, got)
		}
	}
	if got, err := MainModule(bytes.NewReader(tinyELF(blob("mod\texample.com/x\t(devel)\t\n"), 2))); got != "example.com/x" || err != nil {
		t.Errorf("MainModule(tiny ELF) = %q, %v", got, err)
	}
}

// blob is a build info header and strings holding the module list mod,
// framed by the go command's sentinels.
func blob(mod string) []byte {
	mod = "0w\xaf\f\x92t\b\x02A\xe1\xc1\a\xe6\xd6\x18\xe6" + mod + "\xf92C1\x86\x18 r\x00\x82B\x10A\x16\xd8\xf2"
	b := append([]byte("\xff Go buildinf:"), 8, 0)
	b = append(b, make([]byte, 16)...)
	b = binary.AppendUvarint(b, 6)
	b = append(b, "go1.26"...)
	b = binary.AppendUvarint(b, uint64(len(mod)))
	return append(b, mod...)
}

// tinyELF is a 64-bit ELF file whose one writable segment holds data at
// offset 128, with the build info flags byte set to flags.
func tinyELF(data []byte, flags byte) []byte {
	b := make([]byte, 128)
	copy(b, "\x7fELF\x02\x01\x01")
	le := binary.LittleEndian
	le.PutUint16(b[0x10:], 2)  // ET_EXEC
	le.PutUint16(b[0x12:], 62) // EM_X86_64
	le.PutUint32(b[0x14:], 1)  // EV_CURRENT
	le.PutUint64(b[0x20:], 64) // e_phoff
	le.PutUint16(b[0x34:], 64) // e_ehsize
	le.PutUint16(b[0x36:], 56) // e_phentsize
	le.PutUint16(b[0x38:], 1)  // e_phnum
	le.PutUint32(b[64:], 1)    // PT_LOAD
	le.PutUint32(b[68:], 6)    // PF_R|PF_W
	le.PutUint64(b[72:], 128)  // p_offset
	le.PutUint64(b[80:], 0x1000080)
	le.PutUint64(b[96:], uint64(len(data)))
	le.PutUint64(b[104:], uint64(len(data)))
	d := append([]byte(nil), data...)
	d[15] = flags
	return append(b, d...)
}

// FuzzEquivalence: whatever debug/buildinfo reads a main module from,
// MainModule reads the same one from (it may read one where
// debug/buildinfo's stricter format readers give up: a copy of guard is
// then taken for guard, which fails closed); and it never panics.
func FuzzEquivalence(f *testing.F) {
	f.Add(tinyELF(blob("path\tx\nmod\texample.com/x\t(devel)\t\n"), 2))
	f.Add([]byte("MZ\x90\x00"))
	f.Add([]byte("\xcf\xfa\xed\xfe\x07\x00\x00\x01"))
	f.Add([]byte("\xca\xfe\xba\xbe\x00\x00\x00\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := MainModule(bytes.NewReader(b))
		bi, berr := buildinfo.Read(bytes.NewReader(b))
		if berr == nil && bi.Main.Path != "" && (err != nil || got != bi.Main.Path) {
			t.Errorf("MainModule = %q, %v; debug/buildinfo = %q", got, err, bi.Main.Path)
		}
	})
}
