"""Consonants at the table through Flask's test client: what needs the web layer (what each
phone sees, who may act, forms kept through live redraws, stale forms answered with the value
now) and one smoke test that plays a hand through the pages, on SQLite and PostgreSQL. The
game's own facts (scores, refusals and their words, challenges, tricks, undo, options, the
hand panel, the cards still awaited, a hand by tricks on a corrected deck, the hand's summary)
are checked without an app or a database in ``tests/games/consonants/test_consonants_moves.py``,
``test_consonants_table.py``, ``test_consonants_display.py`` and ``test_consonants_entry.py``.

Tests marked ``one_database`` only check what a page shows: they run on SQLite alone."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.tablehelp import claim, csrf, join_token, new_table, totals
from tests.web.test_import_bounds import round_trip

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
HX = {"HX-Request": "true"}


def cons_table(client: FlaskClient, players: int = 4, **fields: Any) -> str:
    names = {f"name-{i}": NAMES[i] for i in range(players)}
    return new_table(client, game="consonants", players=players, **names, **fields)


def post(client: FlaskClient, url: str, hx: bool = False, **data: Any) -> Any:
    form = {k: str(v) for k, v in data.items()}
    form["csrf_token"] = csrf(client)
    return client.post(url, data=form, headers=HX if hx else {})


def plain(markup: str) -> str:
    """The words a player reads: tags dropped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split()).replace(" .", ".")


def entry(client: FlaskClient, table: str) -> str:
    return plain(client.get(f"{table}/entry").get_data(as_text=True))


def panel(client: FlaskClient, table: str) -> str:
    """The hand panel, shown with the live sheet on every phone, share link and TV view."""
    return plain(client.get(f"{table}/live").get_data(as_text=True))


def words(answer: Any) -> str:
    return plain(answer.get_data(as_text=True))


def seated(app: Flask, host: FlaskClient, table: str, seat: int) -> FlaskClient:
    phone = app.test_client()
    answer = claim(phone, join_token(host, table), seat)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    return phone


def taken(client: FlaskClient, table: str, hand: int, seat: int, cards: str, **extra: Any) -> Any:
    fields = {"seat": seat, "cards": cards, f"version-{seat}": 0, **extra}
    return post(client, f"{table}/cons/{hand}/taken", **fields)


# Ann J K T A/E S (JEST possible), Ben Q V N, Cy X Z, Dee the rest


HAND = {0: "J K T A/E S", 1: "Q V N", 2: "X Z"}


DECK_POINTS = 204  # 6 singletons at 20 + the other consonants' values (default deck)


FLY = {0: "J K Q V X Z", 1: "T", 2: "N"}


def enter_hand(client: FlaskClient, table: str, hand: int = 1, given: dict | None = None) -> None:
    for seat, cards in (given or HAND).items():
        answer = taken(client, table, hand, seat, cards)
        assert answer.status_code == 303, words(answer)[:400]
    answer = taken(client, table, hand, 3, "", rest=1)
    assert answer.status_code == 303, words(answer)[:400]


def close(client: FlaskClient, table: str, hand: int = 1, phones: tuple = (),
          host: FlaskClient | None = None) -> Any:  # fmt: skip
    """Ask the table to close the hand's words; each other phone agrees on its own page, the
    host for the seats without a phone. The last answer (the ask's when it is refused)."""
    answer = post(client, f"{table}/cons/{hand}/close", version=0)
    if answer.status_code != 303:
        return answer
    for phone in phones:
        answer = agree(phone, table)
        assert answer.status_code == 303, words(answer)[:300]
    host = host or client
    if "(no phone)" in host.get(f"{table}/entry").get_data(as_text=True):
        answer = agree(host, table, proxy=True)
    return answer


