package effect

// RevLink is a symbolic link a git tree write brings into the working
// tree: its path relative to the directory asked, and its
// target's text as the tree holds it.
type RevLink struct {
	Path, Target string
}

// RevLinker is a [RevReader] that also reads the symbolic links of a
// revision's tree. The hook's reader is one.
type RevLinker interface {
	// RevLinks returns the symbolic links of revision rev's tree (the
	// index's for RevIndex), in the repository whose working tree holds
	// directory dir, that the working tree on disk does not hold as rev
	// does, relative to dir: the links a checkout, merge, cherry-pick or
	// restore of rev may make.
	RevLinks(dir, rev string) ([]RevLink, RevStatus)
}

// NewTreeLinker is a [RevLinker] that also reads every symbolic link of a
// revision's tree, as a new working tree gets them (git clone of a local
// repository, git worktree add).
type NewTreeLinker interface {
	// TreeRevLinks returns all the symbolic links of revision rev's tree,
	// in the repository whose working tree holds directory dir, relative
	// to the tree's top.
	TreeRevLinks(dir, rev string) ([]RevLink, RevStatus)
}
