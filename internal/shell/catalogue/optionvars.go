package catalogue

// OptionVarProgram returns the command line the value of environment
// variable name is read as when it carries a program's options, which the
// program reads as if given before its own words (its ENVIRONMENT
// section: zip reads ZIPOPT, else ZIP; man-db MANOPT; less LESS); "" for
// a variable that carries none. A new one is a new case. (A switch, not a
// map: nothing is built when the hook starts.)
func OptionVarProgram(name string) string {
	switch name {
	case "LESS":
		return "less"
	case "ACK_OPTIONS":
		return "ack"
	case "TAR_OPTIONS":
		return "tar"
	case "ZIPOPT", "ZIP": // zip -TT CMD (FINDINGS58e E8, 59a A11)
		return "zip"
	case "UNZIPOPT", "UNZIP": // unzip -d DIR
		return "unzip"
	case "ZIPINFOOPT", "ZIPINFO":
		return "zipinfo"
	case "MANOPT": // man -P PAGER, -H BROWSER (FINDINGS59a A11)
		return "man"
	case "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS":
		return "make"
	case "NODE_OPTIONS":
		return "node"
	case "PERL5OPT":
		return "perl"
	case "RUBYOPT":
		return "ruby"
	case "GOFLAGS":
		return "go build"
	case "RUSTFLAGS", "RUSTDOCFLAGS", "CARGO_BUILD_RUSTFLAGS":
		return "rustc"
	case "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_FFLAGS", "CGO_LDFLAGS":
		return "cc"
	case "MAVEN_OPTS": // the JVM's options, and -Dexec.executable for its exec plugin
		return "mvn"
	case "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "JAVA_OPTS", "GRADLE_OPTS", "SBT_OPTS", "ANT_OPTS":
		return "java"
	}
	return ""
}
