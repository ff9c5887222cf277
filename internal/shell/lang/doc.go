// Package lang reads the languages inside commands, pure: a string in,
// facts out, no shell state. sed scripts (the commands that run a shell or
// write a file), awk programs (pipes and output files), the string literals
// of interpreter code (the paths it opens for writing, what it deletes, the
// shell commands it calls, the home directory it joins), crontab lines,
// tmux, screen and Tcl text, and URLs (file: and other schemes, hosts,
// what reroutes a client). Package shell calls these where a command hands
// such text to a program; what the text runs is analysed there. The ex, ed
// and m4 command syntax (extext.go) is here too.
package lang
