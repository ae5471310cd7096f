"""Consonants as the phones play it, pure: each form as the page sends it (an action naming
its hand, seat or trick and the version it saw), checked and stored by the shell in memory
(``tests.games.shell``: stale versions, undo), folded from the event list, and what the
entry box shows worked out by ``table.panels`` (no Flask). No app, no database; the word
judge uses the shipped English list the pages use by default.

These are the game facts the web tests used to check through Flask (``tests/web``): scores,
refusals and their words (as the page names the seats), challenges, tricks, undo."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games.consonants import options_from
from companion.games.consonants.table.actions import ALL_KINDS, ConsonantsTable
from companion.games.consonants.table.options import TableOptions
from companion.games.consonants.table.panels import Display
from companion.games.hearts.table.words import named
from companion.games.protocol import Action, Actor
from companion.words import loader
from companion.words.registry import LexiconRegistry
from tests.games.shell import Shell

TABLE = ConsonantsTable(LexiconRegistry([loader.DEFAULT_DIR]).get)
NAMES = ("Ann", "Ben", "Cy", "Dee")
HOST = Actor("Host", None, host=True, names=NAMES)
UNDOABLE = ALL_KINDS - {"cons-challenge"}
# Ann J K T A/E S (JEST possible), Ben Q V N, Cy X Z, Dee the rest
HAND = {0: "J K T A/E S", 1: "Q V N", 2: "X Z"}
FLY = {0: "J K Q V X Z", 1: "T", 2: "N"}
DECK_POINTS = 204  # 6 singletons at 20 + the other consonants' values (default deck)


class Table:
    """Four players, no phones (the host enters for every seat) unless ``phones`` says."""

    def __init__(self, players: int = 4, phones: frozenset[int] = frozenset(), **options: Any):
        opts = TableOptions(options_from({"players": players, **options}))
        self.names = NAMES[:players]
        self.shell = Shell(TABLE, opts, players, self.names)
        self.host = Actor("Host", None, True, phones, self.names)
        self.phones = phones

    def phone(self, seat: int) -> Actor:
        return Actor(self.names[seat], seat, False, self.phones, self.names)

    @property
    def state(self) -> Any:
        return self.shell.state

    def act(self, kind: str, target: dict, data: dict | None = None, actor: Actor | None = None,
            version: int | None = None) -> Any:  # fmt: skip
        seen = self.shell.version(kind, target) if version is None else version
        return self.shell.act(Action(kind, target, seen, data or {}), actor or self.host)

    def taken(self, seat: int, cards: str, hand: int = 1, **kw: Any) -> Any:
        rest = kw.pop("rest", False)
        return self.act("taken", {"hand": hand, "seat": seat}, {"cards": cards, "rest": rest},
                        **kw)  # fmt: skip

    def enter(self, given: dict[int, str] | None = None, hand: int = 1) -> None:
        for seat, cards in (given or HAND).items():
            self.taken(seat, cards, hand)
        self.taken(3, "", hand, rest=True)

    def words(self, seat: int, words: str, **kw: Any) -> Any:
        return self.act("words", {"hand": 1, "seat": seat}, {"words": words}, **kw)

    def trick(self, k: int, leader: int, cards: str) -> Any:
        return self.act("trick", {"hand": 1, "trick": k}, {"leader": leader, "cards": cards})

    def close(self, hand: int = 1) -> None:
        """Ask to close the hand's words; each phone agrees, the host for the other seats."""
        self.act("done", {"hand": hand})
        a = self.state.agreement
        for seat in sorted(self.phones - a.agreed):
            self.act("agree", {"agreement": a.k}, actor=self.phone(seat))
        seats = [s for s in range(len(self.names)) if s not in a.agreed | self.phones]
        if seats:
            self.act("agree", {"agreement": a.k}, {"seats": seats})

    def challenge(self, word: str, challenger: int) -> None:
        """Ben's phone challenges Ann's word; each side confirms on its phone."""
        self.act("challenge", {"hand": 1, "seat": 0}, {"word": word, "challenger": challenger},
                 self.phone(challenger))  # fmt: skip
        n = self.state.judging.n
        self.act("confirm", {"challenge": n}, {"roles": ["player"]}, self.host)
        self.act("confirm", {"challenge": n}, {"roles": ["challenger"]}, self.phone(challenger))

    def display(self) -> Display:
        return Display(self.state, self.names, self.host, self.shell.versions)

    def points(self, seat: int) -> int:
        return self.display().points(self.state.current, seat)

    def totals(self) -> list[int]:
        return list(TABLE.sheet(self.state).totals)

    def said(self, err: pytest.ExceptionInfo) -> str:
        """A refusal as the page says it (the engine's seats named)."""
        return named(err.value.message, self.names)


def test_cards_taken_score_consonants_with_singletons_at_20() -> None:
    t = Table()
    t.enter()
    assert [t.points(s) for s in range(4)] == [42, 41, 40, DECK_POINTS - 123]  # J 20 + K 20...
    t.close()
    assert t.totals() == [42, 41, 40, DECK_POINTS - 123]
    assert "hand 1, Ann took J K T A/E S" in "\n".join(t.shell.lines())


def test_the_hand_cannot_change_while_the_table_is_asked_to_score_it() -> None:
    """Ben asks to close the words and Ann agrees; Cy's late word (or changed cards) would
    be scored without Ann and Ben seeing it: refused until the question is dropped."""
    t = Table(phones=frozenset({0, 1, 2}))
    t.enter()
    t.act("done", {"hand": 1}, actor=t.phone(1))
    a = t.state.agreement
    t.act("agree", {"agreement": a.k}, actor=t.phone(0))
    for change in (lambda: t.words(2, "ZEBRA", actor=t.phone(2)),
                   lambda: t.taken(2, "X Z B", actor=t.phone(2))):  # fmt: skip
        with pytest.raises(Forbidden, match="The table is asked to close hand 1"):
            change()
    assert t.state.agreement is not None and t.state.agreement.agreed == {0, 1}
    t.act("disagree", {"agreement": a.k}, actor=t.phone(2))  # Cy drops the question ...
    t.words(2, "", actor=t.phone(2))  # ... and the hand can change again
    assert t.state.agreement is None


def test_an_agreement_to_score_no_longer_counts_once_the_hands_words_change() -> None:
    """Ann lays JEST, Ben asks to score the hand and Ann agrees; the host then undoes JEST
    (an undo is not refused while the table is asked). Ann and Ben agreed to a hand that is
    gone: the others' taps alone do not score it, the table is told what changed, and once
    Ann and Ben agree again the hand is scored as it is now."""
    t = Table(phones=frozenset({0, 1, 2}))
    t.enter()
    t.words(0, "JEST", actor=t.phone(0))
    assert t.points(0) == 20  # K alone: J, T and S are in JEST
    t.act("done", {"hand": 1}, actor=t.phone(1))
    k = t.state.agreement.k
    t.act("agree", {"agreement": k}, actor=t.phone(0))
    assert t.state.agreement.agreed == {0, 1}
    [undone] = t.shell.undo(t.host, UNDOABLE)
    assert undone.kind == "cons-words"
    a = t.state.agreement
    assert a.agreed == frozenset() and a.again == {0, 1} and a.waiting(4) == [0, 1, 2, 3]
    assert named(a.changed, t.names) == "Ann's words in hand 1 changed"
    assert TABLE.view(t.state, None, t.shell.versions)["agreement"]["again"] == [0, 1]
    t.act("agree", {"agreement": k}, actor=t.phone(2))
    t.act("agree", {"agreement": k}, {"seats": [3]})
    assert not t.state.current.closed and t.totals() == [0, 0, 0, 0]  # not scored
    t.act("agree", {"agreement": k}, actor=t.phone(0))
    assert t.state.agreement.again == {1}
    scratch = TABLE.initial(t.shell.options, 4)
    for e in t.shell.effective():
        scratch = TABLE.fold(scratch, e)
    assert scratch == t.state  # folded one event at a time or from the start: the same
    t.act("agree", {"agreement": k}, actor=t.phone(1))  # the last tap scores it, as it is now
    assert t.state.agreement is None and t.totals() == [42, 41, 40, DECK_POINTS - 123]
    lines = t.shell.lines()
    assert any(line.endswith("Ann: agrees again (what was asked changed since)") for line in lines)


def test_an_agreement_given_after_the_change_still_counts() -> None:
    """The change folds in before a seat's agreement given to the hand as it is now: only
    the agreements given before it are asked again."""
    t = Table(phones=frozenset({0, 1, 2}))
    t.enter()
    t.words(0, "JEST", actor=t.phone(0))
    t.act("done", {"hand": 1}, actor=t.phone(1))
    k = t.state.agreement.k
    t.shell.undo(t.host, UNDOABLE)
    t.act("agree", {"agreement": k}, actor=t.phone(0))
    a = t.state.agreement
    assert a.agreed == {0} and a.again == {1}
    assert named(a.changed, t.names) == "Ann's words in hand 1 changed"


def test_too_many_copies_are_refused_with_a_message() -> None:
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.taken(0, "T T T T")
    assert "Ann listed the T 4 times, but the deck has 3" in t.said(err)
    with pytest.raises(Forbidden, match="the deck has 1"):
        t.taken(0, "J J")
    assert t.shell.events == []  # nothing was stored


def test_a_card_entered_by_two_players_blocks_the_hand() -> None:
    t = Table()
    t.enter()
    t.taken(1, "Q V N J")
    [(card, who)] = t.display().doubles(t.state.current)
    assert str(card) == "J" and who == ["Ann", "Ben"]
    with pytest.raises(Forbidden):
        t.act("done", {"hand": 1})


def test_a_stale_cards_form_is_a_conflict_with_the_cards_now() -> None:
    t = Table(phones=frozenset({3}))
    t.taken(3, "Q V", actor=t.phone(3))  # Dee's own phone was first
    with pytest.raises(Conflict) as stale:
        t.taken(3, "T", version=0)
    assert "changed on another phone" in stale.value.message
    assert [e.payload.get("cards") for e in t.shell.events] == [["Q", "V"]]


def test_a_player_enters_only_their_own_cards() -> None:
    t = Table(phones=frozenset({0, 1}))
    with pytest.raises(NotAllowed) as err:
        t.taken(0, "J", actor=t.phone(1))
    assert "Only Ann's phone (or the host)" in t.said(err)
    t.taken(0, "J", actor=t.phone(0))


def test_flying_by_night_subtract() -> None:
    t = Table()
    t.enter(FLY)
    t.act("fly", {"hand": 1}, {"choice": "subtract"})
    t.close()
    assert t.totals()[0] == -50


def test_words_are_checked_against_the_players_own_cards() -> None:
    t = Table()
    t.enter()
    t.words(0, "JEST")
    assert t.points(0) == 20  # JEST's 22 points do not score
    with pytest.raises(Forbidden) as err:
        t.words(0, "JEST SKATE")
    assert "SKATE cannot be spelt from Ann's own taken cards" in t.said(err)
    with pytest.raises(Forbidden, match="4 letters or more"):
        t.words(1, "QVN")
    with pytest.raises((Forbidden, Unreadable)):
        t.words(1, "QV?N")


def test_a_valid_word_challenged_moves_points_to_the_challenger() -> None:
    t = Table(phones=frozenset({1}))
    t.enter()
    t.words(0, "JEST")
    t.challenge("JEST", 1)
    verdict = next(e for e in t.shell.events if e.kind == "judge-verdict")
    assert (
        verdict.payload["valid"] and verdict.payload["outcome"] == "JEST stands. Ann −22, Ben +22."
    )
    t.close()
    assert t.totals()[:2] == [20 - 22, 41 + 22]


def test_a_failed_word_moves_points_back_and_its_cards_score() -> None:
    t = Table(phones=frozenset({1}))
    t.enter()
    t.words(0, "TSEJ")
    t.challenge("TSEJ", 1)
    verdict = next(e for e in t.shell.events if e.kind == "judge-verdict")
    assert verdict.payload["outcome"] == "TSEJ is not a word: it was never laid. Ben −22, Ann +22."
    t.close()
    assert t.totals()[:2] == [42 + 22, 41 - 22]


def test_a_challenged_word_cannot_be_taken_back() -> None:
    t = Table(phones=frozenset({1}))
    t.enter()
    t.words(0, "JEST")
    t.challenge("JEST", 1)
    with pytest.raises(Forbidden, match="JEST has been challenged"):
        t.words(0, "")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("J A/E=O T S", "has no O side"),
        ("J ? T S", "needs a declared letter"),
        ("J J T S", "J"),
        ("J T S", "needs one card from each of the 4 players"),
    ],
)
def test_trick_entry_refuses_what_cannot_be_scored(cards: str, message: str) -> None:
    t = Table()
    with pytest.raises(Forbidden) as err:
        t.trick(0, 0, cards)
    assert message in t.said(err) and t.shell.events == []


def test_trick_entry_names_a_vowel_played_low_and_the_winner() -> None:
    t = Table()
    t.trick(0, 0, "J A/U=A T S")
    d = t.display()
    assert d.trick_problems(t.state.current) == [
        "Ben played the A/U=A on trick 1, below the J on the table: play it as A/U=U "
        "(rule: otherwise play a letter at least as high as any on the table)."
    ]
    assert d.trick_rows(t.state.current) == [(1, "Ann", "J A/U=A T S", "Cy")]  # T is highest
    assert d.next_leader(t.state.current) == 2  # Cy took the last trick


def test_vowel_tie_break_and_first_played_tie() -> None:
    t = Table()
    t.trick(0, 0, "J A/O=O E/O=O N")
    assert t.display().trick_rows(t.state.current)[0] == (1, "Ann", "J A/O=O E/O=O N", "Cy")
    t.trick(1, 2, "T T S R")  # equal T: the first played
    assert t.display().trick_rows(t.state.current)[1] == (2, "Cy", "T T S R", "Cy")


def test_trick_follow_letter_breach_is_named() -> None:
    t = Table()
    t.trick(0, 0, "J A/E=E T S")
    # Cy won with T; Cy leads T, Dee plays S though Dee later shows a T
    t.trick(1, 2, "T S R N")
    t.trick(2, 2, "R T N D")
    problems = " ".join(t.display().trick_problems(t.state.current))
    assert "Dee played the S on trick 2, but the T was led and Dee held the T" in problems
    assert "rule: follow the letter led" in problems


def test_game_ends_after_the_hand_that_reaches_the_target_lowest_wins() -> None:
    t = Table(target=80)
    t.enter()
    t.close()
    sheet = TABLE.sheet(t.state)
    assert sheet.finished and sheet.winners == (2,)  # Cy, with the lowest total
    assert named(sheet.reason, t.names) == f"Dee reached {DECK_POINTS - 123}"
    with pytest.raises(Forbidden):
        t.taken(0, "J", hand=2)


def test_undo_takes_back_the_last_entry() -> None:
    t = Table()
    t.taken(0, "J K")
    assert t.points(0) == 40
    [undone] = t.shell.undo(t.host, UNDOABLE)
    assert undone.kind == "cons-taken" and not t.state.current.taken.get(0)
    assert t.points(0) == 0


@pytest.mark.parametrize("players", [2, 7])
def test_player_count_outside_3_to_6_is_refused(players: int) -> None:
    data = {"game": "consonants", "players": str(players)}
    data.update({f"name-{i}": f"P{i}" for i in range(players)})
    with pytest.raises(Unreadable, match="3 to 6 players"):
        TABLE.parse_options(data)
