package catalogue

// OptionVars are the environment variables that carry a program's
// options, which it reads as if given before its own words, each with
// the command line guard reads its value as (the program's ENVIRONMENT
// section: zip reads ZIPOPT, else ZIP; man-db MANOPT; less LESS). A new
// one is a new entry. CGO_* (cc) and the JVM's *_OPTIONS/*_OPTS are
// listed by name as well.
var OptionVars = map[string]string{
	"LESS":        "less",
	"ACK_OPTIONS": "ack",
	"TAR_OPTIONS": "tar",
	// zip -TT CMD (FINDINGS58e E8, 59a A11); unzip -d DIR, -o.
	"ZIPOPT": "zip", "ZIP": "zip", "UNZIPOPT": "unzip", "UNZIP": "unzip", "ZIPINFOOPT": "zipinfo", "ZIPINFO": "zipinfo",
	// man -P PAGER, -H BROWSER, -p PREPROCESSORS (FINDINGS59a A11).
	"MANOPT":    "man",
	"MAKEFLAGS": "make", "MFLAGS": "make", "GNUMAKEFLAGS": "make",
	"NODE_OPTIONS": "node",
	"PERL5OPT":     "perl",
	"RUBYOPT":      "ruby",
	"GOFLAGS":      "go build",
	"RUSTFLAGS":    "rustc", "RUSTDOCFLAGS": "rustc", "CARGO_BUILD_RUSTFLAGS": "rustc",
	"CGO_CFLAGS": "cc", "CGO_CPPFLAGS": "cc", "CGO_CXXFLAGS": "cc", "CGO_FFLAGS": "cc", "CGO_LDFLAGS": "cc",
	// the JVM's options, and -Dexec.executable for maven's exec plugin.
	"MAVEN_OPTS":        "mvn",
	"JAVA_TOOL_OPTIONS": "java", "_JAVA_OPTIONS": "java", "JDK_JAVA_OPTIONS": "java", "JAVA_OPTS": "java",
	"GRADLE_OPTS": "java", "SBT_OPTS": "java", "ANT_OPTS": "java",
}
