# make run   – install, migrate, seed the demo floor and serve on http://127.0.0.1:5000
# make test  – install test dependencies, find a browser, run every test (browser tests included)
# make bench – benchmarks (not part of the tests' pass/fail)

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app app

.PHONY: run test bench install install-dev browser clean migrate

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

# Everything but the browser tests runs on two processes; the browser tests then run in order,
# one gunicorn server for the session.
test: install-dev browser
	$(PY) -m pytest -n 2 -m "not e2e"
	$(PY) -m pytest -m e2e

bench: install-dev
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache
