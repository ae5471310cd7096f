"""Hearts at the table through Flask's test client: what needs the web layer (what each phone
sees, who may act, stale forms answered with the value now, races, export and import) and one
smoke test that plays hands through the pages, on SQLite and PostgreSQL. The game's own facts
(scores, corrections, claims, moons and suns, the end, refusals and their words, undo,
options, the hand panel's pass and lead, trick entry's revokes and leaders) are checked
without an app or a database in ``tests/games/hearts/test_hearts_moves.py``,
``test_hearts_table.py``, ``test_hearts_display.py`` and ``test_hearts_entry.py``.

Tests marked ``one_database`` only check what a page shows: they run on SQLite alone."""

from __future__ import annotations

import html
import random
import re
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.hearts import OPTION_HELP
from companion.games.hearts.table.setup_words import HELP, LABELS, PRESET_WORDS
from tests.games.hearts.reference import Table as RefTable
from tests.games.hearts.reference import play
from tests.web.tablehelp import claim, csrf, join_token, new_table, suit_signs, totals

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
HEARTS = [f"{r}H" for r in "23456789TJQKA"]


def hearts_table(client: FlaskClient, players: int = 4, **fields: Any) -> str:
    names = {f"name-{i}": NAMES[i] for i in range(players)}
    return new_table(client, game="hearts", players=players, **names, **fields)


def post(client: FlaskClient, url: str, **data: Any) -> Any:
    data = {k: str(v) for k, v in data.items()}
    data["csrf_token"] = csrf(client)
    return client.post(url, data=data)


def score(client: FlaskClient, table: str, hand: int, taken: dict[int, str], **extra: Any) -> Any:
    fields: dict[str, Any] = {"version": 0}
    fields.update({f"taken-{seat}": cards for seat, cards in taken.items()})
    fields.update(extra)
    return post(client, f"{table}/hearts/{hand}/taken", **fields)


def plain(markup: str) -> str:
    """The words a player reads: tags dropped, entities decoded, spaces collapsed."""
    text = re.sub(r"<[^>]+>", " ", suit_signs(markup))
    return " ".join(html.unescape(text).split()).replace(" .", ".").replace(" ,", ",")


def raw_entry(client: FlaskClient, table: str) -> str:
    return client.get(f"{table}/entry").get_data(as_text=True)


def entry(client: FlaskClient, table: str) -> str:
    """What the phone shows for the hand: the hand panel (in the live sheet) and the entry."""
    panel = client.get(f"{table}/live").get_data(as_text=True)
    return plain(panel) + " " + plain(raw_entry(client, table))


def words(answer: Any) -> str:
    return plain(answer.get_data(as_text=True))


def seated(app: Flask, host: FlaskClient, table: str, seat: int) -> FlaskClient:
    """A second phone that takes ``seat``."""
    phone = app.test_client()
    answer = claim(phone, join_token(host, table), seat)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    return phone


# hands through the pages (both databases)


def test_smoke_hands_through_the_pages_with_a_correction_and_an_undo(client):
    table = hearts_table(client)
    answer = score(client, table, 1, {0: "QS 2H 3H", 1: "4h 5h 6h 10H"}, rest=2)
    assert answer.status_code == 303
    assert totals(client, table) == ["15", "4", "7", "0"]
    box = entry(client, table)
    assert "Hand 2 · Ben deals" in box
    assert "Everyone passes 3 cards to the right." in box
    history = client.get(f"{table}/live").get_data(as_text=True)
    assert "hand 1, cards taken: Ann QS 2H 3H" in history
    assert score(client, table, 2, {2: "QS"}, rest=3).status_code == 303
    assert totals(client, table) == ["15", "4", "20", "13"]
    edit = client.get(f"{table}/hearts/1/edit")
    assert edit.status_code == 200 and 'value="QS 2H 3H"' in edit.get_data(as_text=True)
    fixed = score(client, table, 1, {1: "QS 2H"}, rest=0, version=1, edit=1)
    assert fixed.status_code == 303
    assert totals(client, table) == ["12", "14", "13", "13"]
    live = client.get(f"{table}/live").get_data(as_text=True)
    assert "hand 1, cards taken: Ann 3H 4H" in live
    assert post(client, f"{table}/undo").status_code == 303
    assert totals(client, table) == ["15", "4", "20", "13"]


