// Package installers holds guard's install and uninstall scripts and the
// tests that run them.
//
// The scripts are the files, not Go code: install.sh and uninstall.sh (POSIX
// sh, checked with shellcheck and dash), install.ps1 and uninstall.ps1
// (PowerShell). The tests build a release snapshot with goreleaser, serve it
// on a loopback HTTP server and install from it into a throwaway prefix and
// home directory; see installers_test.go and docs/INSTALL.md.
package installers
