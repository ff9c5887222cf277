//go:build !unix

package hook

// fileID reports no file: without inode numbers (Windows: a file's ID needs
// an open handle and GetFileInformationByHandle), guard does not look for
// the other names of a file with hard links. A user who needs that boundary
// there runs the agent in a sandbox (docs/HOOKS.md).
func fileID(string) (fileKey, uint64, bool) { return fileKey{}, 0, false }
