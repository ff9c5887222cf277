package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestYAMLNodeForms: a compose file or a manifest is read as the YAML
// library its tool uses decodes it: an alias is the scalar its anchor
// names, wherever the anchor was written (FINDINGS47a F2), and a lone CR
// ends a block scalar's line as it ends any other (F10). Both bash.match
// modes; an everyday merge of a shared service block passes.
func TestYAMLNodeForms(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{
		"anchored.yaml": "services:\n  app:\n    image: alpine\n    labels: {keydir: &p ~/.ssh}\n    volumes:\n      - {type: bind, source: *p, target: /s}\n",
		"nextline.yaml": "x: &p\n  ~/.ssh\nservices:\n  app:\n    image: alpine\n    volumes:\n      - {type: bind, source: *p, target: /s}\n",
		"aliaskey.yaml": "x: {k: &k source}\nservices:\n  app:\n    image: alpine\n    volumes:\n      - type: bind\n        *k : ~/.ssh\n        target: /s\n",
		"cr.yaml":       "services:\r  app:\r    image: alpine\r    labels:\r      a: |\r        x\r    volumes:\r      - ~/.ssh:/s\r",
		"merge.yaml":    "x-common: &common\n  image: alpine\n  restart: always\nservices:\n  app:\n    <<: *common\n    volumes:\n      - ./data:/data\n",
	})
	pod := "apiVersion: v1\nkind: Pod\nmetadata: {name: p, annotations: {src: &p " + filepath.Join(home, ".ssh") + "}}\nspec:\n  containers: [{name: c, image: alpine}]\n  volumes:\n    - name: k\n      hostPath: {path: *p}\n"
	if err := os.WriteFile(filepath.Join(proj, "pod.yaml"), []byte(pod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, f := range []string{"anchored.yaml", "nextline.yaml", "aliaskey.yaml", "cr.yaml"} {
			checkBlock(t, p, proj, "docker compose -f "+f+" up", true, ".ssh")
		}
		checkBlock(t, p, proj, "kubectl apply -f pod.yaml", true, ".ssh")
		checkBlock(t, p, proj, "docker compose -f merge.yaml up", false, "")
	}
}
