# Chắn advisor — developer and CI entry points. `make help` lists the targets.

PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1
HAND ?= examples/hand.json
VIEW ?= examples/view.json

# Only the source trees that exist (service/ and benchmarks/ may come later).
LINT_PATHS := $(wildcard advisor service tests benchmarks examples)
TYPE_PATHS := $(wildcard advisor service)

STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.run

# The compiled core (rust/): pip builds it into advisor/_core*.so, in release mode, with
# cargo; a change to its sources reinstalls. Every build names the venv's Python to PyO3
# (PYO3_PYTHON): pip's isolated build environment is a new folder each time, and PyO3
# rebuilds when its interpreter changes; one name lets the tests' wheel build reuse it.
CARGO ?= cargo
RUST_SOURCES := $(shell find rust/core rust/py -name '*.rs' 2>/dev/null) \
	$(wildcard rust/Cargo.toml rust/Cargo.lock rust/core/Cargo.toml rust/py/Cargo.toml)
RUST_MANIFEST := --manifest-path rust/Cargo.toml

.PHONY: help install run-install bench-install run test lint typecheck rust pytest serve screenshots \
	bench calibration fit load dist clean

help: ## List the targets
	@grep -E '^[a-z][a-zA-Z_-]*:.*## ' $(MAKEFILE_LIST) \
		| awk 'BEGIN {FS = ":.*## "}; {printf "  %-12s %s\n", $$1, $$2}'

install: $(STAMP) ## Create .venv/ and install the package with its test tools

run-install: $(RUN_STAMP) ## Create .venv/ and install the package alone (what running needs)

$(RUN_STAMP): pyproject.toml $(RUST_SOURCES)
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	PYO3_PYTHON=$(abspath $(BIN)/python) $(BIN)/pip install -q -e .
	touch $@

$(STAMP): $(RUN_STAMP)
	PYO3_PYTHON=$(abspath $(BIN)/python) $(BIN)/pip install -q -e '.[test]'
	touch $@

bench-install: $(VENV)/.bench ## Add the benchmarks' extras (NumPy, matplotlib) to .venv/

$(VENV)/.bench: $(STAMP)
	PYO3_PYTHON=$(abspath $(BIN)/python) $(BIN)/pip install -q -e '.[test,bench]'
	touch $@

run: run-install ## Advice on an example position (examples/view.json), then an analysis
	$(BIN)/advisor chan advise $(VIEW)
	@echo
	$(BIN)/advisor chan analyze $(HAND)

test: install ## Lint, type-check and run the tests, Rust's too (what CI runs)
	@# the type check (one core) beside the Rust build and checks, then the tests
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck rust
	$(MAKE) --no-print-directory pytest

lint: install ## ruff check
	$(BIN)/ruff check $(LINT_PATHS)

typecheck: install ## mypy (strict) on the packages
	$(BIN)/mypy $(TYPE_PATHS)

rust: install ## The core: cargo fmt --check, clippy (warnings are errors), cargo test
	$(CARGO) fmt $(RUST_MANIFEST) --all -- --check
	PYO3_PYTHON=$(abspath $(BIN)/python) $(CARGO) clippy $(RUST_MANIFEST) --locked --workspace \
		--all-targets -- -D warnings
	$(CARGO) test $(RUST_MANIFEST) --locked -p advisor-core  # the test profile: quick to build

# The tests run in TEST_JOBS processes (pytest-xdist; 0 runs them in this one, e.g. to debug).
TEST_JOBS ?= 2

pytest: install ## Run the tests and doctests (TEST_JOBS=2 processes)
	$(BIN)/pytest -q -n $(TEST_JOBS)

serve: install ## Run the web service with gunicorn on $(HOST):$(PORT) (loopback; HOST=0.0.0.0 for all)
	BIND="$${BIND:-$(HOST):$(PORT)}" $(BIN)/gunicorn -c service/gunicorn.conf.py service.wsgi:app

screenshots: install ## Save docs/play.png, docs/play-GAME-{phone,laptop}.png, docs/analyze.png (browser tests, system Chromium)
	CHAN_SCREENSHOTS=1 $(BIN)/pytest -q tests/service/test_play_browser.py tests/service/test_tables_browser.py

bench: install ## Run the evaluation benchmark
	$(BIN)/python benchmarks/chan_eval.py

calibration: bench-install ## Do the advisors' chances mean what they say? (~10 min; diagrams in docs/)
	$(BIN)/python benchmarks/calibration.py --game chan --deals 3000 --png docs/calibration_chan.png
	$(BIN)/python benchmarks/calibration.py --game chan --opponent advisor \
		--advice-option opponents=advisor --deals 800 --seed 77 --png docs/calibration_chan_self.png
	$(BIN)/python benchmarks/calibration.py --game khanhoo --deals 700 \
		--png docs/calibration_khanhoo.png

fit: bench-install ## Refit the Chắn value models on simulated deals (~15 min; docs/advisor.md)
	$(BIN)/python benchmarks/fit_value.py --game chan --deals 12000 --seed 5
	$(BIN)/python benchmarks/fit_value.py --game chan --deals 8000 --seed 6 --rules cvv

load: install ## Load-test the service on loopback with wrk (1, 2, 4 workers; ~3 min)
	$(BIN)/python benchmarks/service_load.py --flood

dist: install ## Build the sdist and, from it, a wheel that carries the compiled core (dist/)
	rm -rf dist
	PYO3_PYTHON=$(abspath $(BIN)/python) $(BIN)/python -m build --outdir dist .

clean: ## Remove .venv/, the core's build and caches
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis \
		rust/target advisor/_core*.so
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
