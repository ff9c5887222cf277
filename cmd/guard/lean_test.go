package main

import "testing"

func TestIsHookCall(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"hook"}, true},
		{[]string{"hook", "--agent", "a"}, true},
		{[]string{"serve"}, false},
		{[]string{"--version"}, false},
		{[]string{"audit", "hook"}, false},
	}
	for _, tt := range tests {
		if got := isHookCall(tt.args); got != tt.want {
			t.Errorf("isHookCall(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
