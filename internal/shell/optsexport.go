package shell

// Exported option variables. bash keeps its shopt options in BASHOPTS and
// its set -o options in SHELLOPTS, read-only variables whose value follows
// every shopt and set; once either is exported (export BASHOPTS, declare
// -x SHELLOPTS, export of names guard cannot list), every bash the shell
// starts imports those options at start-up: export BASHOPTS; shopt -s
// xpg_echo; bash -c 'echo "\056bashrc"' prints .bashrc (FINDINGS58b B6).
// The walker notes that the export may have run (sticky: unexporting is
// not followed) and then starts a child bash with the options this shell
// may have on: xpg_echo (echodialect.go), keyword (set -k) and extdebug.
// The glob and cd options (nocaseglob, dotglob, cdable_vars, …) already
// stay on, once they may be, for the shells the command starts.

// noteOptsExport notes an export of BASHOPTS or SHELLOPTS (declName).
func (w *walker) noteOptsExport(name string, f declFlags) {
	if f.exported && !f.unexport && (name == "BASHOPTS" || name == "SHELLOPTS") {
		w.optsExported = true
	}
}
