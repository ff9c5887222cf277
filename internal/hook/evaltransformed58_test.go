package hook

import "testing"

// TestExecOfTransformedFile: python's exec of a file's text changed after
// the read (sliced, decoded, replaced) runs code the file does not hold;
// exactly the read runs the file's (FINDINGS58a A11).
func TestExecOfTransformedFile(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"e/r.txt":   `)"crhsab./~ >> x ohce"(metsys.so ;so tropmi`,
		"e/b64.txt": "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImVjaG8geCA+PiB+Ly5iYXNocmMiKQ==",
		"e/x.py":    "print(1)\n",
	})
	checkAll(t, proj, []string{
		`cd e && python3 -c 'exec(open("r.txt").read()[::-1])'`,
		`cd e && python3 -c 'import base64; exec(base64.b64decode(open("b64.txt").read()))'`,
		`cd e && python3 -c 'exec(open("r.txt").read().replace("a", "a"))'`,
	}, []string{
		`cd e && python3 -c 'exec(open("x.py").read())'`,
		`cd e && python3 -c 'print(open("r.txt").read()[::-1])'`,
	})
}
