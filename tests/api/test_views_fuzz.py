"""Schema-based fuzz test of the JSON API (schemathesis), in-process against the WSGI app.

Requests are generated from ``/api/openapi.json`` for every operation; each response must not
be a server error and must conform to the schema (status code documented, body valid). The
fast suite runs a few derandomized examples per operation; ``-m slow`` runs many more.
"""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from clubrating.wsgi import application
from tests.api.seed import seed_club

CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


# Loaded at collection: serving the schema reads no table. (``from_fixture`` would defer it,
# but does not run under pytest 9.)
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)


@pytest.fixture
def seeded(db):
    """Players, lists and a tournament for the generated requests to find (or not find).

    The raw WSGI handler closes "old" database connections when a request starts and ends,
    which would close the test's transaction (on PostgreSQL); Django's test client turns that
    off the same way.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield seed_club(extra_players=3)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=5,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_fuzz(case, seeded):
    case.call_and_validate(checks=CHECKS)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_fuzz_long(case, seeded):
    case.call_and_validate(checks=CHECKS)