def agree(phone: FlaskClient, table: str, proxy: bool = False, hx: bool = False) -> Any:
    """This phone's "I agree" (or the host's "Agree for ... (no phone)") as its page shows it."""
    page = phone.get(f"{table}/entry").get_data(as_text=True)
    k = re.search(r'data-agreement="(\d+)"', page)
    seen = re.search(r'id="agreement".*?name="version" value="(\d+)"', page, re.S)
    seats = re.search(r'name="for" value="([\d ]+)"', page)
    assert k and seen, "no question to the table on this phone"
    who = seats.group(1) if proxy and seats else "me"
    return post(phone, f"{table}/agree/{k.group(1)}", hx, version=seen.group(1), **{"for": who})


def _challenge(host: FlaskClient, phone: FlaskClient, table: str, word: str, challenger: int):
    fields = {"seat": 0, "word": word, "challenger": challenger, "version": 1}  # words seen
    answer = post(phone, f"{table}/cons/1/challenge", **fields)
    assert answer.status_code == 303, words(answer)[:400]
    n = re.search(r'data-challenge="(\d+)"', phone.get(table).get_data(as_text=True))
    assert n
    for who, role in ((host, "player"), (phone, "challenger")):
        form = {"csrf_token": csrf(who), "role": role, "version": "1"}  # the challenge seen
        assert who.post(f"{table}/judge/{n.group(1)}/confirm", data=form).status_code == 303


# one hand through the pages (both databases)


def test_smoke_a_hand_through_the_pages(app, client):
    """Cards taken, a word laid and challenged, the words closed, the game over at 80."""
    table = cons_table(client, target="80")
    assert client.get(f"{table}/deck").status_code == 200
    ben = seated(app, client, table, 1)
    enter_hand(client, table)
    text = entry(client, table)
    assert "Ann · 42 points" in text  # J 20 + K 20 + T 1 + S 1, the vowel card nothing
    assert "Ben · 41 points" in text
    assert "Cy · 40 points" in text
    assert f"Dee · {DECK_POINTS - 123} points" in text
    assert "hand 1, Ann took J K T A/E S" in plain(client.get(table).get_data(as_text=True))
    assert post(client, f"{table}/cons/1/words", seat=0, words="JEST", version=0).status_code == 303
    assert "Ann · 20 points" in entry(client, table)  # JEST's 22 points do not score
    _challenge(client, ben, table, "JEST", 1)
    assert "JEST stands. Ann −22, Ben +22." in entry(ben, table)
    assert close(client, table, phones=(ben,)).status_code == 303
    assert totals(client, table) == [str(20 - 22), str(41 + 22), "40", str(DECK_POINTS - 123)]
    live = plain(client.get(f"{table}/live").get_data(as_text=True))
    assert f"Ann wins with -2; Dee reached {DECK_POINTS - 123}" in live, live
    assert "Game over" in entry(client, table)
    assert taken(client, table, 2, 0, "J").status_code == 422


# starting a table


@pytest.mark.one_database
def test_new_table_form_offers_lexicons_target_and_the_deck_check(client):
    page = html.unescape(client.get("/new/consonants").get_data(as_text=True))
    assert 'name="target"' in page and 'value="150"' in page
    assert 'name="lexicon"' in page and 'name="entry"' in page
    assert "check it against yours on the deck screen" in page


@pytest.mark.one_database
def test_options_are_stored_and_shown_on_the_rules_page(client):
    table = cons_table(client, players=5, target="120", failed_words_score="no")
    rules = plain(client.get(f"{table}/rules").get_data(as_text=True))
    assert "14 cards each; 4 cards face down in the kitty" in rules
    assert "someone has 120 or more" in rules
    assert "its cards score nothing" in rules
    assert "check them against your deck" in rules


# cards taken


@pytest.mark.one_database
def test_second_phone_with_an_old_version_gets_409_and_keeps_input(app, client):
    table = cons_table(client)
    ann = seated(app, client, table, 0)
    assert taken(ann, table, 1, 0, "J K").status_code == 303
    answer = post(client, f"{table}/cons/1/taken", hx=True, seat=0, cards="T S", **{"version-0": 0})
    assert answer.status_code == 409
    text = answer.get_data(as_text=True)
    assert "changed on another phone" in plain(text)
    assert 'value="T S"' in text


