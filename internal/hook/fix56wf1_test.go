package hook

import "testing"

// TestReview56MakeShell: make's $(shell …) is a model of its output (pwd
// make's directory, go env GOPATH the place guard works out, one literal
// command the shell's substitution of it) or one opaque value whatever
// the shell quoting around it, never the command's text; the command is
// checked where make runs it; $@ and $< of a target or prerequisite
// holding such a value are that value, not exempt; a recipe's shell
// $$(realpath …) is no make function (FINDINGS56c FP-M1 FP-M4, FINDINGS55d
// D16).
func TestReview56MakeShell(t *testing.T) {
	const gomod = "module example.com/x\n\ngo 1.22\n"
	_, proj := scriptWorld(t, map[string]string{
		"at8/Makefile":  "H := $(shell echo ~)\nt: $(H)/.ssh/id_rsa\n\tcat $<\n",
		"at8c/Makefile": "H := $(shell echo ~)\nt: $(H)/.ssh/config\n\tcp $< out.txt\n",
		"at2/Makefile":  "H := $(shell echo ~)\nt: $(H)/.bashrc\n$(H)/.bashrc: FORCE\n\techo x >> $@\nFORCE:\n",
		"at10/Makefile": "H := $(shell echo ~)\nt: $(H)/.bashrc\n%/.bashrc: FORCE\n\techo x >> $@\nFORCE:\n",
		"at11/Makefile": "H := $(shell echo ~)\nt: $(H)/x.bashrc\n%.bashrc: FORCE\n\techo x >> $*.bashrc\nFORCE:\n",
		"at12/Makefile": "t: $(shell cat x.txt)/.bashrc\n$(shell cat x.txt)/.bashrc: FORCE\n\techo x >> $@\nFORCE:\n",
		"at12/x.txt":    "$HOMEDIR\n",
		"at13/Makefile": "t: $(shell cat x.txt)/.bashrc\n%/.bashrc: FORCE\n\techo x >> $@\nFORCE:\n",
		"at13/x.txt":    "$HOMEDIR\n",
		"sq1/Makefile":  "t:\n\techo x >> '$(shell cat name.txt | head -1)'\n",
		"sq2/Makefile":  "t:\n\techo x >> '$(F)'\n",
		"rc1/Makefile":  "t:\n\t@echo $(shell cat ~/.ssh/id_rsa)\n",
		"fe1/Makefile":  "X := $(file >$(shell cat name.txt),hi)\nt:\n\t@echo hi\n",
		"fe2/Makefile":  "X := $(eval $(shell cat name.txt))\nt:\n\t@echo hi\n",
		"rc2/Makefile":  "C = cat ~/.ssh/id_rsa\nK = $(shell $(C))\nt:\n\t@echo $(K)\n",
		"kbm/Makefile": `LOCALBIN ?= $(shell pwd)/bin
$(LOCALBIN):
	mkdir -p "$(LOCALBIN)"
CONTROLLER_GEN ?= $(LOCALBIN)/controller-gen
CONTROLLER_TOOLS_VERSION ?= v0.21.0
VER ?= $(shell v='$(call gomodver,sigs.k8s.io/controller-runtime)'; printf '%s\n' "$$v")
.PHONY: build
build: controller-gen
	"$(CONTROLLER_GEN)" object paths="./..."
	go build -o bin/manager cmd/main.go
.PHONY: controller-gen
controller-gen: $(CONTROLLER_GEN)
$(CONTROLLER_GEN): $(LOCALBIN)
	$(call go-install-tool,$(CONTROLLER_GEN),sigs.k8s.io/controller-tools/cmd/controller-gen,$(CONTROLLER_TOOLS_VERSION))
.PHONY: ver
ver:
	@echo "$(VER)"
define go-install-tool
@[ -f "$(1)-$(3)" ] && [ "$$(readlink -- "$(1)" 2>/dev/null)" = "$(1)-$(3)" ] || { \
set -e; \
package=$(2)@$(3) ;\
echo "Downloading $${package}" ;\
rm -f "$(1)" ;\
GOBIN="$(LOCALBIN)" go install $${package} ;\
mv "$(LOCALBIN)/$$(basename "$(1)")" "$(1)-$(3)" ;\
} ;\
ln -sf "$$(realpath "$(1)-$(3)")" "$(1)"
endef
define gomodver
$(shell go list -m -f '{{if .Replace}}{{.Replace.Version}}{{else}}{{.Version}}{{end}}' $(1) 2>/dev/null)
endef
`,
		"kbm/go.mod":      gomod,
		"kbm/cmd/main.go": "package main\n\nfunc main() {}\n",
		"lintp/Makefile": `LOCALBIN ?= $(shell pwd)/bin
$(LOCALBIN):
	mkdir -p $(LOCALBIN)
GOLANGCI_LINT = $(LOCALBIN)/golangci-lint
.PHONY: lint
lint: $(GOLANGCI_LINT)
	$(GOLANGCI_LINT) run ./...
$(GOLANGCI_LINT): $(LOCALBIN)
	GOBIN=$(LOCALBIN) go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.64.0
`,
		"lintp/go.mod":  gomod,
		"prom/Makefile": "include Makefile.common\nbuild: common-build\n",
		"prom/Makefile.common": `GO ?= go
FIRST_GOPATH := $(firstword $(subst :, ,$(shell $(GO) env GOPATH)))
PROMU := $(FIRST_GOPATH)/bin/promu
.PHONY: common-build
common-build: promu
	$(PROMU) build --prefix .
.PHONY: promu
promu: $(PROMU)
$(PROMU):
	GOBIN=$(FIRST_GOPATH)/bin $(GO) install github.com/prometheus/promu@v0.17.0
`,
		"prom/go.mod":       gomod,
		"m4/Makefile":       "a:\n\tln -sf \"$$(realpath bin/x-v1)\" bin/x\n",
		"npmb/package.json": `{"name":"x","version":"1.0.0","scripts":{"t":"ln -sf \"$(realpath bin/x-v1)\" bin/x"}}`,
		"w/Makefile":        "V := $(shell git describe --tags --always 2>/dev/null)\nD := $(shell date +%Y)\nt:\n\tgo build -ldflags \"-X main.v=$(V) -X main.y=$(D)\" -o bin/app .\n",
		"w/go.mod":          gomod,
	})
	checkAll(t, proj, []string{
		"cd at8 && make t", "cd at8c && make t", // $< of a prerequisite named by a $(shell) value (D16)
		"cd at2 && make t", "cd at10 && make t", "cd at11 && make t", // $@, $* of a target named so (D16)
		"cd at12 && make t", "cd at13 && make t", // a target written with a call: one name
		"cd sq1 && make t", "cd sq2 && make t F=\"$X\"", // one value inside single quotes
		"cd rc1 && make t", "cd rc2 && make t", // the command checked where make runs it
		"cd fe1 && make t", "cd fe2 && make t", // a $(file)'s name, an $(eval)'s text from a $(shell)
	}, []string{
		"cd kbm && make build", "cd kbm && make controller-gen", "cd kbm && make ver", // kubebuilder's LOCALBIN, go-install-tool, gomodver
		"cd lintp && make lint",                   // LOCALBIN ?= $(shell pwd)/bin
		"cd prom && make build",                   // FIRST_GOPATH from $(shell go env GOPATH)
		"cd m4 && make a", "cd npmb && npm run t", // the shell's $(realpath …)
		"cd w && make t",
	})
}
