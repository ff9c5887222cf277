package lang

import (
	"errors"
	"testing"
)

func TestJSONObject(t *testing.T) {
	for _, tc := range []struct {
		text string
		key  string // a member the object must have
		miss string // a member it must not have
		dup  bool
		bad  bool
	}{
		{text: `{"scripts":{"x":"a"},"Scripts":{"x":"b"}}`, key: "scripts", miss: "Scripts2"},
		{text: `{"ſcripts":{"x":"b"}}`, key: "ſcripts", miss: "scripts"},
		{text: `{"scripts":1,"scripts":2}`, dup: true},
		{text: `{"scripts":1,"\u0073cripts":2}`, dup: true},
		{text: `{"a":{"x":1,"x":2}}`, dup: true},
		{text: `{"a":[{"x":1},{"x":2}],"b":[{"x":1,"y":{"x":3}}]}`, key: "a"},
		{text: `{"a":{"b":1},"b":{"a":1}}`, key: "b"},
		{text: `[1]`, bad: true},
		{text: `null`, bad: true},
		{text: `{"a":1} x`, bad: true},
	} {
		m, err := JSONObject([]byte(tc.text))
		switch {
		case tc.dup:
			if !errors.Is(err, ErrDuplicateKey) {
				t.Errorf("%s: err %v, want a duplicate key", tc.text, err)
			}
		case tc.bad:
			if err == nil {
				t.Errorf("%s: no error", tc.text)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.text, err)
		default:
			if _, ok := m[tc.key]; !ok {
				t.Errorf("%s: no member %q", tc.text, tc.key)
			}
			if _, ok := m[tc.miss]; ok && tc.miss != "" {
				t.Errorf("%s: member %q", tc.text, tc.miss)
			}
		}
	}
}
