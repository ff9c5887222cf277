# guard — build, run and test. `make help` lists the targets.

GO      ?= go
BIN     ?= bin/guard
PORT    ?= 7070
# The version is written in one place, cmd/guard/VERSION (embedded in the
# binary). The commit and its date come from git, as goreleaser stamps them
# (the full hash, +dirty for uncommitted changes; guard prints 12 digits).
VERSION := $(shell cat cmd/guard/VERSION)
COMMIT  := $(shell git rev-parse HEAD 2>/dev/null)$(if $(shell git status --porcelain 2>/dev/null | head -n 1),+dirty)
DATE    := $(shell TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ 2>/dev/null)
LDFLAGS := -s -w -X main.commit=$(COMMIT) -X main.date=$(DATE)
# The release's garbage collector: the one before Go 1.25's Green Tea, whose
# first allocation in each span also touches the span's end; a hook process
# is about 4% faster (docs/DECISIONS.md, "The hook's garbage collector").
# The same in .goreleaser.yaml and scripts/benchhook.
GOEXP   := nogreenteagc

.PHONY: help build run test unit unit-core unit-bench unit-race unit-release lint bench snapshot release-check version clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-13s %s\n", $$1, $$2}'

build: ## build bin/guard
	CGO_ENABLED=0 GOEXPERIMENT=$(GOEXP) $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/guard

run: build ## build, then start the console on the built-in defaults (http://127.0.0.1:7070)
	./$(BIN) serve --port $(PORT)

# make test notes here each test it skipped for want of a tool
# (internal/testenv), and says at the end what was skipped and how to run it.
SKIPS := $(CURDIR)/bin/test-skips

test: ## every test: lint, unit, end-to-end, browser, installer; outside CI, lists what it skipped
	@mkdir -p bin && rm -f '$(SKIPS)'
	@status=0; GUARD_TEST_SKIPS='$(SKIPS)' $(MAKE) --no-print-directory lint unit || status=$$?; \
		sh scripts/test-skips.sh '$(SKIPS)' '$(CURDIR)'; exit $$status

unit: unit-core unit-bench unit-race unit-release ## every Go test: unit, testscript, browser, race, release and installer tests, every benchmark once

unit-core: ## every Go test but the release and installer tests
	$(GO) test -count=1 $$($(GO) list ./... | grep -v '/installers$$')

unit-bench: ## every Go benchmark run once: a benchmark that no longer runs (its input now blocked, say) fails here, not in `make bench`
	$(GO) test -count=1 -run '^$$' -bench . -benchtime 1x ./internal/...

unit-race: ## the hook path's packages under the race detector (the check runs beside its time-out, a long command's two readings at once; needs a C compiler)
	CGO_ENABLED=1 $(GO) test -race -count=1 -timeout 30m ./internal/hook ./internal/policy
	CGO_ENABLED=1 $(GO) test -race -count=1 -run 'TestWalkBoth' ./internal/shell

unit-release: ## the release and installer tests (need goreleaser, cyclonedx-gomod, ssh-keygen)
	@sh scripts/wait-tools.sh
	$(GO) test -count=1 -timeout 30m ./installers

lint: ## gofmt, go vet, the Windows and macOS cross-builds (shellcheck runs in the installer tests)
	@out=$$(gofmt -l cmd internal web scripts installers 2>/dev/null); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags gendocs ./cmd/guard
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 $(GO) build -trimpath -o /dev/null ./cmd/guard
	CGO_ENABLED=0 GOOS=darwin GOARCH=arm64 $(GO) build -trimpath -o /dev/null ./cmd/guard

bench: ## benchmarks: detectors, hook round trip against a baseline, console and export on a big log, guard run
	$(GO) test -run '^$$' -bench . -benchmem ./internal/...
	$(GO) run ./scripts/benchhook
	$(GO) run ./scripts/benchconsole
	$(GO) run ./scripts/benchexport
	@if command -v bwrap >/dev/null 2>&1; then $(GO) run ./scripts/benchrun; else echo "benchrun: skipped (guard run's cost needs bubblewrap)"; fi

version: ## print the version that builds report
	@echo $(VERSION) $(COMMIT) $(DATE)

snapshot: ## build every release artifact into dist/, signed with a throwaway key (goreleaser)
	sh scripts/release-check.sh --snapshot-only

release-check: ## goreleaser check, then a signed snapshot into dist/, its signature verified
	sh scripts/release-check.sh

clean: ## remove build output
	rm -rf bin dist .release