# starting a table


@pytest.mark.one_database
def test_new_table_form_offers_presets_and_explains_every_option(client):
    page = html.unescape(client.get("/new/hearts").get_data(as_text=True))
    for name, said in PRESET_WORDS.items():
        assert f'value="{name}"' in page and said in page
    for key in OPTION_HELP:
        if key != "players":
            assert f'name="{key}"' in page, key
            assert LABELS[key] in page and HELP[key] in page, key
    assert "remove cards" in page and "a kitty" in page


@pytest.mark.one_database
def test_options_are_stored_and_shown_on_the_rules_page(client):
    table = hearts_table(
        client, 5, preset="omnibus", odd_deal="kitty", moon_policy="protect",
        exact_target_resets_to="50", target="80", entry="tricks",
    )  # fmt: skip
    rules = words(client.get(f"{table}/rules"))
    assert "Preset Omnibus" in rules
    assert "Shooting the moon: the shooter is protected" in rules
    assert "Spare cards with 3 or 5 players: a kitty" in rules
    assert "Bonus card: jack of diamonds" in rules  # from the preset
    assert "Landing exactly on the end score: to 50" in rules
    assert "a kitty of 2 cards" in rules and "10 cards each" in rules
    assert "lowest club not in the kitty leads" in rules
    exported = client.get(f"{table}/games/1/export.json")
    assert exported.status_code == 200  # the export carries the options in force
    assert exported.get_json()["game"]["options"]["moon_policy"] == "protect"


@pytest.mark.one_database
def test_bad_options_are_refused_with_the_form_kept(client):
    for fields, message in [
        ({"players": "7"}, "3 to 6 players"),
        ({"players": "2"}, "3 to 6 players"),
        ({"preset": "chess"}, "Unknown preset 'chess'"),
        ({"moon_policy": "sometimes"}, "allowed: add"),
        ({"players": "3", "pass_cycle": "left,across"}, "No seat is across at 3"),
        ({"target": "lots"}, "not a whole number"),
        ({"partnership": "pooled", "players": "5"}, "even number"),
        ({"entry": "telepathy"}, "cards' or 'tricks'"),
    ]:
        data = {"game": "hearts", "players": "4", "name-0": "Ann", **fields,
                "csrf_token": csrf(client)}  # fmt: skip
        answer = client.post("/tables", data=data)
        assert answer.status_code == 422, fields
        assert message in words(answer), fields
        assert 'value="Ann"' in answer.get_data(as_text=True)  # the form kept


# cards taken: one scorer


BAD_CARDS = [
    ({0: "1H", 1: "QS"}, "'1H' is not a card"),
    ({0: "14H"}, "'14H' is not a card"),
    # a page shows the engine's cards as faces (5H as 5 and the hearts icon)
    ({0: " ".join(HEARTS) + " QS", 1: "5H"}, "Ben is listed with the 5♥, but Ann already took it"),
    ({0: "2H 3H"}, "Nobody is listed with the 4♥, 5♥, 6♥, 7♥, 8♥, 9♥, 10♥, J♥, Q♥, K♥, A♥, Q♠"),
    ({0: "QS 2C"}, "the 2♣ scores nothing"),
    ({0: "x" * 5000}, "is not a card"),
]


@pytest.mark.one_database
def test_bad_cards_are_refused_with_a_clear_message_and_the_input_kept(client):
    """Each bad form on a table of its own (one app for them all)."""
    for taken, message in BAD_CARDS:
        table = hearts_table(client)
        answer = score(client, table, 1, taken)
        body = answer.get_data(as_text=True)
        assert answer.status_code == 422
        assert message in plain(body)
        assert f'value="{taken[0][:40]}' in body
        assert totals(client, table) == ["0", "0", "0", "0"]


ODD_REQUESTS = [
    ("/hearts/1/taken", {"version": "x"}, 422),
    ("/hearts/1/taken", {"rest": "9"}, 422),
    ("/hearts/5/taken", {"rest": "0"}, 422),
    ("/hearts/1/moon", {"choice": "add"}, 422),
    ("/hearts/1/trick", {"leader": "0", "cards": "2C 3C"}, 422),
    ("/hearts/1/trick", {"leader": "zz", "cards": "2C"}, 422),
    ("/hearts/1/revoke", {"seat": "1"}, 422),
    ("/hearts/way/sideways", {}, 404),
]


@pytest.mark.one_database
def test_odd_requests_get_a_message_never_a_500(client):
    """Each odd request on a table of its own (one app for them all)."""
    for url, data, status in ODD_REQUESTS:
        table = hearts_table(client)
        answer = post(client, table + url, **data) if data else client.get(table + url)
        assert answer.status_code == status, (url, data, answer.status_code)


# cards taken: every player on their own phone


@pytest.mark.one_database
def test_each_player_claims_their_own_cards_double_and_missing_shown(app, client):
    table = hearts_table(client)
    phones = [seated(app, client, table, seat) for seat in range(4)]
    ann, ben, cy, _dee = phones
    assert "the cards you took" in entry(ann, table)
    assert post(ann, f"{table}/hearts/1/claim", cards="QS 2H", version=0).status_code == 303
    assert post(ben, f"{table}/hearts/1/claim", cards="2H 3H", version=0).status_code == 303
    box = entry(cy, table)
    assert "The 2♥ is claimed twice: by Ann and Ben." in box
    assert "Nobody has claimed: 4♥" in box
    assert totals(client, table) == ["0", "0", "0", "0"]  # not committed
    stale = post(ben, f"{table}/hearts/1/claim", cards="3H", version=0)
    assert stale.status_code == 409
    assert post(ben, f"{table}/hearts/1/claim", cards="3H 4H", version=1).status_code == 303
    assert "claimed twice" not in entry(cy, table)
    # the rest Cy's phone shows is what its "all the rest are mine" names
    drawn = re.search(r'name="rest-seen" value="([^"]*)"', raw_entry(cy, table)).group(1)
    assert drawn == "5H 6H 7H 8H 9H TH JH QH KH AH"
    shown_before = "4H " + drawn  # a form drawn before Ben's second claim
    late = post(cy, f"{table}/hearts/1/claim", cards="", rest=1, version=0,
                **{"rest-seen": shown_before})  # fmt: skip
    assert late.status_code == 409
    assert "the rest is now 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥." in plain(late.get_data(as_text=True))
    assert post(cy, f"{table}/hearts/1/claim", cards="", rest=1, version=0,
                **{"rest-seen": drawn}).status_code == 303  # fmt: skip
    assert totals(client, table) == ["14", "2", "10", "0"]
    assert "Hand 2" in entry(cy, table)


def test_a_watcher_or_the_host_cannot_claim(app, client):
    table = hearts_table(client)
    answer = post(client, f"{table}/hearts/1/claim", cards="QS", version=0)
    assert answer.status_code == 403
    watcher = app.test_client()
    assert post(watcher, f"{table}/hearts/1/taken", rest=0, version=0).status_code == 403


# moon and sun


def test_moon_choice_appears_only_on_the_shooters_phone(app, client):
    """TABLE_API: the shooter chooses (the host only when the shooter has no phone); the
    scorer who entered the hand no longer chooses for a shooter who has a phone."""
    table = hearts_table(client, preset="pagat")
    ann, ben, cy = (seated(app, client, table, s) for s in range(3))
    assert score(ben, table, 1, {}, rest=0).status_code == 303  # Ben scores: Ann took all
    assert totals(client, table) == ["0", "0", "0", "0"]  # the hand waits for the choice
    assert "Ann shot the moon!" in entry(ann, table)
    assert 'value="subtract"' in raw_entry(ann, table)
    for other in (ben, cy, client):  # the scorer, another player, the host
        assert 'value="subtract"' not in raw_entry(other, table)
        assert "Waiting for Ann to choose" in entry(other, table)
        moon = post(other, f"{table}/hearts/1/moon", choice="subtract", version=0)
        assert moon.status_code == 403 and "Only the shooter" in words(moon)
    assert post(ann, f"{table}/hearts/1/moon", choice="maybe", version=0).status_code == 422
    assert post(ann, f"{table}/hearts/1/moon", choice="subtract", version=0).status_code == 303
    assert totals(client, table) == ["-26", "0", "0", "0"]


# trick by trick


def trick(client: FlaskClient, table: str, hand: int, index: int, leader: int, cards: str,
          version: int = 0) -> Any:  # fmt: skip
    """Trick ``index`` (0-based) of ``hand``: the form names both, and the version seen."""
    url = f"{table}/hearts/{hand}/trick"
    return post(client, url, trick=index, leader=leader, cards=cards, version=version)


@pytest.mark.one_database
def test_the_way_to_enter_is_chosen_per_phone_and_kept(app, client):
    table = hearts_table(client)
    ann = seated(app, client, table, 0)
    assert "the cards you took" in entry(ann, table)
    assert ann.get(f"{table}/hearts/way/tricks").status_code == 303
    assert "trick 1 of 13" in entry(ann, table)
    assert "who took which cards" in entry(client, table)  # the host's phone is unchanged
    score(client, table, 1, {0: "QS"}, rest=1)
    assert "Hand 2, trick 1 of 13" in entry(ann, table)


def test_export_and_import_give_the_same_sheet(client):
    import io
    import json

    table = hearts_table(client, preset="pagat")
    score(client, table, 1, {0: "QS"}, rest=1)
    score(client, table, 2, {}, rest=2)
    post(client, f"{table}/hearts/2/moon", choice="add", version=0)
    score(client, table, 3, {3: "QS"}, rest=0)
    post(client, f"{table}/undo")
    before = totals(client, table)
    data = client.get(f"{table}/games/1/export.json").get_json()
    upload = {"file": (io.BytesIO(json.dumps(data).encode()), "game.json")}
    answer = client.post(
        "/import", data={**upload, "csrf_token": csrf(client)}, content_type="multipart/form-data"
    )
    assert answer.status_code == 303, words(answer)[-600:]
    assert totals(client, answer.headers["Location"]) == before == ["39", "39", "0", "26"]


@pytest.mark.one_database
def test_an_empty_trick_form_shows_no_complaints(client):
    table = hearts_table(client, entry="tricks")
    box = entry(client, table)
    assert "Hand 1, trick 1 of 13" in box
    assert "Nobody is listed" not in box


# two phones on one target (issue 10): every action names its hand (and trick) and version


def reference_tricks(seed: int = 7) -> list[tuple[int, str]]:
    game = play(RefTable(players=4), random.Random(seed))
    return [(leader, " ".join(map(str, cards))) for leader, cards in game.tricks]


