"""A background request (htmx, the service worker) never sends back an unchanged session
cookie: its late answer could otherwise put an older cookie over the one that carries the
phone's id, and the host would become a stranger at its own table."""

from __future__ import annotations


def _sets_cookie(answer) -> bool:  # type: ignore[no-untyped-def]
    return any(h.startswith("session=") for h in answer.headers.getlist("Set-Cookie"))


def test_only_a_page_the_person_opened_renews_an_unchanged_cookie(client) -> None:
    client.get("/code")  # the session is made
    assert _sets_cookie(client.get("/code", headers={"Sec-Fetch-Mode": "navigate"}))
    assert not _sets_cookie(client.get("/offline", headers={"Sec-Fetch-Mode": "same-origin"}))
    assert not _sets_cookie(client.get("/code", headers={"Sec-Fetch-Mode": "cors"}))


def test_a_late_background_answer_leaves_the_hosts_table(client) -> None:
    client.get("/new/custom")
    stale = client.get_cookie("session")
    assert stale is not None
    form = {"game": "custom", "players": "2", "name-0": "Ann", "name-1": "Ben"}
    token = client.get("/new/custom").get_data(as_text=True).split('name="csrf_token" value="')[1]
    made = client.post("/tables", data={**form, "csrf_token": token.split('"')[0]})
    assert made.status_code == 303
    table = made.headers["Location"]
    # a service-worker fetch that left with the old cookie answers now: no cookie comes back
    late = client.get("/offline", headers={"Sec-Fetch-Mode": "same-origin",
                                           "Cookie": f"session={stale.value}"})  # fmt: skip
    assert not _sets_cookie(late)
    assert "Host" in client.get(table).get_data(as_text=True)  # still the host


def test_the_apis_neither_read_nor_send_back_the_cookie(client) -> None:
    """A phone's cookie sent along with a Table API or referee call is not read, and no
    cookie comes back; the pages keep theirs."""
    client.get("/code")  # this client has a phone's cookie now
    made = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]})
    assert made.status_code == 201 and not _sets_cookie(made)
    key = {"Authorization": f"Bearer {made.json['host_key']}"}
    body = {"action": "score", "target": {"round": 1, "seat": 0}, "version": 0,
            "data": {"points": 3}}  # fmt: skip
    acted = client.post("/api/v1/table/actions", json=body, headers=key)
    assert acted.status_code == 200 and not _sets_cookie(acted)
    read = client.get("/api/v1/table", headers=key)
    assert read.json["sheet"]["totals"]["0"] == 3 and not _sets_cookie(read)
    assert _sets_cookie(client.get("/code", headers={"Sec-Fetch-Mode": "navigate"}))
