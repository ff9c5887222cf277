package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// Include processors: programs whose input files name
// other files they read (XML's external entities and XInclude, XSLT's
// document(), AsciiDoc's include::, TeX's \input). shell reads their
// inputs for those names, as it reads cpp's #include.
const (
	// XMLIncluders read XML: xsltproc substitutes entities always,
	// xmllint with XMLIncludeOptions.
	XMLIncluders word.Set = " xmllint xsltproc "
	// AsciidocIncluders render AsciiDoc (the CLI's default safe mode reads
	// any file).
	AsciidocIncluders word.Set = " asciidoctor asciidoc a2x asciidoctor-pdf "
	// TeXIncluders typeset TeX (openin_any=a: any file is read).
	TeXIncluders word.Set = " tex etex pdftex xetex luatex latex pdflatex xelatex lualatex latexmk context lualatex-dev pdflatex-dev "
	// XMLIncludeOptions make xmllint load what a document names.
	XMLIncludeOptions word.Set = " --xinclude --noent --loaddtd --dtdattr --valid --postvalid -xinclude -noent -loaddtd -dtdattr -valid -postvalid "
	// RoffIncluders format roff documents (.so FILE and its kin read a
	// file; man -l and man ./x.1 too: shell/roff.go).
	RoffIncluders word.Set = " groff nroff troff gtroff gnroff soelim "
	// IncluderWithArg are these programs' options that take the next word.
	IncluderWithArg word.Set = " -o --output --stringparam --param --strparam --path --maxdepth --maxparserdepth --dtdvalid --schema --relaxng --schematron --xpath --pattern --encode --pretty --maxmem " +
		"-a --attribute -b --backend -d --doctype -r --require -T --template-dir -E --template-engine -B --base-dir -D --destination-dir " +
		"-output-directory -jobname -interaction -aux-directory -output-format -fmt -cnf-line -include-directory "
)
