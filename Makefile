# guard — build, run and test. `make help` lists the targets.

GO      ?= go
BIN     ?= bin/guard
VERSION ?= 0.2.0
COMMIT  ?= $(shell git rev-parse --short HEAD 2>/dev/null)
LDFLAGS := -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)
PORT    ?= 7070

.PHONY: help build run test unit lint bench snapshot clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build bin/guard
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/guard

run: build ## build, then start the console on the built-in defaults (http://127.0.0.1:7070)
	./$(BIN) serve --port $(PORT)

test: lint unit ## every test: lint, unit, end-to-end, browser, installer

unit: ## go test ./... (unit, testscript, browser and installer tests)
	$(GO) test -count=1 ./...

lint: ## gofmt, go vet, the Windows and macOS cross-builds (shellcheck runs in the installer tests)
	@out=$$(gofmt -l cmd internal web scripts installers 2>/dev/null); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=windows GOARCH=amd64 $(GO) build -o /dev/null ./cmd/guard
	GOOS=darwin GOARCH=arm64 $(GO) build -o /dev/null ./cmd/guard

bench: ## benchmarks: detectors, hook round trip against a baseline, console on a big log
	$(GO) test -run '^$$' -bench . -benchmem ./internal/...
	$(GO) run ./scripts/benchhook
	$(GO) run ./scripts/benchconsole

snapshot: ## build every release archive locally into dist/ (goreleaser)
	goreleaser release --snapshot --clean

clean: ## remove build output
	rm -rf bin dist
