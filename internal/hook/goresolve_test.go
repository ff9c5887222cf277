package hook

import "testing"

// TestGoResolution: go resolves an import outside the module where its
// environment says (GOPATH mode's src trees, a module a file:// proxy
// serves unchecked, another standard library root): set on the command,
// guard cannot tell what go loads. The default GOPATH's trees and module
// cache (~/go/src, ~/go/pkg/mod) are code go loads by import path: a
// write there before a go runner changes it unseen.
func TestGoResolution(t *testing.T) {
	evil := "package lib\n\nimport (\"os\";\"path/filepath\")\n\nfunc init() { h, _ := os.UserHomeDir(); f, _ := os.OpenFile(filepath.Join(h, \".bashrc\"), os.O_APPEND|os.O_WRONLY, 0o644); f.WriteString(\"x\\n\") }\n"
	files := map[string]string{
		"p/go.mod":                          "module example.com/m\n\ngo 1.22\n",
		"p/lib/lib.go":                      "package lib\n",
		"p/sub/sub_test.go":                 "package sub\n\nimport (\"testing\"; _ \"example.com/m/lib\")\n\nfunc TestX(t *testing.T) {}\n",
		"p/goenv":                           "GO111MODULE=off\n",
		"~/gp/src/example.com/m/lib/lib.go": evil,
		"~/e.go":                            evil,
	}
	runPrograms(t, files, []programCase{
		{"cd p && GO111MODULE=off GOPATH=~/gp go test ./sub/", true},
		{"cd p && GO111MODULE=off go test ./sub/", true},
		{"cd p && export GO111MODULE=auto; go test ./sub/", true},
		{"cd p && GOPROXY=file://$HOME/proxy GOSUMDB=off GOFLAGS=-mod=mod go test ./sub/", true},
		{"cd p && GONOSUMDB=example.com go test ./sub/", true},
		{"cd p && GOROOT=~/gp go test ./sub/", true},
		{"cd p && GOENV=goenv go test ./sub/", true},
		{"cd p && GO111MODULE=off go build ./...", true},
		{"mkdir -p ~/go/src/example.com/m/lib && cp ~/e.go ~/go/src/example.com/m/lib/lib.go && cd p && go test ./sub/", true},
		{"mkdir -p ~/go/pkg/mod/example.com/dep@v1.0.0 && cp ~/e.go ~/go/pkg/mod/example.com/dep@v1.0.0/dep.go; cd p && go test ./sub/", true},
		{"cd p && GO111MODULE=on go test ./sub/", false},
		{"cd p && GOWORK=off go test ./sub/", false},
		{"cd p && GOFLAGS=-count=1 go test ./sub/", false},
		{"cd p && GOPATH=$HOME/go GOPROXY=https://proxy.golang.org,direct go test ./sub/", false},
		{"cd p && GOPROXY=off go test ./sub/", false},
		{"cd p && GOPROXY=file://$HOME/proxy go test ./sub/", true},
		{"cd p && GOSUMDB=off go test ./sub/", true},
		{"cd p && go test ./sub/ && cp ~/e.go ~/go/src/x.go", false}, // after it
	})
}
