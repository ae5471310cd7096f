"""The home page lists the tables this phone hosts or sits at, and no one else's."""

from __future__ import annotations

import html

from tests.web.tablehelp import claim, join_token, new_table


def home(client) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(client.get("/").get_data(as_text=True))


def test_your_tables_lists_the_hosts_and_the_players_tables_only(app, client):
    assert "Your tables" not in home(client)  # a phone the app has not met
    table = new_table(client, **{"name-0": "Ann", "name-2": "Cy"})
    page = home(client)
    assert "Your tables" in page and "You host" in page and f'href="{table}"' in page
    ben = app.test_client()
    assert claim(ben, join_token(client, table), 1, "Ben").status_code == 303
    page = home(ben)
    assert "You are Ben, seat 2" in page and f'href="{table}"' in page
    stranger = app.test_client()
    stranger.get("/code")  # has a cookie, but no table
    assert "Your tables" not in home(stranger)
