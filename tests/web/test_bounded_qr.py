"""Bounded work (issue 20) for the QR code of a table's join link: drawn once per link and
worker (about 10 ms of pure Python each time before), and refused in words for an address too
long to draw quickly (the Host a client sends stands in for the address when no public one is
set)."""

from __future__ import annotations

from companion.web.views import MAX_QR_TEXT, qr_svg
from tests.web.tablehelp import new_table


def test_a_join_links_qr_code_is_drawn_once_and_then_reused(client):
    table = new_table(client)
    first = client.get(f"{table}/qr.svg")
    before = qr_svg.cache_info()
    again = client.get(f"{table}/qr.svg")
    after = qr_svg.cache_info()
    assert first.status_code == again.status_code == 200 and first.data == again.data
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)


def host(length: int) -> str:
    """A host name of ``length`` characters, in labels of at most 60 (as DNS has them)."""
    labels = ("a" * 59 + ".") * (length // 60 + 1)
    return (labels[: length - 7].rstrip(".") + ".example")[-length:]


def test_an_address_too_long_for_a_quick_qr_code_is_refused_in_words(client):
    table = new_table(client)
    link = len("http:///j/") + 22  # the join link around the host: a 22-character token
    near = client.get(f"{table}/qr.svg", headers={"Host": host(MAX_QR_TEXT - link)})
    assert near.status_code == 200 and b"<svg" in near.data
    over = client.get(f"{table}/qr.svg", headers={"Host": host(MAX_QR_TEXT - link + 1)})
    assert over.status_code == 400
    page = over.get_data(as_text=True)
    assert f"{MAX_QR_TEXT + 1} characters long; a QR code here is drawn for at most" in page
    assert "Open the table by its join code instead." in page
