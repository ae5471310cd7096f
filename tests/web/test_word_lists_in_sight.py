"""Issue 13, item 2: the table's word list and house rules in plain sight, and house rules
start off. The verdict names the list and the rule in force, never the failing word."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from companion.games.alphagrams.table.options import parse_options
from companion.words import loader
from tests.web.tablehelp import csrf, new_table
from tests.web.test_alphagrams_table import Table, error

EN_NAME = "English for word games"
RULE = "Common-words rule (Zipf 2.5) on"
NAMES = {"name-0": "Ann", "name-1": "Ben", "name-2": "Cy"}


def _en(lexicon_id: str):
    return loader.load(loader.DEFAULT_DIR / f"{lexicon_id}.txt")


def test_new_table_forms_offer_each_list_with_size_and_language(client: FlaskClient) -> None:
    for game in ("alphagrams", "consonants"):
        page = client.get(f"/new/{game}").get_data(as_text=True)
        choice = re.search(r'name="lexicon" value="en"[^>]*>\s*<span>([^<]*)<br>'
                           r'<small class="list-facts">([^<]*)</small>', page)  # fmt: skip
        assert choice, game
        assert choice.groups() == (EN_NAME, "254,272 words · language en")


def test_unticked_common_words_rule_stores_nothing() -> None:
    form = {"players": "2", "lexicon": "en", "min_zipf": "2.5"}  # the form pre-fills 2.5
    assert parse_options(form, _en).min_zipf is None
    ticked = parse_options({**form, "common": "1"}, _en)
    assert ticked.min_zipf == 2.5
    assert parse_options({"players": 2, "min_zipf": 3.0}, _en).min_zipf == 3.0  # an import


def test_a_new_alphagrams_table_accepts_rare_words_when_the_app_checks(
    client: FlaskClient,
) -> None:
    table = Table(client, check_words="1", min_zipf="2.5", lexicon="en")
    for card in "QT":
        table.ok("ag/flip", card=card)
    answer = table.post("ag/word", word="QAT", step="play")
    assert answer.status_code == 200, error(answer.get_data(as_text=True))
    assert table.words(0) == ["QAT"]


def test_app_check_refusal_names_the_house_rule(client: FlaskClient) -> None:
    table = Table(client, check_words="1", common="1", min_zipf="2.5")
    for card in "QT":
        table.ok("ag/flip", card=card)
    answer = table.post("ag/word", word="QAT", step="play")
    assert answer.status_code == 422
    assert RULE in error(answer.get_data(as_text=True))


def test_rules_pages_name_the_list_and_the_house_rule(client: FlaskClient) -> None:
    plain = new_table(client, game="alphagrams", players=2, min_zipf="2.5", **NAMES)
    text = client.get(f"{plain}/rules").get_data(as_text=True)
    assert f'<strong class="rules-list">{EN_NAME}</strong>' in text
    assert "No common-words rule" in text and "<strong>en</strong>" not in text
    common = new_table(client, game="alphagrams", players=2, common="1", min_zipf="3", **NAMES)
    text = client.get(f"{common}/rules").get_data(as_text=True)
    assert "House rule on: common words only (Zipf 3 or more)" in text
    cons = new_table(client, game="consonants", players=3, min_zipf="2.5", **NAMES)
    text = client.get(f"{cons}/rules").get_data(as_text=True)
    assert f'<strong class="rules-list">{EN_NAME}</strong> decides, with the house rule on' in text


def _verdict_block(text: str) -> str:
    found = re.search(r'<div class="verdict.*?</div>', text, re.S)
    return found.group(0) if found else ""


def test_standalone_verdict_names_the_list_and_rule_not_the_word(client: FlaskClient) -> None:
    data = {"csrf_token": csrf(client), "lexicon": "en", "words": "team zymurgy",
            "step": "confirm", "confirm-player": "1", "confirm-challenger": "1", "common": "1",
            "min_zipf": "2.5"}  # fmt: skip
    answer = client.post("/judge", data=data)
    block = _verdict_block(client.get(answer.headers["Location"]).get_data(as_text=True))
    assert "NOT VALID" in block
    assert f"{RULE}, word list {EN_NAME}" in block
    assert "ZYMURGY" not in block.upper() and "TEAM" not in block


def test_table_verdict_and_history_name_the_rule(client: FlaskClient, app) -> None:
    path = new_table(client, game="alphagrams", players=2, common="1", min_zipf="2.5", **NAMES)
    data = {"csrf_token": csrf(client), "words": "team cwm", "player": "0", "challenger": "1"}
    assert client.post(f"{path}/judge", data=data).status_code == 303
    n = re.search(r'data-challenge="(\d+)"', client.get(path).get_data(as_text=True))
    assert n
    confirm = {"csrf_token": csrf(client), "role": "both", "version": "1"}  # as the page showed
    answer = client.post(f"{path}/judge/{n.group(1)}/confirm", data=confirm,
                         headers={"HX-Request": "true"})  # fmt: skip
    block = _verdict_block(answer.get_data(as_text=True))
    assert "NOT VALID" in block and f"{RULE}, word list {EN_NAME}" in block
    assert "CWM" not in block
    history = client.get(f"{path}/live").get_data(as_text=True)
    ruling = re.findall(r"Judge: challenge \d+: ([^<]*?)\. ", history)
    assert ruling == [f"NOT VALID - {RULE}, word list {EN_NAME}"]