def test_a_player_enters_only_their_own_cards(app, client):
    table = cons_table(client)
    ben = seated(app, client, table, 1)
    ann = seated(app, client, table, 0)
    answer = taken(ben, table, 1, 0, "J")
    assert answer.status_code == 403  # not this phone's to enter (NotAllowed, as in Hearts)
    assert "Only Ann's phone (or the host)" in words(answer)
    assert taken(ann, table, 1, 0, "J").status_code == 303


def form_fields(markup: str, form_id: str) -> tuple[str, dict[str, str]]:
    """A form's action and its hidden fields, as the phone would send them."""
    found = re.search(rf'<form [^>]*action="([^"]+)"[^>]*id="{form_id}">(.*?)</form>', markup, re.S)
    assert found, f"no #{form_id} in the page"
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', found.group(2))
    return found.group(1), dict(hidden)


def test_host_entering_dees_cards_stays_on_dee_through_a_live_redraw(app, client):
    """The bug players found: the host picks Dee, Ann's phone sends its cards, the live redraw
    jumped the host's form back to Ann and the host's cards were stored as Ann's."""
    table = cons_table(client)
    ann = seated(app, client, table, 0)
    picked = client.get(f"{table}/cons/1/seat/3", headers=HX).get_data(as_text=True)
    key = re.search(r'id="entry-key" name="key" value="([^"]*)"', picked)
    assert key and "the cards Dee took" in plain(picked)
    assert taken(ann, table, 1, 0, "J K").status_code == 303  # another phone, in between
    # the host's phone follows the update: the live sheet with a new entry box out of band,
    # asked for the seat its form showed
    live = client.get(f"{table}/live", query_string={"key": key.group(1), "cons-seat": "3"})
    redrawn = live.get_data(as_text=True)
    assert 'id="entry-box" hx-swap-oob' in redrawn
    assert "the cards Dee took" in plain(redrawn)
    action, fields = form_fields(redrawn, "taken-form")
    assert fields["seat"] == "3"
    answer = client.post(action, data={**fields, "cards": "Q V"}, headers=HX)
    assert answer.status_code == 200, words(answer)[:300]
    assert "Dee's cards are in." in words(answer)
    page = plain(client.get(table).get_data(as_text=True))
    assert "hand 1, Dee took Q V" in page and "hand 1, Ann took J K" in page
    assert "Ann took Q V" not in page


def test_cards_for_a_seat_its_own_phone_entered_meanwhile_get_409_and_nothing_stored(app, client):
    table = cons_table(client)
    dee = seated(app, client, table, 3)
    picked = client.get(f"{table}/cons/1/seat/3", headers=HX).get_data(as_text=True)
    action, fields = form_fields(picked, "taken-form")
    assert fields["seat"] == "3" and fields["version-3"] == "0"
    assert taken(dee, table, 1, 3, "Q V").status_code == 303  # Dee's own phone was first
    answer = client.post(action, data={**fields, "cards": "T"}, headers=HX)
    assert answer.status_code == 409
    text = answer.get_data(as_text=True)
    assert "changed on another phone" in plain(text)
    assert "Dee's cards are now Q V" in plain(text)  # the value now, beside the input kept
    assert 'name="cards" value="T"' in text and form_fields(text, "taken-form")[1]["seat"] == "3"
    page = plain(client.get(table).get_data(as_text=True))
    assert "hand 1, Dee took Q V" in page and "Dee took T" not in page


# Flying by Night


@pytest.mark.one_database
def test_flying_by_night_choice_only_on_the_flyers_phone(app, client):
    table = cons_table(client)
    ann = seated(app, client, table, 0)
    ben = seated(app, client, table, 1)
    enter_hand(client, table, given=FLY)
    assert "Ann is Flying by Night" in entry(ben, table)
    assert "Waiting for Ann to choose" in entry(ben, table)
    assert "−50 for Ann" in entry(ann, table)
    assert post(ben, f"{table}/cons/1/fly", choice="add", version=0).status_code == 403
    assert (
        close(
            client,
            table,
            phones=(
                ann,
                ben,
            ),
        ).status_code
        == 422
    )  # the hand waits for the choice
    assert post(ann, f"{table}/cons/1/fly", choice="add", version=0).status_code == 303
    assert close(ann, table, phones=(ben,), host=client).status_code == 303
    rest = DECK_POINTS - 122  # Ben and Cy took a T and an N, 1 point each
    assert totals(client, table) == ["0", "51", "51", str(rest + 50)]


