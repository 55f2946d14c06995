# Every target builds its own environment: a fresh machine needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow bench bench-details lint clean fast pure test-compiled screenshot

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	bash examples/demo.sh

# The slow tier (checks of tens of seconds each: whole corpora, the exported games'
# random positions on the heaviest files) is left to test-slow; CI runs both.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto -m "not slow"

test-slow: $(STAMP)
	$(BIN)/python -m pytest -n auto -m slow

# the README's pictures of the game viewer and of two evaluate reports, as the
# browser tests draw them (needs chromium)
screenshot: $(STAMP)
	SCREENSHOT=$(CURDIR)/docs/viewer.png $(BIN)/python -m pytest -p no:xdist tests/cli/test_view.py -k browser
	REPORT_SCREENSHOTS=$(CURDIR)/docs $(BIN)/python -m pytest -p no:xdist tests/cli/test_evaluate_report.py

# One table of the speed goals, both builds (bench/table.py); the compiled column
# is left empty where there is no C compiler.  bench-details runs each script.
bench: $(STAMP)
	rm -f build/bench.json
	$(MAKE) --no-print-directory pure
	$(BIN)/python bench/table.py collect pure build/bench.json
	if $(MAKE) --no-print-directory fast; then \
	  $(BIN)/python bench/table.py collect compiled build/bench.json; fi
	$(MAKE) --no-print-directory pure
	$(BIN)/python bench/table.py show build/bench.json

bench-details: $(STAMP)
	$(BIN)/python bench/perft.py
	$(BIN)/python bench/legality.py
	$(BIN)/python bench/variants_perft.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/zrf.py --jobs 2

# The compiled build (docs/speed.md): mypyc compiles the rules core and the PGN
# path in place, next to the sources, where imports find them before the .py
# files; `make pure` removes them again.  Needs a C compiler and Python's headers.
fast: $(STAMP)
	@$(BIN)/python -c "import shutil, sysconfig; cc = (sysconfig.get_config_var('CC') or 'cc').split()[0]; \
	  raise SystemExit(None if shutil.which(cc) else f'make fast needs a C compiler ({cc}); the pure build needs none')"
	TREBUCHET_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace
	find trebuchet variants converters -name '*.so' -exec touch {} +
	$(BIN)/python -c "import trebuchet; assert trebuchet.COMPILED; print('compiled build loaded')"

# The whole suite against the compiled build (docs/speed.md), as CI runs it.
test-compiled: fast
	TREBUCHET_BUILD=compiled $(BIN)/python -m pytest -n auto -m "not slow"

pure:
	find trebuchet variants converters analysis -name '*.so' -delete
	rm -rf build/compile build/mypyc

# mypy cannot follow the editable install's import hook, so it checks the package
# through a tree of links laid out as it installs (trebuchet/variants -> variants).
TYPED := build/typecheck

lint: $(STAMP)
	$(BIN)/ruff check variants converters analysis trebuchet tests bench build_support setup.py
	rm -rf $(TYPED) && mkdir -p $(TYPED)/trebuchet
	for f in trebuchet/*; do ln -s "$(CURDIR)/$$f" $(TYPED)/$$f; done
	for d in variants converters analysis; do ln -s "$(CURDIR)/$$d" $(TYPED)/trebuchet/$$d; done
	cd $(TYPED) && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml -p trebuchet

clean:
	find trebuchet variants converters analysis -name '*.so' -delete
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
