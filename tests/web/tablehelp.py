"""Small helpers for driving the table pages through Flask's test client."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
SUIT_ICON = re.compile(r'<svg class="suit-icon s-([CDHS])"[^>]*>.*?</svg>')
SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def suit_signs(markup: str) -> str:
    """A page's suit icons (``companion.web.suits``) read back as the signs they stand for."""
    return SUIT_ICON.sub(lambda found: SIGNS[found.group(1)], markup)


def csrf(client: FlaskClient, url: str = "/") -> str:
    """The phone's CSRF token (one per session; read from the start page's form)."""
    del url
    page = client.get("/code")
    found = CSRF.search(page.get_data(as_text=True))
    assert found, "no csrf token on /code"
    return found.group(1)


def new_table(client: FlaskClient, **fields: Any) -> str:
    """Start a table; returns its path /t/<token>."""
    data = {"game": "custom", "players": "3", "name-0": "Ann", "name-1": "Ben", "name-2": "Cy"}
    data.update({k: str(v) for k, v in fields.items()})
    data["csrf_token"] = csrf(client)
    answer = client.post("/tables", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    return answer.headers["Location"]


def enter(client: FlaskClient, table: str, round_: int, scores: dict[int, Any], **extra: Any):
    data: dict[str, Any] = {"csrf_token": csrf(client, table)}
    for seat, points in scores.items():
        data[f"points-{seat}"] = str(points)
        data.setdefault(f"version-{seat}", "0")
    data.update({k: str(v) for k, v in extra.items()})
    return client.post(f"{table}/round/{round_}", data=data)


def totals(client: FlaskClient, table: str) -> list[str]:
    text = client.get(f"{table}/live").get_data(as_text=True)
    return re.findall(r'<td class="total"[^>]*>([^<]*)</td>', text)


def join_token(client: FlaskClient, table: str) -> str:
    found = re.search(r'href="/j/([A-Za-z0-9_-]+)"', client.get(table).get_data(as_text=True))
    assert found
    return found.group(1)


def claim(client: FlaskClient, token: str, seat: int, name: str = "") -> Any:
    data = {"csrf_token": csrf(client, f"/j/{token}"), "seat": str(seat), "name": name}
    return client.post(f"/j/{token}/seat", data=data)
