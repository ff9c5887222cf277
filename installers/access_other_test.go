//go:build !unix

package installers

// writableByMe reports whether this process may write into dir; the shell
// installers' tests do not run here.
func writableByMe(string) bool { return true }
