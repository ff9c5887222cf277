package catalogue

import "strings"

// git's settings whose value is a file or directory git itself opens
// (git-config(1) of git 2.39, the <path>-typed keys and the files git's
// sources read with git_config_pathname): what git does with it. A
// setting git runs as a command is not here (gitRunsValue), nor are
// core.hooksPath and init.templateDir (hidden where they are set).

// GitPathUse is what git does with the file a setting names.
type GitPathUse uint8

const (
	// GitPathReads: git reads the file.
	GitPathReads GitPathUse = 1 << iota
	// GitPathShows: what the file holds reaches git's output, a commit
	// or a patch (commit.template, blame.ignoreRevsFile's errors,
	// format.signatureFile).
	GitPathShows
	// GitPathWrites: git writes the file, or fills the directory.
	GitPathWrites
)

// GitPathKey returns what git does with the file setting key (lower
// case) names; 0 for a key that names no file git opens, or one guard
// does not know. http.<url>.KEY is http.KEY for that url.
func GitPathKey(key string) GitPathUse {
	if section, rest, ok := strings.Cut(key, "."); ok && section == "http" {
		key = "http." + rest[strings.LastIndexByte(rest, '.')+1:]
	}
	if strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path") {
		key = "include.path"
	}
	switch key {
	case "commit.template", "blame.ignorerevsfile", "mailmap.file", "format.signaturefile",
		"sendemail.aliasesfile", "gpg.ssh.allowedsignersfile", "gpg.ssh.revocationfile",
		"include.path", "core.excludesfile", "core.attributesfile", "diff.orderfile",
		"fsck.skiplist", "fetch.fsck.skiplist", "receive.fsck.skiplist": // an object name git cannot read is printed (FINDINGS46a A2)
		return GitPathReads | GitPathShows
	case "http.sslcert", "http.sslkey", "http.sslcainfo", "http.sslcapath", "http.proxysslcert",
		"http.proxysslkey", "http.proxysslcainfo", "sendemail.smtpsslcertpath", "user.signingkey",
		"help.htmlpath", "instaweb.modulepath":
		return GitPathReads
	case "http.cookiefile":
		return GitPathReads | GitPathWrites // written back with http.saveCookies
	case "format.outputdirectory", "gitcvs.logfile", "fsmonitor.socketdir":
		return GitPathWrites
	}
	return 0
}
