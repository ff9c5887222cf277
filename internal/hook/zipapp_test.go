package hook

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/testenv"
)

// storedMember returns the local header and data of a stored zip member
// and its central directory header for a local header at off.
func storedMember(name, text string, off uint32) (local, central []byte) {
	le := binary.LittleEndian
	crc := crc32.ChecksumIEEE([]byte(text))
	l := make([]byte, 30)
	copy(l, "PK\x03\x04")
	le.PutUint16(l[4:], 20)
	le.PutUint32(l[14:], crc)
	le.PutUint32(l[18:], uint32(len(text)))
	le.PutUint32(l[22:], uint32(len(text)))
	le.PutUint16(l[26:], uint16(len(name)))
	c := make([]byte, 46)
	copy(c, "PK\x01\x02")
	le.PutUint16(c[4:], 20)
	le.PutUint16(c[6:], 20)
	le.PutUint32(c[16:], crc)
	le.PutUint32(c[20:], uint32(len(text)))
	le.PutUint32(c[24:], uint32(len(text)))
	le.PutUint16(c[28:], uint16(len(name)))
	le.PutUint32(c[42:], off)
	return append(append(l, name...), text...), append(c, name...)
}

// zipEnd returns an end record of one member's directory.
func zipEnd(dirSize, dirOff int) []byte {
	e := make([]byte, 22)
	copy(e, "PK\x05\x06")
	binary.LittleEndian.PutUint16(e[8:], 1)
	binary.LittleEndian.PutUint16(e[10:], 1)
	binary.LittleEndian.PutUint32(e[12:], uint32(dirSize))
	binary.LittleEndian.PutUint32(e[16:], uint32(dirOff))
	return e
}

// TestZipAppReadersDiffer: a zip application with two
// central directories, Go's archive/zip reading the harmless
// __main__.py and python's zipimport the other, is blocked as one guard
// cannot tell what runs, in both bash.match modes, whatever its name; an
// ordinary zip application (a #! line, then the zip) is read and allowed.
func TestZipAppReadersDiffer(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"m.py": "print('hi')\n"})
	benign := "print('hello')\n" + strings.Repeat("#", 200) + "\n"
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-A10-ZIP\\n')\n"
	lb, cb := storedMember("__main__.py", benign, 0)
	b := append([]byte{}, lb...)
	cbOff := len(b)
	b = append(b, cb...)
	e := len(b)
	le, _ := storedMember("__main__.py", evil, 0)
	b = append(b, le...)
	arc := len(b) - cbOff
	_, cd := storedMember("__main__.py", evil, uint32(e-arc))
	b = append(append(b, cd...), zipEnd(len(cd), cbOff)...)
	lp, cp := storedMember("__main__.py", benign, 0)
	plain := append([]byte("#!/usr/bin/env python3\n"), lp...)
	plain = append(append(plain, cp...), zipEnd(len(cp), len(lp))...)
	for name, data := range map[string][]byte{"app.pyz": b, "tool.txt": b, "ok.pyz": plain} {
		if err := os.WriteFile(filepath.Join(proj, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		checkRule(t, p, proj, "python3 app.pyz", "unparsable_command", "zip readers may read differently")
		checkRule(t, p, proj, "python3 tool.txt", "unparsable_command", "zip readers may read differently")
		checkRule(t, p, proj, "python3 ok.pyz", "", "")
	}
	t.Run("python reads the other member", func(t *testing.T) {
		py := testenv.Need(t, "python3")[0]
		// its source, not run
		code := "import zipimport,sys; print(zipimport.zipimporter(sys.argv[1]).get_source('__main__'))"
		out, err := exec.Command(py, "-c", code, filepath.Join(proj, "app.pyz")).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "PWNED-A10-ZIP") {
			t.Fatalf("python's zipimport reads %q (%v), want the other member", out, err)
		}
	})
}
