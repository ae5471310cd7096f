"""Bounded work (issue 20): every referee API route reads up to its limits and refuses more at
once, in words, before reading anything in the body.

For each route of ``companion.web.bounds.ROUTES``: the body with every count at its limit is
answered (200); one more at any one place is a 413 naming the place, the limit and the count;
a body longer than the route reads is a 413 too. "Before reading anything": the bodies over a
limit also carry something unreadable (a card ``1H``, a body that is not JSON), which would
be a 400 had the route read that far.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from bench.bounded_bodies import BUILDERS, at_limit, one_over
from companion.web.bounds import ROUTES, describe

CASES = [(path, b.path, b.most) for path, route in ROUTES.items() for b in route.bounds]


def spoil(body: dict[str, Any]) -> dict[str, Any]:
    """The body with an unreadable value at its end, where only a route that reads it looks."""
    return {**body, "options": {"no such option": 1}, "lexicon": 7, "hand": "zeta"}


def test_every_route_has_limits_and_a_body_at_them():
    assert set(BUILDERS) == set(ROUTES)
    assert all(route.bounds and route.body_bytes for route in ROUTES.values())


@pytest.mark.parametrize("path", sorted(ROUTES))
def test_a_body_at_every_limit_is_answered(api_client, path):
    body = json.dumps(at_limit(path)).encode()
    assert len(body) <= ROUTES[path].body_bytes
    answer = api_client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 200, answer.get_json()
    assert "error" not in answer.get_json()


@pytest.mark.parametrize(("path", "bound", "most"), CASES)
def test_one_more_than_a_limit_is_a_413_in_words_before_anything_is_read(
    api_client, path, bound, most
):
    body = spoil(one_over(path, bound, most))
    answer = api_client.post(path, json=body)
    assert answer.status_code == 413, answer.get_json()
    said = answer.get_json()
    assert (said["field"], said["limit"], said["got"]) == (bound, most, most + 1)
    assert said["error"].startswith(f"Too much in '{bound}': {most + 1:,} ")
    assert f"at most {most} are read" in said["error"]


@pytest.mark.parametrize("path", sorted(ROUTES))
def test_a_body_longer_than_the_route_reads_is_refused_unread(api_client, path):
    most = ROUTES[path].body_bytes
    at_most = api_client.post(path, data=b" " * most, content_type="application/json")
    assert at_most.status_code == 400  # read: blank is not a JSON object
    over = api_client.post(path, data=b" " * (most + 1), content_type="application/json")
    assert over.status_code == 413
    assert over.get_json() == {
        "error": f"That body is {most + 1:,} bytes; this route reads at most {most:,} "
        "(far more than any real hand needs).",
        "field": "body",
        "limit": most,
        "got": most + 1,
    }


def test_a_body_sent_without_its_length_is_cut_off_at_the_limit(api_client):
    path = "/api/v1/referee/hearts/check"
    most = ROUTES[path].body_bytes
    answer = api_client.post(
        path,
        input_stream=io.BytesIO(b" " * (most + 1)),
        content_type="application/json",
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert answer.status_code == 413
    assert answer.get_json()["field"] == "body"


def test_the_openapi_description_lists_each_routes_limits(api_client):
    spec = api_client.get("/api/v1/openapi.json").get_json()
    for path in ROUTES:
        operation = spec["paths"][path]["post"]
        assert describe(path) in operation["description"]
        assert "413" in operation["responses"]
