# clubrating — the two commands: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run serve worker test test-slow test-browser lint format bench bench-pairing bench-mcmahon bench-web bench-entry bench-users bench-fide-import install migrate seed messages clean

$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "clubrating needs Python 3.11 or newer (set PYTHON=python3.X)"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

seed: migrate
	$(PY) manage.py seed_demo --if-empty
	$(PY) manage.py ensure_local_admin

run: seed
	@echo "Serving on http://127.0.0.1:8000/ (admin: http://127.0.0.1:8000/admin/); Ctrl-C stops."
	$(PY) manage.py runserver 127.0.0.1:8000

# Production server (docs/deploy.md): PostgreSQL, Redis when more than one worker serves,
# DJANGO_ENV=production unless set otherwise.
BIND ?= 127.0.0.1:8000
# gunicorn's control socket (gunicorn >= 25 opens one, by default one path for every instance
# of a user): none, unless CONTROL_SOCKET names this instance's own path.
CONTROL_SOCKET ?=
GUNICORN_CONTROL = $(if $(CONTROL_SOCKET),--control-socket $(CONTROL_SOCKET),--no-control-socket)
serve: install
	@case "$$DATABASE_URL" in postgres://*|postgresql://*) ;; \
		*) echo "make serve needs DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/NAME (see docs/deploy.md)"; exit 1;; esac
	@if [ -z "$$REDIS_URL" ] && [ "$${WEB_CONCURRENCY:-2}" != 1 ]; then \
		echo "make serve with $${WEB_CONCURRENCY:-2} workers needs REDIS_URL=redis://HOST:6379/0, the cache they share (or WEB_CONCURRENCY=1: one process, its own cache; see docs/deploy.md)"; exit 1; fi
	DJANGO_ENV=$${DJANGO_ENV:-production} $(PY) manage.py collectstatic --noinput
	DJANGO_ENV=$${DJANGO_ENV:-production} $(PY) manage.py migrate --noinput
	DJANGO_ENV=$${DJANGO_ENV:-production} $(VENV)/bin/gunicorn clubrating.wsgi:application \
		--bind $(BIND) --workers $${WEB_CONCURRENCY:-2} --access-logfile - --forwarded-allow-ips "$${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
		$(GUNICORN_CONTROL)

# The workers beside the app servers (docs/deploy.md): the mail worker (mail to players, its
# retries) always, and with REDIS_URL set the worker of the rating corrections' job queue.
worker: install
	DJANGO_ENV=$${DJANGO_ENV:-production} $(PY) manage.py mail_worker & mail=$$!; \
	trap 'kill $$mail 2>/dev/null' EXIT INT TERM; \
	if [ -n "$$REDIS_URL" ]; then DJANGO_ENV=$${DJANGO_ENV:-production} $(PY) manage.py ratings_worker; \
	else wait $$mail; fi

# Two workers (pytest-xdist; TEST_WORKERS=0 runs in one process, e.g. to debug).
TEST_WORKERS ?= 2
test: install
	$(PY) -m pytest -q -n $(TEST_WORKERS)

test-slow: install
	$(PY) -m pytest -q -m slow

# The browser tests (real Chromium; skipped with one reason where it is missing): a stage of
# their own, run by .ci/run on both databases, so that make test stays within five minutes.
# Their laptop and wide walks are marked slow too: make test-slow runs those.
test-browser: install
	$(PY) -m pytest -q -n $(TEST_WORKERS) -m 'browser and not slow' tests/browser

# Style, the import contracts between the layers (pyproject.toml [tool.importlinter]) and
# migrations that match the models.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py makemigrations --check --dry-run

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: install
	$(PY) bench/ratings.py

bench-pairing: install
	$(PY) -m bench.pairing

bench-mcmahon: install
	$(PY) -m bench.mcmahon

# The FIDE rating list import on a generated list of FIDE's size (about 1.5 million lines);
# BENCH_FIDE_ARGS passes options, e.g. BENCH_FIDE_ARGS="--lines 100000 --backends sqlite,postgresql".
bench-fide-import: install
	$(PY) -m bench.fide_import $(BENCH_FIDE_ARGS)

# Public pages behind gunicorn, measured with wrk (apt-get install wrk); BENCH_WEB_ARGS passes
# options, e.g. BENCH_WEB_ARGS="--backend sqlite" or "--players 2000 --games 40000".
bench-web: install
	$(PY) -m bench.web $(BENCH_WEB_ARGS)

# Result entry on a federation's list (PostgreSQL, a Redis of its own): one result, a
# correction six periods back, 20 writers at once; BENCH_ENTRY_ARGS sets the size, e.g.
# BENCH_ENTRY_ARGS="--players 20000 --games 500000".
bench-entry: install
	$(PY) -m bench.entry $(BENCH_ENTRY_ARGS)

# What users feel, through HTTP on production settings (PostgreSQL, a Redis of its own,
# gunicorn): result entry, 20 writers, round pages, cold pages, the replay and a correction,
# each beside the floor (/healthz); a database of the run's own, dropped at the end.
# BENCH_USERS_ARGS sets the size, e.g. BENCH_USERS_ARGS="--players 20000 --games 400000".
bench-users: install
	$(PY) -m bench.users $(BENCH_USERS_ARGS)

messages: install
	$(PY) manage.py makemessages -l ru --ignore=.venv --ignore=bench --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 test-artifacts
