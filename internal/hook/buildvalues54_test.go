package hook

import "testing"

// TestBuildFileValues54: what guard could not work out in a build file
// (its MAKE_ placeholders: a variable past the depth bound, $(value …))
// and npm's own variables are unknown values, not empty (FINDINGS54a U1,
// M12, N1); the environment the command gives make, npm or just reaches
// their commands (E1); $(file <…) and $(eval include …) reached through a
// variable are a read (M8); $(abspath ../…) is the path it climbs to
// (M20). The GNU make manual's $(eval $(call TEMPLATE,…)) and
// kubebuilder's go-install-tool pass (FP1, FP3).
func TestBuildFileValues54(t *testing.T) {
	const env = "DBPASS=SECRETKEY\n"
	const cat = "#!/bin/sh\ncat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"deep/Makefile":     "A0 = .e\nA1 = $(A0)\nA2 = $(A1)\nA3 = $(A2)\nA4 = $(A3)\nA5 = $(A4)\nA6 = $(A5)\nA7 = $(A6)\nA8 = $(A7)\nA9 = $(A8)\nA10 = $(A9)\nt:\n\tcat $(A10)nv\n",
		"deep/.env":         env,
		"value/Makefile":    "F = .e\nt:\n\tcat $(value F)nv\n",
		"value/.env":        env,
		"file/Makefile":     "F = .e\nR = $(file <$(F)nv)\nt:\n\t@echo \"$(R)\"\n",
		"file/.env":         env,
		"eval/Makefile":     "E = $(eval include .env)\n$(E)\nexport\nt:\n\tprintenv DBPASS\n",
		"eval/.env":         env,
		"abs/Makefile":      "t:\n\tcat $(abspath ../abs/.env)\nrc:\n\techo pwned >> $(abspath ../../home/.bashrc)\n",
		"abs/.env":          env,
		"path/Makefile":     "SHELL = /bin/bash\nt:\n\tls\nv:\n\tcat $${F}nv\n",
		"path/package.json": `{"config":{"f":".e"},"name":".e","scripts":{"t":"ls","v":"cat ${F}nv","c":"cat ${npm_package_config_f}nv","n":"cat ${npm_package_name}nv"}}`,
		"path/justfile":     "t:\n    ls\n",
		"path/bin/ls":       cat,
		"path/x.sh":         "cat ~/.ssh/id_rsa\n",
		"path/.env":         env,
		"tmpl/Makefile":     "PROGRAMS = server client\nserver_OBJS = src/a.o\nclient_OBJS = src/b.o\n\nall: $(PROGRAMS)\n\ndefine PROGRAM_template\n$(1): $$($(1)_OBJS)\n\t$$(CC) -o $$@ $$^\nALL_OBJS += $$($(1)_OBJS)\nendef\n\n$(foreach prog,$(PROGRAMS),$(eval $(call PROGRAM_template,$(prog))))\n\nclean:\n\trm -f $(PROGRAMS) $(ALL_OBJS)\n",
		"tmpl/src/a.c":      "int a;\n",
		"tmpl/src/b.c":      "int b;\n",
		"kb/Makefile":       "IMG ?= controller:latest\nENVTEST_K8S_VERSION = 1.31.0\n\nifeq (,$(shell go env GOBIN))\nGOBIN=$(shell go env GOPATH)/bin\nelse\nGOBIN=$(shell go env GOBIN)\nendif\n\nCONTAINER_TOOL ?= docker\nSHELL = /usr/bin/env bash -o pipefail\n.SHELLFLAGS = -ec\n\n.PHONY: all\nall: build\n\n.PHONY: help\nhelp: ## Display this help.\n\t@awk 'BEGIN {FS = \":.*##\"; printf \"\\nUsage:\\n  make \\033[36m<target>\\033[0m\\n\"} /^[a-zA-Z_0-9-]+:.*?##/ { printf \"  \\033[36m%-15s\\033[0m %s\\n\", $$1, $$2 } /^##@/ { printf \"\\n\\033[1m%s\\033[0m\\n\", substr($$0, 5) } ' $(MAKEFILE_LIST)\n\n.PHONY: manifests\nmanifests: controller-gen ## Generate manifests.\n\t$(CONTROLLER_GEN) rbac:roleName=manager-role crd webhook paths=\"./...\" output:crd:artifacts:config=config/crd/bases\n\n.PHONY: generate\ngenerate: controller-gen\n\t$(CONTROLLER_GEN) object:headerFile=\"hack/boilerplate.go.txt\" paths=\"./...\"\n\n.PHONY: fmt\nfmt:\n\tgo fmt ./...\n\n.PHONY: vet\nvet:\n\tgo vet ./...\n\n.PHONY: test\ntest: manifests generate fmt vet envtest\n\tKUBEBUILDER_ASSETS=\"$(shell $(ENVTEST) use $(ENVTEST_K8S_VERSION) --bin-dir $(LOCALBIN) -p path)\" go test $$(go list ./... | grep -v /e2e) -coverprofile cover.out\n\n.PHONY: build\nbuild: manifests generate fmt vet\n\tgo build -o bin/manager cmd/main.go\n\n.PHONY: run\nrun: manifests generate fmt vet\n\tgo run ./cmd/main.go\n\n.PHONY: docker-build\ndocker-build:\n\t$(CONTAINER_TOOL) build -t ${IMG} .\n\nLOCALBIN = bin\n$(LOCALBIN):\n\tmkdir -p $(LOCALBIN)\n\nCONTROLLER_GEN = bin/controller-gen\nENVTEST = bin/setup-envtest\nCONTROLLER_TOOLS_VERSION ?= v0.16.4\nENVTEST_VERSION ?= release-0.19\n\n.PHONY: controller-gen\ncontroller-gen: $(CONTROLLER_GEN)\n$(CONTROLLER_GEN): $(LOCALBIN)\n\t$(call go-install-tool,$(CONTROLLER_GEN),sigs.k8s.io/controller-tools/cmd/controller-gen,$(CONTROLLER_TOOLS_VERSION))\n\n.PHONY: envtest\nenvtest: $(ENVTEST)\n$(ENVTEST): $(LOCALBIN)\n\t$(call go-install-tool,$(ENVTEST),sigs.k8s.io/controller-runtime/tools/setup-envtest,$(ENVTEST_VERSION))\n\ndefine go-install-tool\n@[ -f \"$(1)-$(3)\" ] || { \\\nset -e; \\\npackage=$(2)@$(3) ;\\\necho \"Downloading $${package}\" ;\\\nrm -f $(1) || true ;\\\nGOBIN=$(LOCALBIN) go install $${package} ;\\\nmv $(1) $(1)-$(3) ;\\\n} ;\\\nln -sf $(1)-$(3) $(1)\nendef\n",
		"more/Makefile":     "define F\n.e\nendef\nSHELL = /bin/bash\nBASH_ENV = ./x.sh\n.EXPORT_ALL_VARIABLES:\nd:\n\tcat $(F)nv\ns:\n\tcat $(subst ,nv,.e)\nx:\n\techo ok\n",
		"more/x.sh":         "cat ~/.ssh/id_rsa\n",
		"more/.env":         env,
		"py/justfile":       "python := env_var_or_default(\"PYTHON\", \"python3\")\nvenv:\n    {{python}} -m venv .venv\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd deep && make t", "cd value && make t", "cd file && make t", "cd eval && make t",
			"cd abs && make t", "cd abs && make rc",
			"cd path && PATH=./bin:$PATH make t", "cd path && make t PATH=./bin:/usr/bin:/bin",
			"cd path && make t BASH_ENV=./x.sh", "cd path && F=.e make v",
			"cd path && PATH=./bin:$PATH npm run t", "cd path && export PATH=./bin:$PATH; npm run t",
			"cd path && F=.e npm run v", "cd path && npm run c", "cd path && npm run n",
			"cd path && PATH=./bin:$PATH just t", "cd more && make d", "cd more && make s", "cd more && make x", "cd py && PYTHON=../path/bin/ls just venv",
		} {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range []string{
			"cd path && make t", "cd path && npm run t", "cd path && just t", `cd path && PATH="$HOME/.local/bin:$PATH" make t`,
			"cd path && make t V=1", "cd tmpl && make", "cd tmpl && make clean",
			"cd kb && make build", "cd kb && make manifests", "cd kb && make controller-gen", "cd py && just venv",
		} {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}
