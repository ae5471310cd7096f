"""Bodies at the referee API's limits (``companion.web.bounds.ROUTES``), for the bounded-work
benchmark and its tests: each builder takes the counts to send, its defaults are the limits
(the most a route reads), and one more than a default is over.

The bodies are the worst a route accepts: every count at its limit at once, and content that
makes the rules work (repeated cards, a play that is a duplicate or a revoke, words that all
fit the cards, challenges the list must judge).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import cycle, islice
from typing import Any

from companion.cards.alpha import DEFAULT_DECK
from companion.cards.decktet import DECK
from companion.cards.standard import full_deck

LONGEST = "PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS"  # 45 letters, in the English list
STANDARD = [str(c) for c in full_deck()]
ALPHA = ["D", "N", "S", "R", "A/E=E", "O/U=O", "?=Q", "B", "I/O=I", "C", "?", "A/E"]


def _word(letters: int) -> str:
    """A word of ``letters`` letters (past 45, the longest word with S added)."""
    return LONGEST[:letters] + "S" * (letters - len(LONGEST))


def _take(items: list[str], n: int, start: int = 0) -> list[str]:
    return list(islice(cycle(items), start, start + n))


def hearts_check(tricks: int = 20, cards: int = 8, kitty: int = 4) -> dict[str, Any]:
    """Six players: a kitty of 4."""
    return {
        "options": {"preset": "standard", "players": 6},
        "tricks": [
            {"leader": t % 6, "cards": _take(STANDARD, cards, t * 5)} for t in range(tricks)
        ],
        "kitty": _take(STANDARD, kitty, 7),
        "totals_before": {str(s): 10 * s for s in range(6)},
        "moon_choice": "add",
        "names": {str(s): f"Player {s}" for s in range(6)},
    }


def hearts_score(cards: int = 52) -> dict[str, Any]:
    return {
        "options": {"preset": "omnibus", "players": 6},
        "taken": {str(s): _take(STANDARD, cards, s) for s in range(6)},
        "tricks_taken": {str(s): 2 for s in range(6)},
        "totals_before": {str(s): 0 for s in range(6)},
    }


def consonants_check(tricks: int = 30, cards: int = 8, kitty: int = 5) -> dict[str, Any]:
    """Six players and a deck edited to 71 cards (no T): a kitty of 5."""
    deck = DEFAULT_DECK.to_dict()
    deck["cards"] = {**deck["cards"], "T": [0, 1]}  # type: ignore[dict-item]
    return {
        "options": {"players": 6, "deck": deck},
        "tricks": [{"leader": t % 6, "cards": _take(ALPHA, cards, t)} for t in range(tricks)],
        "kitty": _take(["B", "O/U"], kitty),
        "dealer": 0,
    }


def consonants_score(cards: int = 80, words: int = 40, challenges: int = 40) -> dict[str, Any]:
    """Every word fits the cards taken (each is laid), so every one is matched to cards."""
    taken = _take(["T", "A/E", "S", "O/U", "N", "E/I", "R", "A/I"], cards)
    laid = _take(["TASTE", "NOSE", "STAR", "RATE", "NEST", "TONE", "SEAT", "RENT"], words)
    return {
        "options": {"players": 6},
        "taken": {str(s): taken for s in range(6)},
        "words": {str(s): laid for s in range(6)},
        "challenges": [
            {"seat": i % 6, "word": laid[i % len(laid)], "challenger": (i + 1) % 6}
            for i in range(challenges)
        ],
        "lexicon": "en",
    }


def words_judge(words: int = 50, letters: int = 45) -> dict[str, Any]:
    return {"lexicon": "en", "words": [_word(letters)] * words}


def alphagrams_play(word: int = 45, steal: int = 45) -> dict[str, Any]:
    return {"lexicon": "en", "word": _word(word), "steal": _word(steal)}


def alphagrams_score(words: int = 250, letters: int = 45) -> dict[str, Any]:
    each, rest = divmod(words, 5)
    played = [_word(letters).lower() if i % 7 == 0 else _word(letters) for i in range(each)]
    found = {str(s): list(played) for s in range(5)}
    found["0"] += [_word(letters)] * rest
    return {"words": found, "options": {}}


def fta_check(plays: int = 22, sequences: int = 1) -> dict[str, Any]:
    """``plays`` spread over ``sequences``; cards repeat and climb in runs of rank."""
    cards = sorted((c for c in DECK if c.rank is not None), key=lambda c: (c.rank, c.title))
    flat = [{"seat": i % 2, "card": str(cards[(i * 3) % len(cards)])} for i in range(plays)]
    size = -(-plays // sequences) if sequences else 0
    groups = [flat[i * size : (i + 1) * size] for i in range(sequences)]
    return {
        "hand": "omega",
        "options": {"back_and_forth": False},
        "sequences": [{"plays": g, "ended_by_ace": False} for g in groups],
        "first_out": 1,
    }


def fta_score_round(cards: int = 45) -> dict[str, Any]:
    titles = [str(c) for c in DECK]
    return {
        "stores": {"0": _take(titles, cards), "1": _take(titles, cards, 7)},
        "scoring_suits": {"0": "Moons", "1": "Knots"},
        "danger_suits": {"0": "Wyrms", "1": "Moons"},
        "alpha_dealer": 0,
    }


def spades_check(tricks: int = 13, cards: int = 4) -> dict[str, Any]:
    return {
        "dealer": 0,
        "tricks": [
            {"leader": (t + 1) % 4, "cards": _take(STANDARD, cards, t * 4)} for t in range(tricks)
        ],
    }


def spades_score(bids: int = 4, taken: int = 4) -> dict[str, Any]:
    return {
        "bids": {str(s): 3 for s in range(bids)},
        "taken": {str(s): 4 if s == 0 else 3 for s in range(taken)},
    }


def oh_hell_check(tricks: int = 17, cards: int = 7) -> dict[str, Any]:
    """Three players and 17 cards each: the longest hand; seven cards a trick is one per seat
    at 7 players (here read as a fault, still answered)."""
    return {
        "options": {"players": 3, "schedule": 17},
        "cards": 17,
        "trump": "H",
        "dealer": 0,
        "tricks": [
            {"leader": t % 3, "cards": _take(STANDARD, cards, t * 3)} for t in range(tricks)
        ],
    }


def oh_hell_score(bids: int = 7, taken: int = 7) -> dict[str, Any]:
    return {
        "options": {"players": 7},
        "cards": 7,
        "dealer": 0,
        "bids": {str(s): 1 for s in range(bids)},
        "taken": {str(s): 1 for s in range(taken)},
    }


API = "/api/v1"
BUILDERS: dict[str, Callable[..., dict[str, Any]]] = {
    f"{API}/referee/hearts/check": hearts_check,
    f"{API}/referee/hearts/score": hearts_score,
    f"{API}/referee/consonants/check": consonants_check,
    f"{API}/referee/consonants/score": consonants_score,
    f"{API}/words/judge": words_judge,
    f"{API}/referee/alphagrams/play": alphagrams_play,
    f"{API}/referee/alphagrams/score": alphagrams_score,
    f"{API}/referee/follow-the-author/check": fta_check,
    f"{API}/referee/follow-the-author/score-round": fta_score_round,
    f"{API}/referee/spades/check": spades_check,
    f"{API}/referee/spades/score": spades_score,
    f"{API}/referee/oh-hell/check": oh_hell_check,
    f"{API}/referee/oh-hell/score": oh_hell_score,
}
# each bound's path (companion.web.bounds) -> the builder's argument that sets its count
ARGUMENT: dict[str, dict[str, str]] = {
    f"{API}/referee/hearts/check": {
        "tricks": "tricks",
        "tricks[].cards": "cards",
        "kitty": "kitty",
    },
    f"{API}/referee/hearts/score": {"taken.*": "cards"},
    f"{API}/referee/consonants/check": {
        "tricks": "tricks",
        "tricks[].cards": "cards",
        "kitty": "kitty",
    },
    f"{API}/referee/consonants/score": {
        "taken.*": "cards",
        "words.*": "words",
        "challenges": "challenges",
    },
    f"{API}/words/judge": {"words": "words"},
    f"{API}/referee/alphagrams/play": {"word": "word", "steal": "steal"},
    f"{API}/referee/alphagrams/score": {"words.*": "words", "words.*[]": "letters"},
    f"{API}/referee/follow-the-author/check": {
        "sequences": "sequences",
        "sequences[].plays": "plays",
    },
    f"{API}/referee/follow-the-author/score-round": {"stores.*": "cards"},
    f"{API}/referee/spades/check": {"tricks": "tricks", "tricks[].cards": "cards"},
    f"{API}/referee/spades/score": {"bids": "bids", "taken": "taken"},
    f"{API}/referee/oh-hell/check": {"tricks": "tricks", "tricks[].cards": "cards"},
    f"{API}/referee/oh-hell/score": {"bids": "bids", "taken": "taken"},
}


def at_limit(path: str) -> dict[str, Any]:
    return BUILDERS[path]()


def one_over(path: str, bound: str, most: int) -> dict[str, Any]:
    """The route's at-limit body with one more item at ``bound``."""
    argument = ARGUMENT[path][bound]
    if path.endswith("follow-the-author/check") and argument == "sequences":
        return BUILDERS[path](plays=most + 1, sequences=most + 1)  # one play in each
    return BUILDERS[path](**{argument: most + 1})
