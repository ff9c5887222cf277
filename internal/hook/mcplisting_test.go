package hook

import "testing"

// TestMCPNamesListing: a names tool (list_directory, directory_tree,
// search_files…) given a directory prints the names below it, no file's
// text: the home directory lists as `ls -la ~` and `ls -R ~` do, while a
// listing of ~/.ssh itself (by path or through a link) blocks as
// `ls ~/.ssh` does, and a reader or a listing with a field guard does not
// know still reads the tree.
func TestMCPNamesListing(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	add := func(tool, in string, block bool) {
		cases = append(cases, routeCase{"a", proj, "mcp__fs__" + tool, in, block}, routeCase{"c", proj, "mcp_fs_" + tool, in, block})
	}
	for _, tool := range []string{"list_directory", "list_directory_with_sizes", "directory_tree"} {
		add(tool, `{"path":"`+home+`"}`, false)
		add(tool, `{"path":"~"}`, false)
		add(tool, `{"path":"`+home+`/.ssh"}`, true)
		add(tool, `{"path":"sd"}`, true)
		add(tool, `{"path":"`+home+`","mode":"hex"}`, true)
	}
	add("search_files", `{"path":"`+home+`","pattern":"*.go"}`, false)
	add("read_multiple_files", `{"paths":["`+home+`"]}`, true)
	add("read_file", `{"path":"`+home+`"}`, true)
	runRouteCases(t, cases)
}
