package hook

import "testing"

// TestMakeInterpreterCodeValue: a make value guard cannot work out
// ($(shell …) output it does not model) pasted into an interpreter's code
// string is code guard cannot see, whatever the quotes around it
// (FINDINGS56d P3); code guard knows still runs as before.
func TestMakeInterpreterCodeValue(t *testing.T) {
	const f = "F := $(shell openssl enc -d -base64 -A -in f.b64)\nV := 1.2\n"
	_, proj := scriptWorld(t, map[string]string{
		"py/Makefile": f + "all:\n\tpython3 -c '$(F)'\n",
		"pl/Makefile": f + "all:\n\tperl -e '$(F)'\n",
		"js/Makefile": f + "all:\n\tnode -e '$(F)'\n",
		"aw/Makefile": f + "all:\n\tawk 'BEGIN{$(F)}'\n",
		"dt/Makefile": "F = $(shell date)\nall:\n\tpython3 -c 'print(1); $(F)'\n",
		"ok/Makefile": f + "all:\n\tpython3 -c 'print(1)'\n\tpython3 -c 'print(\"$(V)\")'\n\tpython3 -c \"import sys; print(sys.version)\"\n",
	})
	checkAll(t, proj, []string{"make -C py", "make -C pl", "make -C js", "make -C aw", "make -C dt"},
		[]string{"make -C ok"})
}
