"""Consonants: Hearts for Alpha Playing Cards (letter cards), 3 to 6 players.

Rule text: ``seeds/000_3ef3c9f2c37e7ff5.txt``; facts and rulings: RULES.md ("Alpha Playing
Cards" and "Consonants rulings"). The deck is data (``companion.cards.alpha``), the
unverified reconstruction by default, editable per table (option ``deck``).

Rulings implemented here (defaults; *option* = the table can change it):

- 3-6 players. The whole deck is dealt evenly, the rest is a face-down kitty (74 cards:
  3 players 24 each + 2, 4: 18 + 2, 5: 14 + 4, 6: 12 + 2). Each hand starts with a pass of
  4 cards by the Hearts cycle for that player count (``trickgame.passing``, shared with Hearts).
- The J leads the first trick; if the J is in the kitty, the holder of the next singleton in
  the order K, Q, V, X, Z leads it (option: the player left of the dealer leads any card).
- A vowel card is played as either of its letters, a wild as any letter; both are declared
  (``A/E=E``, ``?=R``). A seat that can play the letter led must; otherwise it must play a
  letter >= every letter on the table if it can; otherwise anything. "Can" counts either side
  of a vowel card and never a wild; a wild is forced only when a hand holds nothing but wilds.
- The greatest declared letter takes the trick; among equal vowels the greater other side
  wins (A/U beats A/O); every other tie (equal consonants, a wild declared equal to a real
  letter, identical vowel cards) goes to the first of them played.
- The kitty goes to whoever takes the last trick and counts as taken. So a claim ("the rest
  go to X", ``rest_report``) is exact: X takes the last trick and the kitty with it, that is
  every card not played, whatever the kitty holds (ours; Hearts refuses a claim with a kitty,
  which goes by the first trick there).
- Points: values of the consonant cards taken; J K Q V X Z 20 each; vowels and wilds 0.
  Flying by Night (one seat took all six singletons): that seat scores 0 for the hand and
  chooses -50 to itself or +50 to every other seat.
- Words: after the hand a seat may lay words of 4+ letters from its own taken cards (vowel
  cards either side, no wilds, each card in one word at most); their cards do not score. A
  challenge is judged by the table's lexicon; the winner subtracts the word's points
  (consonant values, singletons 20), the loser adds them. A failed word was never laid: its
  cards score as usual (option: they don't).
- The game ends after a hand in which someone has 150 or more (option); lowest wins.

Modules: ``options`` (options, presets), ``deal`` (deal facts, passes, opening lead),
``letters`` (declarations, trick winner, follow/higher, card points), ``legality`` (rules),
``scoring`` (points, Flying by Night), ``words`` (laying words, challenges), ``report``
(``check_hand``), ``settle`` (``score_taken``), ``game`` (totals, end, winners).
"""

from companion.games.consonants.deal import (
    SINGLETON_ORDER,
    cards_per_seat,
    cycle_is_house_rule_for,
    dealer_for_hand,
    first_leader,
    kitty_size,
    leftover,
    opening_card,
    pass_for_hand,
)
from companion.games.consonants.game import game_over, running_totals, winners
from companion.games.consonants.legality import RULE_ORDER, ConsonantsHand, check, is_complete
from companion.games.consonants.letters import (
    beats,
    can_follow,
    can_reach,
    card_points,
    declaration_problem,
    declared,
    trick_winner,
)
from companion.games.consonants.options import (
    OPTION_HELP,
    PRESET_HELP,
    PRESETS,
    ConsonantsOptions,
    options_from,
)
from companion.games.consonants.report import HandReport, check_hand, rest_report
from companion.games.consonants.scoring import (
    FLYING_CHOICES,
    HandScores,
    deck_points,
    flying_by_night,
    hand_scores,
    points_from_taken,
)
from companion.games.consonants.settle import ScoreReport, score_taken
from companion.games.consonants.words import (
    MIN_WORD,
    Challenge,
    ChallengeResult,
    can_make,
    lay_words,
    read_word,
    word_points,
)

__all__ = [
    "FLYING_CHOICES",
    "MIN_WORD",
    "OPTION_HELP",
    "PRESETS",
    "PRESET_HELP",
    "RULE_ORDER",
    "SINGLETON_ORDER",
    "Challenge",
    "ChallengeResult",
    "ConsonantsHand",
    "ConsonantsOptions",
    "HandReport",
    "HandScores",
    "ScoreReport",
    "beats",
    "can_follow",
    "can_make",
    "can_reach",
    "card_points",
    "cards_per_seat",
    "check",
    "check_hand",
    "cycle_is_house_rule_for",
    "dealer_for_hand",
    "declaration_problem",
    "declared",
    "deck_points",
    "first_leader",
    "flying_by_night",
    "game_over",
    "hand_scores",
    "is_complete",
    "kitty_size",
    "lay_words",
    "leftover",
    "opening_card",
    "options_from",
    "pass_for_hand",
    "points_from_taken",
    "read_word",
    "rest_report",
    "running_totals",
    "score_taken",
    "trick_winner",
    "winners",
    "word_points",
]
