# make run   – install, migrate, seed the demo floor and serve on http://127.0.0.1:5000
# make test  – install test dependencies, lint, find a browser, run every test (browser tests included)
# make lint  – ruff over the code, tests and benchmarks; mypy over webgame/ (strict for engine/ and games/)
# make bench – benchmarks (not part of the tests' pass/fail)
# make screenshots – the browser tests, keeping a screenshot of each felt under tests/e2e/artifacts/

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app app

# Python may keep compiled modules (a host may turn that off): every test process, and each
# server the browser tests start, would otherwise compile the whole project from source.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test lint bench install install-dev browser clean migrate screenshots

$(VENV)/.runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip >/dev/null 2>&1 || true
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.runtime
install-dev: $(VENV)/.dev

migrate: install
	$(FLASK) db upgrade
	$(FLASK) seed-demo

run: migrate
	$(VENV)/bin/gunicorn app:app -c gunicorn.conf.py

# Debian's Chromium where it exists (CI installs it); otherwise Playwright's own download.
browser: install-dev
	@if [ -x /usr/bin/chromium ] || [ -n "$$CHROMIUM_PATH" ]; then echo "browser: using system Chromium"; \
	else $(PY) -m playwright install chromium; fi

lint: install-dev
	$(PY) -m ruff check webgame tests bench
	$(PY) -m mypy webgame

# Lint first; then everything but the browser tests runs on two processes, and the browser
# tests on two as well, each process with its own gunicorn server and database, a test file
# kept whole on one of them (its tables are made once per file). A browser test that fails
# runs once more (a real browser on a loaded machine can miss a live refresh); the run's
# summary lists every rerun, so a flaky test is seen, and a test failing twice fails the run.
test: install-dev lint browser
	$(PY) -m pytest -n 2 -m "not e2e" --durations=15
	$(PY) -m pytest -n 2 --dist loadfile --reruns 1 -raR -m e2e --durations=15

screenshots: install-dev browser
	E2E_SCREENSHOTS=1 $(PY) -m pytest -n 2 --dist loadfile -m e2e

bench: install-dev
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
