# Scoreblok: `make run` to play, `make test` to check everything.
# Settings default to production (DEBUG off, SECRET_KEY required); these targets are for a
# developer's machine and turn DEBUG on, unless DEBUG is already set in the environment.
# The first Python 3.12+ that really runs (pyenv shims can exist for versions not selected).
PYTHON ?= $(shell for p in python3.12 python3.13 $$HOME/.pyenv/versions/3.12*/bin/python \
	$$HOME/.pyenv/versions/3.13*/bin/python python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV := DEBUG=$${DEBUG:-1}
# Python keeps its compiled modules (pytest's rewritten test modules among them) even where the
# environment turns that off: otherwise every test process compiles every module again.
unexport PYTHONDONTWRITEBYTECODE

# The exact version and hashes of every package (the site's and its tests'), from `make lock`.
LOCK := requirements/lock.txt
BENCH_LOCK := requirements/bench.txt

.PHONY: install lock run serve prod-local test check suite test-sqlite flake lint typecheck messages check-deploy bench clean

$(VENV)/bin/python:
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml $(LOCK) | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $(STAMP)

install: $(STAMP)

# Writes the lock files from pyproject.toml's ranges, for every platform, keeping each version
# already locked that still fits them; `make lock UPGRADE=1` moves every package to the newest
# its range allows. Commit the result; `make install` then installs exactly that.
UV := $(BIN)/uv
UV_VERSION := 0.13.8
LOCK_OPTIONS := --generate-hashes --universal --python-version 3.12 --custom-compile-command "make lock" \
	--quiet $(if $(UPGRADE),--upgrade)

lock: | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(UV) pip compile pyproject.toml --extra test $(LOCK_OPTIONS) -o $(LOCK)
	$(UV) pip compile pyproject.toml --extra test --extra bench -c $(LOCK) $(LOCK_OPTIONS) -o $(BENCH_LOCK)

# Pages and live streams (/events/) from one ASGI server, events passed within its process;
# restarted when a Python file or a template changes (an open stream is then cut after 2 s and
# comes back by itself).
run: install
	$(DEV) $(BIN)/python manage.py migrate --no-input
	$(DEV) $(BIN)/python manage.py load_demo
	$(DEV) $(BIN)/uvicorn config.asgi:application --host 127.0.0.1 --port 8000 --reload \
		--reload-include '*.html' --reload-exclude '.venv/*' --timeout-graceful-shutdown 2

# Production mode on this machine (DEBUG off: SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL come
# from the environment): migrate, collect the static files, then gunicorn (config/gunicorn.py).
serve: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py collectstatic --no-input
	$(BIN)/gunicorn --config config/gunicorn.py

# The production shape of docs/deploy.md on this machine: two app servers (gunicorn for pages,
# uvicorn for event streams) behind haproxy, the local PostgreSQL, Redis, the task worker; then a
# round driven through it and read back from each app server, and a round posted to one server
# pushed to streams held on both. Needs Debian's haproxy. `deploy/prod_local.sh stop` stops it.
prod-local: install
	deploy/prod_local.sh

# Speed figures with their budgets (docs/performance.md): the engine, queries per request, a load
# test behind gunicorn, the club evening in open loop (200 tables pushed, 50 polling, idle pages
# in Chromium) behind haproxy, gunicorn and uvicorn, and bytes sent. Needs PostgreSQL
# (BENCH_DATABASE_URL names a database of its own, dropped and made again), the local Redis and
# Debian's haproxy. Not part of `make test`: about twenty minutes. `make bench PARTS="push poll"`
# runs some parts only.
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/scoreblok_bench

bench: install
	$(BIN)/python -m pip install --quiet --require-hashes -r $(BENCH_LOCK)
	BENCH_DATABASE_URL=$(BENCH_DATABASE_URL) $(BIN)/python -m tests.bench.run $(PARTS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy reads [tool.mypy] in pyproject.toml; the second run makes sure scoring/ passes the
# real --strict, whatever flags a newer mypy adds to it.
typecheck: install
	$(DEV) $(BIN)/mypy
	$(DEV) $(BIN)/mypy --strict --no-warn-unused-configs scoring

# axe-core for the accessibility browser test, from npm (package-lock.json pins it; no CDN).
AXE := tests/browser/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/axe/package.json tests/browser/axe/package-lock.json
	npm ci --prefix tests/browser/axe --no-audit --no-fund
	@touch $(AXE)

# `make test` is `make check` then `make suite`: lint, types and migrations, then every test on the
# database DATABASE_URL names (SQLite without it), on two workers, with the ten slowest tests.
PYTEST := $(BIN)/pytest -n $${PYTEST_WORKERS:-2} --dist worksteal --durations=10

test: check suite

check: lint typecheck
	$(DEV) $(BIN)/python manage.py makemigrations --check --dry-run

suite: install $(AXE)
	$(PYTEST)

# The tests whose outcome can depend on the database (those that reach it, the browser tests
# apart), on SQLite: CI's second database, after `make test` on PostgreSQL (docs/testing.md).
test-sqlite: install
	env -u DATABASE_URL $(PYTEST) -m "not browser" --database-tests-only

# The flake hunt: the browser tests RUNS times beside BUSY busy CPU loops, then every test that
# failed at least once (docs/testing.md). Run it after any change to the browser tests.
RUNS ?= 5
BUSY ?= 4
flake: install $(AXE)
	$(BIN)/python -m tests.flake_hunt --runs $(RUNS) --busy $(BUSY)

messages: install
	cd $(CURDIR) && $(DEV) $(BIN)/python manage.py makemessages -l nl -l fr --no-obsolete --ignore=.venv --ignore=staticfiles --ignore=tests
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv

check-deploy: install
	DEBUG=0 SECRET_KEY=$$(head -c 48 /dev/urandom | base64) ALLOWED_HOSTS=scoreblok.example \
		$(BIN)/python manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles
