package lang

import (
	"reflect"
	"testing"
)

// TestCMakeCalls: CMake's invocations with quoted, bracket and unquoted
// arguments, comments and nested parentheses; an unclosed one is not read.
func TestCMakeCalls(t *testing.T) {
	calls, ok := CMakeCalls("# c (\nSET(A \"x \\\"y\\\"\" [=[b ]] ]=])\n#[[ x ) ]]\nif((A) AND B)\nfile(APPEND $ENV{HOME}/.bashrc x)\n")
	want := []CMakeCall{
		{Name: "set", Args: []string{"A", `x "y"`, "b ]] "}},
		{Name: "if", Args: []string{"A", "AND", "B"}}, // parentheses group, no argument
		{Name: "file", Args: []string{"APPEND", "$ENV{HOME}/.bashrc", "x"}},
	}
	if !ok || !reflect.DeepEqual(calls, want) {
		t.Errorf("CMakeCalls = %q, %v; want %q", calls, ok, want)
	}
	if _, ok := CMakeCalls("file(WRITE \"x)\n"); ok {
		t.Error("an unclosed quote was read")
	}
}
