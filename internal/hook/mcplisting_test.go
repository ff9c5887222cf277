package hook

import "testing"

// TestMCPNamesListing: a listing tool (list_directory, directory_tree)
// given a directory prints the names below it, no file's text: the home
// directory lists as `ls -la ~` and `ls -R ~` do, while a listing of
// ~/.ssh itself (by path or through a link) blocks as `ls ~/.ssh` does,
// and a reader, a listing with a field guard does not know, or a search
// by a pattern still reads the tree.
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
	add("search_files", `{"path":"`+home+`","pattern":"id_rsa"}`, true) // a pattern a server may match against lines
	add("read_multiple_files", `{"paths":["`+home+`"]}`, true)
	add("read_file", `{"path":"`+home+`"}`, true)
	runRouteCases(t, cases)
}

// TestMCPPatternsAndRepoPaths: an exclude field's value (excludePatterns)
// is a pattern the tool leaves out, no path it reads; a reading tool
// whose input names a remote repository (owner, repo) reads its path from
// that repository's root: "/" is no recursive read of the machine, while
// a path that names a protected file, as written or from the working
// directory, still blocks. Only a server known to read remote
// repositories (github, gitlab) gets that reading; any other's path is
// checked as a local path too.
func TestMCPPatternsAndRepoPaths(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	add := func(tool, in string, block bool) {
		cases = append(cases, routeCase{"a", proj, "mcp__s__" + tool, in, block}, routeCase{"c", proj, "mcp_s_" + tool, in, block})
	}
	add("search_files", `{"path":"`+proj+`","pattern":"flag","excludePatterns":[".env"]}`, false)
	add("search_files", `{"path":"`+proj+`","pattern":"*.js","excludePatterns":["node_modules/**",".env","~/.ssh"]}`, false)
	add("search_files", `{"path":"`+proj+`","pattern":"*.js","includePatterns":[".env"]}`, true)
	add("read_text_file", `{"path":".env","excludePatterns":["x"]}`, true)
	repo := func(p string) string { return `{"owner":"spf13","repo":"pflag","path":"` + p + `"}` }
	gh := func(tool, in string, block bool) {
		cases = append(cases, routeCase{"a", proj, "mcp__github__" + tool, in, block},
			routeCase{"c", proj, "mcp_github_" + tool, in, block})
	}
	for _, p := range []string{"/", "", "//", "/src/main.go", "src"} {
		gh("get_file_contents", repo(p), false)
	}
	for _, p := range []string{".env", "/.env", "/../.ssh/id_rsa", home + "/.ssh/id_rsa", home + "/.ssh", "~/.ssh/id_rsa"} {
		gh("get_file_contents", repo(p), true)
	}
	// A server not known to read remote repositories may read the disk
	// whatever fields it is given: its path is a local one as well.
	for _, p := range []string{"/", home, home + "/", home + "/.guard"} {
		add("get_file_contents", repo(p), true)
		add("read_dir", repo(p), true)
		cases = append(cases, routeCase{"a", proj, "mcp__filesystem__directory_tree", repo(p), true})
	}
	add("get_file_contents", repo("/src/main.go"), false)
	add("read_file", `{"path":"/"}`, true)
	add("get_file_contents", `{"repo":"pflag","path":"/"}`, true)
	runRouteCases(t, cases)
}

// TestMCPExcludeFields: exclude values are patterns only for tools known
// to take exclusion patterns (the filesystem server's search_files and
// directory_tree); of any other tool a protected path under an exclude
// key is a path as under any key, and a file of patterns (excludeFrom)
// is read even by a known one.
func TestMCPExcludeFields(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	add := func(tool, in string, block bool) {
		cases = append(cases, routeCase{"a", proj, "mcp__x__" + tool, in, block}, routeCase{"c", proj, "mcp_x_" + tool, in, block})
	}
	add("rsync", `{"src":"`+proj+`/","dst":"/tmp/out","excludeFrom":"~/.ssh/id_rsa"}`, true)
	add("sync", `{"source":"README","excludeFrom":"`+home+`/.ssh/id_rsa"}`, true)
	add("copy_file", `{"source":"README","exclude_destination":"~/.bashrc"}`, true)
	add("write_file", `{"path":"x","exclude_path":"~/.bashrc","content":"a"}`, true)
	add("list_things", `{"path":"`+proj+`","exclude":".env"}`, true)
	add("search_files", `{"path":"`+proj+`","pattern":"x","excludeFrom":"~/.ssh/id_rsa"}`, true)
	add("search_files", `{"path":"`+proj+`","pattern":"x","excludePatterns":["~/.ssh","~/.bashrc"]}`, false)
	add("directory_tree", `{"path":"`+proj+`","excludePatterns":[".env"]}`, false)
	runRouteCases(t, cases)
}
