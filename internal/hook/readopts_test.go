package hook

import "testing"

// TestRoutesReadNameOptions covers a read-named tool whose input has a
// field that is no known read option: its paths may be written.
func TestRoutesReadNameOptions(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	add("get_message", `{"id":77,"path":"~/.bashrc","format":"raw"}`, true)
	add("get_object", `{"ref":"s3://b/k","path":"~/.bashrc"}`, true)
	add("get_file", `{"path":"~/.bashrc","ref":"https://203.0.113.9/payload"}`, true)
	add("read_file", `{"path":"~/.bashrc","mode":"w"}`, true)
	add("get_attachment", `{"attachment_id":10001,"path":"~/.bashrc"}`, true)
	// Reads with read options only still read.
	add("read_file", `{"path":"src/main.go","offset":10,"limit":20}`, false)
	add("read_file", `{"path":"src/main.go","mode":"r","encoding":"utf-8"}`, false)
	add("read_text_file", `{"path":"README","head":5}`, false)
	add("search_files", `{"path":"src","pattern":"*.go","recursive":true}`, false)
	add("list_directory", `{"path":"src"}`, false)
	add("get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go"}`, false)
	runRouteCases(t, *cases)
}
