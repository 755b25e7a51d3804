PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean soak chromium

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m sim.main_job --db runeledger.db

# The table's browser tests drive Debian's Chromium (no Playwright download); installed when missing.
chromium:
	@test -x /usr/bin/chromium || { test "$$(id -u)" = 0 && apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } || \
	    { echo "the browser tests need /usr/bin/chromium (apt-get install chromium, as root)"; exit 1; }

# The quick check: the linter, the formatter (checking only: `ruff format` rewrites) and the type
# checker, configured in pyproject.toml. `make test` runs it before the tests.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The suite on every core (pytest-xdist: a test module's fixtures are per worker; no test shares
# a file or a port with another), so a 2-core machine runs it in about half the time.
test: lint chromium
	$(BIN)/python -m pytest -n auto

soak: $(STAMP)
	RUNELEDGER_SOAK=1 $(BIN)/python -m pytest tests/core/test_fuzz_boundary.py tests/server/test_fuzz_server.py tests/core/test_crash_kill.py tests/server/test_load.py -q -s -p no:cacheprovider
	RUNELEDGER_MK2_GAMES=40 $(BIN)/python -m pytest tests/games/mage_knight/test_scenario_play.py -q -p no:cacheprovider
	$(BIN)/python -m bench.soak --games 200

bench: $(STAMP)
	$(BIN)/python -m bench.run $(BENCH_ARGS)
	$(BIN)/python -m analytics.bench --games 20
	$(BIN)/python -m analytics.bench_ray --game thunderstone --games 200 --cpus 2

clean:
	rm -rf $(VENV) *.db *.db-wal *.db-shm
