"""A version from the future is stale too, through the Table API and the service (SQLite and
PostgreSQL): only the version the target has now is accepted; nothing is stored otherwise."""

from __future__ import annotations

import pytest

from tests.web.test_table_api import bearer, new_table, score


@pytest.mark.parametrize("seen", [1, 5])
def test_a_version_no_phone_has_seen_is_409_and_nothing_is_stored(client, seen):
    created = new_table(client)
    host = created["host_key"]
    refused = score(client, host, 1, 0, 9, version=seen)
    assert refused.status_code == 409
    assert refused.json["target_version"] == 0 and refused.json["current"] == {"points": None}
    assert score(client, host, 1, 0, 5, version=0).status_code == 200
    ahead = score(client, host, 1, 0, 7, version=1 + seen)
    assert ahead.status_code == 409 and ahead.json["current"] == {"points": 5}
    table = client.get("/api/v1/table", headers=bearer(host)).json
    assert [c["points"] for c in table["state"]["cells"]] == [5]
