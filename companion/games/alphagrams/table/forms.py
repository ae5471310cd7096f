"""AlphaGrams' forms read into table ``Action``s, pure (the pages pass ``request.form``), and
the plain words the pages answer with: the move saved, the turn now, a challenge's outcome.

Every form carries the target it was drawn for (hidden ``turn``, ``seat`` and ``version``);
"Make the word" stores the word in one tap when the app can tell every card and its source;
else the form comes back with the letters it asks about (``Compose``, nothing stored).
``step=compose`` ("Cards…") shows every letter's card to change any."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.errors import CompanionError, Conflict, Forbidden, NotAllowed, Unreadable
from companion.games import forms
from companion.games.alphagrams.compose import LetterRow, compose, played, steal_index
from companion.games.alphagrams.table.actions import GAME
from companion.games.alphagrams.table.moves import outcome as outcome
from companion.games.alphagrams.table.panels import Board
from companion.games.alphagrams.table.words import describe
from companion.games.forms import Kept
from companion.games.protocol import Action, Data, Entered, Event

Form = Mapping[str, str]
WORD_FIELDS = ("word", "steal", "discard", "overrule")


class Compose(CompanionError):
    """Show the letters of the word to set their cards and sources (nothing is stored, and
    nothing was refused: the form comes back with its rows)."""

    def __init__(self) -> None:
        super().__init__("")


def number(form: Form, name: str) -> int:
    raw = form.get(name, "").strip()[:10]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form has no '{name}': reload the page and try again.", name)
    return int(raw)


def action(
    b: Board,
    form: Form,
    kind: str,
    data: Mapping[str, object],
    seat: bool = True,
    word: int | None = None,
) -> Action:
    """The action with the target and version the form was drawn for (hidden fields)."""
    target: dict[str, int] = {"turn": number(form, "turn")}
    if seat:
        target["seat"] = number(form, "seat")
        if not b.may_act(target["seat"]):
            name = b.name(target["seat"])
            raise NotAllowed(f"It is {name}'s turn: their phone (or the host) moves.")
    if word is not None:
        target["word"] = word
    return Action(kind, target, number(form, "version"), data)


def flip(b: Board, form: Form) -> Action:
    """The first card (with the table's deck), else the card turned this turn."""
    card = form.get("card", "").strip()[:10]
    if b.state is None:
        return action(b, form, "start", {"card": card, "deck": b.deck().to_dict()}, seat=False)
    if "seat" not in form:  # drawn for the first card, which another phone turned meanwhile
        raise Conflict(
            "The first card was turned on another phone a moment ago. Nothing of "
            "yours was saved: look at the pool, then go on."
        )
    return action(b, form, "flip", {"card": card})


def end(b: Board, form: Form) -> Action:
    return action(b, form, "end", {"agree": bool(form.get("agree"))}, seat=False)


def challenge(b: Board, form: Form) -> Action:
    raw = form.get("challenger", "").strip()[:4]
    if not raw.isdigit() or int(raw) not in b.challengers():
        raise Forbidden("There is no word this phone can challenge now.", "challenger")
    data = {"challenger": int(raw)}
    return action(b, form, "challenge", data, seat=False, word=number(form, "word"))


def rows_key(word: str, steal: str) -> str:
    """What a word's card rows were drawn for: the word and the word taken."""
    return f"{word.strip().upper()[:40]}|{steal.strip()[:6]}"


def word_values(form: Form) -> Kept:
    """The word form's input, kept to draw it again (the letters' cards and sources too,
    only while they are the rows of the word as typed now)."""
    values: Kept = {k: form.get(k, "")[:40] for k in WORD_FIELDS}
    values["_turn"] = form.get("turn", "")[:6]  # the turn the form was drawn for
    if form.get("rows-for", "")[:50] == rows_key(values["word"], values["steal"]):
        fields = ("card-", "src-", "auto-")
        values.update((k, v[:10]) for k, v in form.items() if k.startswith(fields))
        values["_chosen"] = True
    return values


def word(b: Board, form: Form, values: Kept) -> Action:
    """A word, or a steal of the word numbered ``steal``, in one tap: each letter's card and
    source is filled in where the app can tell (``compose``). ``Compose`` (nothing stored)
    shows the rows instead when one is asked and this phone has not answered it (rows of the
    word as typed now), when a choice of this phone's no longer holds (dropped, in words), or
    when the phone asked to see every card (``step=compose``)."""
    values["_rows"] = True
    action(b, form, "word", {})  # this phone may move for the seat named, before any rows
    if number(form, "version") != b.version:  # moved on elsewhere: say so, not rows again
        stale = Conflict(
            "That was changed on another phone a moment ago. Nothing of yours was "
            "saved: look at it as it is now, then decide again."
        )
        stale.current = GAME.current(b.r, Action("word", {}, 0))  # type: ignore[attr-defined]
        raise stale
    steal = steal_index(b.r, values["steal"])
    rows = word_rows(b, values, steal)
    if form.get("step") == "compose":
        values["_all"] = True
        raise Compose()
    if any(r.ask or r.dropped for r in rows):
        raise Compose()
    cards, sources = played(rows, {})
    data = {
        "cards": cards,
        "sources": sources,
        "discard": values["discard"].strip() or None,
        "overrule": bool(values["overrule"]),
    }
    word_id = int(values["steal"]) if steal is not None else None
    return action(b, form, "word", data, word=word_id)


def word_rows(b: Board, values: Data, steal: int | None) -> list[LetterRow]:
    """The word's rows for the table now, with this phone's choices where they still hold
    (only choices made for the word as typed now: ``rows-for``)."""
    chosen = values if values.get("_chosen") else None
    return compose(b.state, values["word"], steal, b.r.deck, chosen)


def _word(form: Entered, url: Data, b: Board, values: Kept) -> Action:
    return word(b, form, values)


def _kept_word(form: Entered, url: Data) -> Kept:
    return word_values(form)


# endpoint -> form (``seen``: the phone's ``Board``); nothing is kept of a button's form
FORMS = {
    "flip": forms.Form("/ag/flip", lambda f, u, b, _: flip(b, f), forms.nothing),
    "pass_turn": forms.Form("/ag/pass", lambda f, u, b, _: action(b, f, "pass", {}), forms.nothing),
    "end": forms.Form("/ag/end", lambda f, u, b, _: end(b, f), forms.nothing),
    "word": forms.Form("/ag/word", _word, _kept_word),
    "challenge": forms.Form("/ag/challenge", lambda f, u, b, _: challenge(b, f), forms.nothing),
}


def rows_again(b: Board, values: Kept) -> list[LetterRow] | None:
    """The letters' rows to draw the word form again with (None: not composing)."""
    if not values.get("word") or not (values.get("_compose") or values.get("_rows")):
        return None
    if values.get("steal") and b.state is not None:
        raw = str(values["steal"]).strip()[:6]
        if not raw.isdigit() or b.r.word_index(int(raw)) is None:
            # the word it was taking was taken back: the typed word stays, the steal goes
            values.update(steal="", _steal_gone=True, _chosen=False)
            return None
    try:
        return word_rows(b, values, steal_index(b.r, values.get("steal", "")))
    except Unreadable:
        return None


def saved_line(event: Event, names: Sequence[str]) -> str:
    """What the phone that made a move is told."""
    if event.kind in ("agree-open", "agree-yes"):
        return "The table is asked: each phone agrees or not below."
    line = describe(event, names)
    if line is None:
        return "Challenge opened: both sides confirm on their phones."
    return line.split(": ", 1)[-1] + "."


def now_line(current: Data, names: Sequence[str]) -> str:
    """The turn now, from a refusal's ``current`` value."""
    seat = int(current.get("seat", 0))
    name = names[seat] if 0 <= seat < len(names) else "a seat"
    if current.get("phase") == "over":
        return "the game is over."
    doing = "turn a card" if current.get("phase") == "flip" else "make a word or pass"
    return f"turn {current['turn']}, {name} to {doing}."
