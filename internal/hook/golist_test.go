package hook

import "testing"

// TestGoListOutput: `go list PATTERNS` in a module's root prints the
// import paths of the package directories the patterns name, which guard
// computes as it computes find's output, so kubebuilder's `go test $(go
// list ./... | grep -v /e2e)` is a go test of known packages; their code
// is still scanned, and an option, a variable that steers go or a module
// path that is no clean relative name leaves the output unknown
// (FINDINGS56c FP-M7).
func TestGoListOutput(t *testing.T) {
	files := map[string]string{
		"p/go.mod":               "module github.com/acme/p\n\ngo 1.22\n",
		"p/main.go":              "package main\n\nfunc main() {}\n",
		"p/api/api.go":           "package api\n",
		"p/api/api_test.go":      "package api\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"p/test/e2e/e2e_test.go": "package e2e\n\nimport \"testing\"\n\nfunc TestE(t *testing.T) {}\n",
		"q/go.mod":               "module example.com/q\n\ngo 1.22\n",
		"q/lib/lib_test.go":      "package lib\n\nimport (\"os\"; \"testing\")\n\nfunc TestL(t *testing.T) { os.ReadFile(\"~/.ssh/id_rsa\") }\n",
		"r/go.mod":               "module x/../../.ssh\n\ngo 1.22\n",
		"r/x.go":                 "package x\n",
		"~/.ssh/id_rsa":          "k\n",
	}
	runPrograms(t, files, []programCase{
		{"cd p && go test $(go list ./... | grep -v /e2e) -coverprofile cover.out", false},
		{"cd p && go vet $(go list ./...)", false},
		{"cd p && go list ./... | xargs go vet", false},
		{"cd p && PKGS=$(go list ./...); go test $PKGS", false},
		{"cd p && cat $(go list ./api)", false},
		{"cd p && go test -coverpkg=$(go list ./... | paste -sd, -) ./...", false},
		// Protected: the packages' code is scanned, and an output guard
		// does not compute stays a name it cannot tell.
		{"cd q && go test $(go list ./...)", true},
		{"cd q && go list ./... | xargs go test", true},
		{"cd p && cat $(go list -f '{{.Dir}}' ./...)", true},
		{"cd p && cat $(GO111MODULE=off go list ./...)", true},
		{"cd p && GOFLAGS=-mod=vendor; export GOFLAGS; cat $(go list ./...)", true},
		{"cd r && cat $(go list .)", true},
	})
}
