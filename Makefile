# Scoreblok: `make run` to play, `make test` to check everything.
PYTHON ?= $(shell for v in python3.13 python3.12; do command -v $$v >/dev/null && { echo $$v; break; }; done; \
	for d in $$HOME/.pyenv/versions/3.13* $$HOME/.pyenv/versions/3.12*; do [ -x $$d/bin/python ] && { echo $$d/bin/python; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench messages check-deploy clean

$(STAMP): pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python 3.12 or newer is needed"; exit 1; }
	@test -x $(BIN)/python || $(firstword $(PYTHON)) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest

bench: install
	$(BIN)/python bench/run.py

messages: install
	cd $(CURDIR) && $(BIN)/python manage.py makemessages -l nl -l fr --no-obsolete --ignore=.venv --ignore=staticfiles
	$(BIN)/python manage.py compilemessages --ignore=.venv

check-deploy: install
	DEBUG=0 SECRET_KEY=$$(head -c 48 /dev/urandom | base64) ALLOWED_HOSTS=scoreblok.example \
		$(BIN)/python manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles
