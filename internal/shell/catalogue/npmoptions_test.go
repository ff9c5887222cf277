package catalogue

import "testing"

func TestNpmKey(t *testing.T) {
	for k, want := range map[string]string{
		"node-options": "node-options", "node_options": "node-options", "nodeOptions": "node-options",
		"NODE_OPTIONS": "node-options", "userConfig": "userconfig", "globalConfig": "globalconfig", "fooBar": "foo-bar", "userconfig": "userconfig",
	} {
		if got := NpmKey(k); got != want {
			t.Errorf("NpmKey(%q) = %q, want %q", k, got, want)
		}
	}
}

func TestNpmOption(t *testing.T) {
	for s, want := range map[string]NpmArg{
		"--prefix":        {Key: "prefix", Whole: true},
		"-prefix":         {Key: "prefix", Whole: true},
		"-C":              {Key: "prefix", Whole: true},
		"---prefix":       {Key: "prefix", Whole: true}, // nopt strips every dash
		"----prefix=d":    {Key: "prefix", Value: "d", Eq: true, Whole: true},
		"---C":            {Key: "prefix", Whole: true},
		"-pre":            {Key: "prefix"},
		"--no-prefix":     {Key: "prefix", No: true},
		"--no-No-prefix":  {Key: "prefix", No: true},
		"-":               {},
		"--prefix=d":      {Key: "prefix", Value: "d", Eq: true, Whole: true},
		"--prefi":         {Key: "prefix"},
		"--pref=d":        {Key: "prefix", Value: "d", Eq: true},
		"--Prefix":        {Key: "prefix"},
		"-gC":             {Shorts: true},
		"--node=x":        {Key: "node-options", Value: "x", Eq: true, Ambiguous: true},
		"--node-opt":      {Key: "node-options"},
		"--global":        {},
		"-w":              {},
		"d":               {},
		"--userConfig=rc": {Key: "userconfig", Value: "rc", Eq: true, Shorts: true},
	} {
		if got := NpmOption(s); got != want {
			t.Errorf("NpmOption(%q) = %+v, want %+v", s, got, want)
		}
	}
}
