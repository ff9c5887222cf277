package main

import "github.com/rogpeppe/go-internal/testscript"

// scriptCommands are the custom commands available to testscript scripts.
// Add one per helper a script needs (an HTTP server, a concurrent runner…).
func scriptCommands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"guardbin":      scriptGuardbin,
		"defaultpolicy": scriptDefaultpolicy,
		"perm":          scriptPerm,
		"islink":        scriptIslink,
		"backups":       scriptBackups,
		"hookrun":       scriptHookrun,
		"mkauditlog":    scriptMkauditlog,
		"auditstate":    scriptAuditstate,
		"freeport":      scriptFreeport,
		"httpget":       scriptHTTPGet,
		"genlog":        scriptGenlog,
		"tlsserver":     scriptTLSServer,
		"stopserver":    scriptStopServer,
		"envsubst":      scriptEnvsubst,
		"guardexit":     scriptGuardExit,
		"accounthome":   scriptAccounthome,
		"initbytes":     scriptInitbytes,
	}
}
