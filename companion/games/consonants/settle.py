"""``score_taken``: the scoring phase from the cards each seat took, its words and challenges.

Returns a frozen ``ScoreReport`` whose ``as_dict()`` has the shape of REFEREE_API.md
(Consonants ``score``) plus ``violations`` (added field): ``duplicate-card`` (a card listed
more often than the deck has it), ``word-length`` (under 4 letters), ``word-cards`` (not
makeable from the seat's own taken cards, with each card in one word at most, no wilds) and
``challenge`` (a challenge of a word the seat did not lay, or of one's own word). A refused
word or challenge is left out of the scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from companion.cards.alpha import AlphaCard
from companion.errors import Unreadable
from companion.games.consonants.options import ConsonantsOptions
from companion.games.consonants.scoring import flying_by_night, hand_scores, points_from_taken
from companion.games.consonants.words import (
    Challenge,
    ChallengeResult,
    challenge_deltas,
    lay_words,
    settle,
    word_points,
)
from companion.games.protocol import JSON
from companion.games.tricks import Names, Violation, keyed, seat_name

IsWord = Callable[[str], bool]


@dataclass(frozen=True)
class ScoreReport:
    """The scoring phase of one hand."""

    points: dict[int, int]
    flying_by_night: int | None
    choice_required: bool
    hand_scores: dict[int, int] | None
    challenges: tuple[ChallengeResult, ...]
    words: dict[int, list[str]]
    violations: tuple[Violation[AlphaCard], ...]

    def as_dict(self) -> dict[str, JSON]:
        return {
            "points": keyed(self.points),
            "flying_by_night": self.flying_by_night,
            "choice_required": self.choice_required,
            "hand_scores": keyed(self.hand_scores) if self.hand_scores is not None else None,
            "challenges": [c.as_dict() for c in self.challenges],
            "words": keyed(self.words),
            "violations": [v.as_dict() for v in self.violations],
        }


def score_taken(
    options: ConsonantsOptions,
    taken: Mapping[int, Sequence[AlphaCard]],
    words: Mapping[int, Sequence[str]] | None = None,
    challenges: Sequence[Challenge] = (),
    is_word: IsWord | None = None,
    flying_choice: str | None = None,
    names: Names = None,
) -> ScoreReport:
    """Score a hand from the cards each seat took (kitty included), the words each seat lays
    (letters A-Z, see ``read_word``) and the challenges; ``is_word`` judges challenged words
    (needed only when there are challenges)."""
    n = options.players
    full = {seat: list(taken.get(seat, ())) for seat in range(n)}
    found = _card_problems(full, options, names)
    laid: dict[int, list[str]] = {}
    for seat in range(n):
        their_words = [w.strip().upper() for w in (words or {}).get(seat, ())]
        laid[seat], refused = lay_words(their_words, full[seat])
        found += [_word_violation(seat, w, names) for w in refused]
    results, bad = _settle_all(challenges, laid, options, is_word, names)
    failed = {(r.seat, r.word) for r in results if not r.valid}
    standing = {s: [w for w in ws if (s, w) not in failed] for s, ws in laid.items()}
    excluded = standing if options.failed_words_score else laid
    points = points_from_taken(full, options.deck, n)
    for seat, their_words in excluded.items():
        points[seat] -= sum(word_points(w, options.deck) for w in their_words)
    flyer = flying_by_night(full)
    result = hand_scores(points, flyer, flying_choice)
    scores = result.scores
    if scores is not None:
        deltas = challenge_deltas(results, n)
        scores = {seat: scores[seat] + deltas[seat] for seat in scores}
    violations = tuple(found + bad)
    return ScoreReport(
        points, flyer, result.choice_required, scores, tuple(results), standing, violations
    )


def _card_problems(
    taken: Mapping[int, list[AlphaCard]], options: ConsonantsOptions, names: Names
) -> list[Violation[AlphaCard]]:
    """``duplicate-card``: a card listed more often than the deck has copies."""
    seen: Counter[AlphaCard] = Counter()
    found: list[Violation[AlphaCard]] = []
    for seat in sorted(taken):
        for card in taken[seat]:
            seen[card] += 1
            copies = options.deck.copies.get(card, 0)
            if seen[card] > copies:
                many = "is not in this deck" if not copies else f"has {copies} in the deck"
                message = (
                    f"{seat_name(seat, names)} is listed with the {card}, but that card "
                    f"{many} and it is listed {seen[card]} times (rule: card count)."
                )
                found.append(Violation(-1, seat, card, "duplicate-card", message))
    return found


def _word_violation(seat: int, word: str, names: Names) -> Violation[AlphaCard]:
    who = seat_name(seat, names)
    if len(word) < 4:
        message = f"{who} laid {word}, but a word needs 4 letters or more (rule: word length)."
        return Violation(-1, seat, None, "word-length", message)
    message = (
        f"{who} laid {word}, but it cannot be spelt from {who}'s own taken cards, each card "
        f"once and no wilds (rule: words from your own cards)."
    )
    return Violation(-1, seat, None, "word-cards", message)


def _settle_all(
    challenges: Sequence[Challenge],
    laid: Mapping[int, list[str]],
    options: ConsonantsOptions,
    is_word: IsWord | None,
    names: Names,
) -> tuple[list[ChallengeResult], list[Violation[AlphaCard]]]:
    results: list[ChallengeResult] = []
    bad: list[Violation[AlphaCard]] = []
    done: set[Challenge] = set()
    for challenge in challenges:
        problem = _challenge_problem(challenge, laid, done, names)
        if problem is not None:
            bad.append(Violation(-1, challenge.challenger, None, "challenge", problem))
            continue
        if is_word is None:
            raise Unreadable("field 'lexicon': a challenge needs a lexicon to judge it", "lexicon")
        done.add(challenge)
        results.append(settle(challenge, is_word(challenge.word), options.deck))
    return results, bad


def _challenge_problem(
    challenge: Challenge, laid: Mapping[int, list[str]], done: set[Challenge], names: Names
) -> str | None:
    who = seat_name(challenge.challenger, names)
    owner = seat_name(challenge.seat, names)
    if challenge.seat == challenge.challenger:
        return f"{who} challenged their own word {challenge.word} (rule: challenges)."
    if challenge.word not in laid.get(challenge.seat, []):
        return f"{who} challenged {challenge.word}, but {owner} did not lay it (rule: challenges)."
    if challenge in done:
        return f"{who} challenged {owner}'s {challenge.word} twice (rule: challenges)."
    return None
