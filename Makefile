# The README's commands. `make run` and `make test` are all a fresh machine needs.
GO ?= go
PKGS ?= ./...

.PHONY: run test bench generate lint build

## run: the web app and a worker pool on http://localhost:$${PORT:-8080}
run: build
	./bin/arena serve

## test: every test, against real Postgres (TEST_DATABASE_URL, Docker, or the local server)
test:
	$(GO) test -timeout 30m $(PKGS)

## bench: the benchmarks (speed and memory targets), with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m $(PKGS)

## generate: templ components to Go (the generated files are committed)
generate:
	$(GO) tool templ generate -path templates

## lint: formatting and vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '_templ.go$$')); \
	if [ -n "$$out" ]; then echo "not gofmt-formatted:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

## build: the arena binary in bin/
build:
	$(GO) build -o bin/arena ./cmd/arena
