package hook

import "testing"

// TestHomeHandedWhole: a program file that hands the home directory whole
// to a library call (a removal, a copy into it, a recursive copy of it)
// changes or reads all of it, as a one-liner does (FINDINGS60a A9 A10
// A18); a program that copies and removes the project's own directories
// runs as before.
func TestHomeHandedWhole(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"payload/.bashrc": "echo PWNED\n",
		"rm.py":           "import shutil, os\nshutil.rmtree(os.environ[\"HOME\"])\n",
		"tree.py":         "import shutil, os\nshutil.copytree(os.path.expanduser(\"~\"), \"/tmp/hc\")\n",
		"into.rb":         "require \"fileutils\"\nFileUtils.cp(\"payload/.bashrc\", Dir.home)\n",
		"rm.js":           "const fs = require(\"fs\"), os = require(\"os\");\nfs.rmSync(os.homedir(), {recursive: true, force: true});\n",
		"build.py":        "import shutil\nshutil.rmtree(\"dist\", ignore_errors=True)\nshutil.copytree(\"payload\", \"dist/payload\")\nshutil.make_archive(\"dist/pkg\", \"zip\", \"dist\")\n",
	})
	checkAll(t, proj, []string{"python3 rm.py", "python3 tree.py", "ruby into.rb", "node rm.js"},
		[]string{"python3 build.py"})
}
