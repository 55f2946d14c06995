# Every target builds its own environment: a fresh machine needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench lint clean screenshot

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	bash examples/demo.sh

test: $(STAMP)
	$(BIN)/python -m pytest -n auto

# the README's picture of the game viewer, as the browser test draws it (needs chromium)
screenshot: $(STAMP)
	SCREENSHOT=$(CURDIR)/docs/viewer.png $(BIN)/python -m pytest -p no:xdist tests/test_view.py -k browser

bench: $(STAMP)
	$(BIN)/python bench/perft.py
	$(BIN)/python bench/variants_perft.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/analysis.py

# mypy cannot follow the editable install's import hook, so it checks the package
# through a tree of links laid out as it installs (trebuchet/variants -> variants).
TYPED := build/typecheck

lint: $(STAMP)
	$(BIN)/ruff check variants converters analysis trebuchet tests bench
	rm -rf $(TYPED) && mkdir -p $(TYPED)/trebuchet
	for f in trebuchet/*; do ln -s "$(CURDIR)/$$f" $(TYPED)/$$f; done
	for d in variants converters analysis; do ln -s "$(CURDIR)/$$d" $(TYPED)/trebuchet/$$d; done
	cd $(TYPED) && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml -p trebuchet

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
