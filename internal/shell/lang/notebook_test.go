package lang

import (
	"strings"
	"testing"
)

func TestNotebookCode(t *testing.T) {
	nb := `{"cells":[{"cell_type":"markdown","source":"open('~/.md')"},` +
		`{"cell_type":"code","source":["import os\n","open(\"~/.x\")"]},` +
		`{"cell_type":"code","source":"%%bash\nrm -rf ~"}]}`
	code, ok := NotebookCode(nb)
	if !ok || !strings.Contains(code, "import os\nopen(\"~/.x\")") || strings.Contains(code, ".md") || !strings.Contains(code, "!rm -rf ~") {
		t.Errorf("NotebookCode = %q, %v", code, ok)
	}
	if _, ok := NotebookCode("print(1)"); ok {
		t.Error("python text taken for a notebook")
	}
}