def test_two_phones_on_one_trick_the_second_gets_409_and_nothing_is_stored(app, client):
    """Bug 1: the second phone's trick 8 was stored as trick 9, led by that phone."""
    table = hearts_table(client, entry="tricks")
    ben = seated(app, client, table, 1)
    tricks = reference_tricks()
    for i in range(7):
        assert trick(client, table, 1, i, *tricks[i]).status_code == 303
    assert trick(client, table, 1, 7, *tricks[7]).status_code == 303
    late = trick(ben, table, 1, 7, *tricks[8])  # Ben saw trick 8 open too, at version 0
    assert late.status_code == 409
    body = late.get_data(as_text=True)
    assert 'name="trick" value="7"' in body and "Hand 1, trick 8 of 13" in body
    assert f'value="{tricks[8][1]}"' in body  # Ben's own input kept
    now = f"trick 8 of hand 1 is now led by {NAMES[tricks[7][0]]}"
    assert now in words(late)
    box = entry(client, table)
    assert "Hand 1, trick 9 of 13" in box  # the next is still trick 9: nothing of Ben's stored
    assert tricks[8][1] not in client.get(f"{table}/live").get_data(as_text=True)


def test_two_scorers_on_one_hand_the_second_gets_its_own_hand_back(app, client):
    """Bug 2: the answer was a hand-6 form filled with the hand-5 cards."""
    table = hearts_table(client)
    ben = seated(app, client, table, 1)
    for hand in range(1, 5):
        assert score(client, table, hand, {0: "QS"}, rest=1).status_code == 303
    assert score(client, table, 5, {2: "QS 2H"}, rest=3).status_code == 303
    late = score(ben, table, 5, {0: "QS"}, rest=1)  # opened on version 0 as well
    assert late.status_code == 409
    body, said = late.get_data(as_text=True), words(late)
    assert "/hearts/5/taken" in body and "/hearts/6/taken" not in body
    assert "Hand 5: who took which cards" in said and "Hand 6" not in said.replace(
        "hand 6 is open now", "")  # fmt: skip
    assert 'name="taken-0" value="QS"' in body  # Ben's input kept
    assert "Hand 5 is finished: hand 6 is open now" in said
    assert "now: Q♠ 2♥" in said and "points: Ann 0, Ben 0, Cy 14, Dee 12" in said
    assert totals(client, table) == ["52", "52", "14", "12"]


def test_two_phones_correcting_one_hand_see_the_fix_beside_their_own(app, client):
    """Bug 3: the stale phone saw only its own old cards, and 'send again' wiped the fix."""
    table = hearts_table(client)
    ben = seated(app, client, table, 1)
    score(client, table, 1, {0: "QS"}, rest=1)
    score(client, table, 2, {2: "QS"}, rest=3)
    fixed = score(client, table, 1, {1: "QS 2H"}, rest=0, version=1, edit=1)
    assert fixed.status_code == 303
    late = score(ben, table, 1, {2: "QS 3H"}, rest=3, version=1, edit=1)
    assert late.status_code == 409
    body, said = late.get_data(as_text=True), words(late)
    assert 'name="taken-2" value="QS 3H"' in body  # Ben's own fix kept
    assert "Changed on another phone: hand 1 is now saved" in said
    assert "Ben's cards" in said and "now: Q♠ 2♥" in said  # the fix made on the other phone
    assert 'name="version" value="2"' in body and 'name="edit" value="1"' in body
    assert totals(client, table) == ["12", "14", "13", "13"]


