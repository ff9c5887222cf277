package hook

import "strings"

// A program other than git that reads a git directory's object store
// (.git/objects/**, its packs) reads the committed text of every file of
// the repository's history, zlib-compressed: python's zlib, zlib-flate,
// openssl zlib print it inflated. Neither the read rules
// (the object's name is a hash) nor the result scan (which redacts only
// the secrets it knows) see the file it was, on any route: such a read is
// a read of the history (event.Input.History), which the policy weighs by
// the names the repository's index and history hold.

// gitObjects is why guard cannot redact what a read of git's object
// store prints.
const gitObjects = "git's object store holds the committed text of the repository's files under names guard cannot tell from the files', compressed: the read rules and the result scan do not see which file a program inflates"

// gitObjectsDir returns the git directory whose object store path p (a
// read, as the command names it) reads: below a component .git or
// NAME.git (a bare repository), objects and at least one name below it
// (a glob .git/objects/*/* too), or the git directory whole (.git/**);
// false for another path. A listing of the objects directory itself
// prints names, not text.
func gitObjectsDir(p string) (string, bool) {
	parts := strings.Split(p, "/")
	for i := 0; i+1 < len(parts); i++ {
		if !strings.HasSuffix(parts[i], ".git") {
			continue
		}
		if parts[i+1] == "objects" && i+2 < len(parts) || parts[i+1] == "**" && i+2 == len(parts) {
			return strings.Join(parts[:i+1], "/"), true
		}
	}
	return "", false
}
