package catalogue

import (
	"slices"
	"strings"
	"testing"
)

func TestListReadersSorted(t *testing.T) {
	if !slices.IsSortedFunc(ListReaders, func(a, b ListReader) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("ListReaders is not sorted by name")
	}
}

func TestPwshOptionOf(t *testing.T) {
	tests := []struct {
		w    string
		want PwshUse
		ok   bool
	}{
		{"-c", PwshCommand, true},
		{"-command", PwshCommand, true},
		{"-e", PwshEncoded, true},
		{"-ec", PwshEncoded, true},
		{"-enc", PwshEncoded, true},
		{"-encodedcommand", PwshEncoded, true},
		{"-ex", PwshValue, true},
		{"-ep", PwshValue, true},
		{"-f", PwshFile, true},
		{"-nop", PwshSwitch, true},
		{"-noprofile", PwshSwitch, true},
		{"-wd", PwshWorkDir, true},
		{"-workingdirectory", PwshWorkDir, true},
		{"-w", PwshValue, true},
		{"-x", 0, false},
		{"x", 0, false},
	}
	for _, tt := range tests {
		o, ok := PwshOptionOf(tt.w)
		if ok != tt.ok || ok && o.Use != tt.want {
			t.Errorf("PwshOptionOf(%q) = %v %v, want %v %v", tt.w, o.Use, ok, tt.want, tt.ok)
		}
	}
}

func TestTaskRunnersSorted(t *testing.T) {
	if !slices.IsSortedFunc(TaskRunners, func(a, b TaskRunner) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("TaskRunners is not sorted by name")
	}
}