def test_two_threads_post_the_same_trick_exactly_one_is_stored(app):
    host = app.test_client()
    table = hearts_table(host, entry="tricks")
    cookie = host.get_cookie("session")
    assert cookie is not None
    token = csrf(host)
    tricks = reference_tricks()
    barrier = threading.Barrier(2)
    results: list[int] = []
    lock = threading.Lock()

    def send(leader: int, cards: str) -> None:
        phone = app.test_client()
        phone.set_cookie("session", cookie.value)
        data = {"csrf_token": token, "trick": "0", "leader": str(leader), "cards": cards,
                "version": "0"}  # fmt: skip
        barrier.wait()
        answer = phone.post(f"{table}/hearts/1/trick", data=data)
        with lock:
            results.append(answer.status_code)

    threads = [threading.Thread(target=send, args=tricks[0]) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [303, 303]  # the same entry twice is agreement, not a conflict
    assert "Hand 1, trick 2 of 13" in entry(host, table)
    history = host.get(f"{table}/live").get_data(as_text=True)
    assert history.count("trick 1 led by") == 1 and "trick 2 led by" not in history


# the hand panel first, the hand summary, corrections in place


def test_the_hand_panel_comes_first_on_the_page_the_share_link_and_the_tv(client):
    table = hearts_table(client)
    page = client.get(table).get_data(as_text=True)
    assert page.count('id="game-status"') == 1
    assert page.index('id="hand-panel"') < page.index('id="entry-box"') < page.index('id="live"')
    share = re.search(r'href="(/s/[^"]+)"', page)
    tv = re.search(r'href="(/tv/[^"]+)"', page)
    assert share and tv
    for url in (share.group(1), tv.group(1)):
        shown = client.get(url).get_data(as_text=True)
        assert shown.count('id="game-status"') == 1
        assert shown.index('id="hand-panel"') < shown.index('id="sheet"')
    live = client.get(f"{table}/live").get_data(as_text=True)  # a whole sheet: panel aside
    assert '<div id="game-status" class="game-status" hx-swap-oob="true">' in live


def test_after_a_hand_every_phone_gets_its_summary_and_the_row_its_mark(client):
    table = hearts_table(client)
    score(client, table, 1, {1: " ".join([*HEARTS, "QS"])})
    live = client.get(f"{table}/live").get_data(as_text=True)
    summary = plain(live[live.index('id="hand-summary"') :])
    assert "Hand 1: Ann 26 · Ben 0 · Cy 26 · Dee 26" in summary
    assert "Ben shot the moon: +26 for everyone else (the table's moon rule)." in summary
    assert 'class="row-mark mark-moon">moon</small>' in live
    assert "moon someone shot the moon." in plain(live)
    assert 'title="Ann dealt"' in live and "dealt by Ann" in plain(live)


def test_at_a_table_entering_by_tricks_the_summary_is_one_line_as_the_next_hand_opens(client):
    """The first trick's 52 cards need the first screen (issue 23): at an entry=tricks table
    the last hand's summary is its title line with the points, the moon a tap away; a table
    entering by cards keeps it open with "Hide" until the next hand has an entry."""
    for entry, folded in (("tricks", True), ("cards", False)):
        table = hearts_table(client, entry=entry)
        score(client, table, 1, {1: " ".join([*HEARTS, "QS"])})
        live = client.get(f"{table}/live").get_data(as_text=True)
        assert ('<details class="hand-summary folded"' in live) is folded, entry
        assert ("data-summary-hide" in live) is not folded, entry
        summary = plain(live[live.index('id="hand-summary"') :])
        assert "Hand 1: Ann 26 · Ben 0 · Cy 26 · Dee 26" in summary
        assert "Ben shot the moon" in summary


def test_a_correction_answers_with_the_open_hands_entry_in_place(client):
    table = hearts_table(client)
    score(client, table, 1, {0: "QS"}, rest=1)
    hx = {"HX-Request": "true"}
    fix = client.get(f"{table}/hearts/1/edit", headers=hx).get_data(as_text=True)
    assert fix.count("data-grid=") == 1 and 'id="fix-form"' in fix and 'id="taken-form"' not in fix
    assert 'hx-target="#entry-box"' in fix and 'id="entry-key"' in fix
    data = {"csrf_token": csrf(client), "version": "1", "edit": "1", "taken-1": "QS", "rest": "0"}
    fixed = client.post(f"{table}/hearts/1/taken", data=data, headers=hx)
    text = words(fixed)
    assert fixed.status_code == 200 and "Hand 1 changed; totals updated." in text
    assert "Hand 2: who took which cards" in text and "Change hand 1" not in text
    assert totals(client, table) == ["13", "13", "0", "0"]
    page = client.get(f"{table}/hearts/1/edit").get_data(as_text=True)  # no script: a page
    assert 'id="entry-box"' in page and "hx-post" not in page.split('id="fix-form"')[0][-800:]