def test_flying_by_night_subtract(client):
    table = cons_table(client)
    enter_hand(client, table, given=FLY)
    assert post(client, f"{table}/cons/1/fly", choice="subtract", version=0).status_code == 303
    assert close(client, table).status_code == 303
    assert totals(client, table)[0] == "-50"
    live = client.get(f"{table}/live").get_data(as_text=True)
    said = plain(live[live.index('id="hand-summary"') :])
    assert "Ann was Flying by Night (all six singletons) and chose \u221250 for Ann." in said
    assert "Hand 1: Ann -50" in said
    assert 'class="row-mark mark-fly">fly</small>' in live
    assert "fly Flying by Night (all six singletons)." in plain(live)
    page = client.get(table).get_data(as_text=True)
    assert (
        page.index('id="hand-panel"')
        < page.index('id="hand-summary"')
        < page.index('id="entry-box"')
    )


# tricks (referee mode)


def _trick(client: FlaskClient, table: str, leader: int, cards: str, k: int, hx: bool = False):
    fields = {"leader": leader, "cards": cards, "trick": k, "version": 0}  # names its trick
    return post(client, f"{table}/cons/1/trick", hx=hx, **fields)


def test_a_trick_lost_to_another_phone_is_shown_not_carried_into_the_next_trick(client):
    """Two phones save trick 2 at once: the loser's form moves on to trick 3 empty, with its
    refused cards shown beside it, so one more tap cannot store them as trick 3."""
    table = cons_table(client)
    assert _trick(client, table, 0, "J A/U=A T S", 0).status_code == 303  # Cy takes trick 1
    assert _trick(client, table, 2, "B C D F", 1).status_code == 303  # one phone's trick 2
    late = _trick(client, table, 2, "G H L M", 1, hx=True)  # the other phone's trick 2
    assert late.status_code == 409
    text = plain(late.get_data(as_text=True))
    assert "Hand 1, trick 3 of 18" in text
    assert "Trick 2 was saved on another phone meanwhile (below). Yours was not saved: " \
        "G H L M, led by Cy. This form is for trick 3." in text  # fmt: skip
    form = re.search(r'<form[^>]*id="trick-form".*?</form>', late.get_data(as_text=True), re.S)
    assert form and 'value="G H L M"' not in form.group(0)
    assert 'name="trick" value="2"' in form.group(0)
    again = _trick(client, table, 2, "G H L M", 1)  # a refused one stays refused
    assert again.status_code == 409


# closing the words: every phone agrees


def test_closing_the_words_waits_for_every_phone_and_says_who(app, client):
    table = cons_table(client)
    ann, ben = seated(app, client, table, 0), seated(app, client, table, 1)
    enter_hand(client, table)
    assert post(ann, f"{table}/cons/1/close", version=0).status_code == 303
    text = entry(ben, table)
    assert "Ann: agrees" in text and "Ben (you): has not agreed yet" in text
    assert "Cy: has not agreed yet (no phone: the host answers)" in text
    refused = post(client, f"{table}/agree/1", True, version=1, **{"for": "1"})
    assert refused.status_code == 403 and "only Ben's phone agrees" in words(refused)
    assert agree(client, table, proxy=True).status_code == 303  # Cy and Dee, no phone
    assert "Ben (you): has not agreed yet" in entry(ben, table)
    assert totals(client, table)[0] != "42"  # not scored yet
    assert agree(ben, table).status_code == 303
    assert totals(client, table) == ["42", "41", "40", str(DECK_POINTS - 123)]
    late = post(ann, f"{table}/agree/1", True, version=1, **{"for": "me"})
    assert late.status_code == 409 and "another phone" in words(late)
    assert "Host: agreed for Cy (no phone)" in panel(client, table)


@pytest.mark.one_database
def test_an_agreement_given_before_an_undo_is_asked_again_in_words(app, client):
    """Ann lays JEST, Ben asks to score the hand, Ann agrees; the host undoes JEST. Both
    phones say the words changed after Ann and Ben agreed, and Ann may agree again."""
    table = cons_table(client)
    ann, ben = seated(app, client, table, 0), seated(app, client, table, 1)
    enter_hand(client, table)
    assert post(ann, f"{table}/cons/1/words", seat=0, words="JEST", version=0).status_code == 303
    assert post(ben, f"{table}/cons/1/close", version=0).status_code == 303
    assert agree(ann, table).status_code == 303
    assert "Ann (you): agrees" in entry(ann, table)
    assert post(client, f"{table}/undo").status_code == 303  # takes JEST back
    said = (
        "Ann's words in hand 1 changed after Ann and Ben agreed, so that agreement no longer"
        " counts: Ann and Ben, agree again (or do not)."
    )
    for phone, me in ((ann, "Ann (you)"), (ben, "Ben (you)")):
        text = entry(phone, table)
        assert said in text and f"{me}: agreed before the change: must agree again" in text
    assert 'id="agree-me"' in ann.get(f"{table}/entry").get_data(as_text=True)
    assert agree(ann, table).status_code == 303
    assert "Ann (you): agrees" in entry(ann, table)
    assert agree(client, table, proxy=True).status_code == 303  # Cy and Dee, no phone
    assert totals(client, table) == ["0", "0", "0", "0"]  # Ben's agreement is still wanted
    assert agree(ben, table).status_code == 303
    assert totals(client, table) == ["42", "41", "40", str(DECK_POINTS - 123)]  # no JEST
    round_trip(client, table)  # the export, undo and agreements again, imports as it was


@pytest.mark.one_database
def test_one_phone_that_does_not_agree_keeps_the_hand_open(app, client):
    table = cons_table(client)
    ann, ben = seated(app, client, table, 0), seated(app, client, table, 1)
    enter_hand(client, table)
    assert post(ann, f"{table}/cons/1/close", version=0).status_code == 303
    answer = post(ben, f"{table}/agree/1/no", True, version=1)
    assert answer.status_code == 200 and 'id="agreement"' not in answer.get_data(as_text=True)
    assert "Ben: does not agree, so nothing changes" in panel(client, table)
    assert 'id="close-form"' in ann.get(f"{table}/entry").get_data(as_text=True)


# bad input


BAD_INPUT = [
    ("taken", {"seat": "x", "cards": "J"}),
    ("taken", {"seat": "0", "cards": "WOMBAT!"}),
    ("taken", {"seat": "0", "cards": "J", "version-0": "nope"}),
    ("taken", {"seat": "99", "cards": "J"}),
    ("words", {"seat": "0", "words": "J3ST"}),
    ("fly", {"choice": "maybe"}),
    ("trick", {"leader": "9", "cards": "J T S R"}),
    ("trick", {"leader": "0", "cards": "J=Q T S R"}),
    ("trick", {"leader": "0", "cards": "?=ÉÉ T S R"}),
    ("close", {"version": "x"}),
    ("challenge", {"seat": "0", "word": "JEST", "challenger": "x"}),
    ("challenge", {"seat": "z", "word": "", "challenger": "1"}),
]


@pytest.mark.one_database
def test_bad_input_never_500(client):
    """Each bad form on a table of its own (one app for them all)."""
    for path, fields in BAD_INPUT:
        table = cons_table(client)
        form = {"csrf_token": csrf(client), **fields}
        answer = client.post(f"{table}/cons/1/{path}", data=form)
        assert answer.status_code in (303, 403, 409, 422), (path, fields, answer.status_code)
        answer = client.post(f"{table}/cons/7/{path}", data=form)
        assert answer.status_code in (403, 404, 409, 422), (path, fields, answer.status_code)
