"""Property-based fuzzing of the JSON referee API from its OpenAPI description: generated
bodies (valid and not) never get a 5xx; every answer is JSON."""

from __future__ import annotations

import os
import tempfile

import schemathesis
from hypothesis import HealthCheck, settings

from companion import create_app

_instance = tempfile.mkdtemp(prefix="companion-fuzz-")
os.environ.setdefault("COMPANION_INSTANCE", _instance)
APP = create_app(
    {"TESTING": True, "SECRET_KEY": "fuzz",
     "SQLALCHEMY_DATABASE_URI": f"sqlite:///{_instance}/fuzz.sqlite3"}
)  # fmt: skip
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)
EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "50"))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_body_gets_a_server_error(case):
    response = case.call(headers={"Accept-Encoding": "identity"})  # JSON as sent, not packed
    assert response.status_code < 500, (case.path, case.body, response.text[:300])
    if case.method.upper() in ("OPTIONS", "HEAD"):
        return  # Flask answers these itself, with no body
    answer = response.json()  # every answer is JSON, errors included
    if response.status_code >= 400:
        assert isinstance(answer["error"], str) and answer["error"]


def test_every_api_url_is_described():
    from companion.web.openapi import all_paths

    with APP.app_context():
        described = set(all_paths())
    served = {
        rule.rule.replace("<", "{").replace(">", "}")
        for rule in APP.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/") and rule.rule != "/api/v1/openapi.json"
    }
    assert served <= described, served - described
    assert len(served) >= 6
