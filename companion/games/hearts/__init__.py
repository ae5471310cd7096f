"""Hearts for 3 to 6 players, with its common variations.

Rule texts: ``seeds/001_43e6234e5cc9b1ed.txt`` (four-player Hearts, the ``standard`` preset)
and ``seeds/002_a7e463e60c8b017c.txt`` (variations: passing cycles, 3/5 players, Omnibus,
shooting the sun, partnerships; the ``pagat`` preset is its base rules).

Rulings from RULES.md implemented here (defaults; *option* = the table can change it):

- Seats 0..n-1 clockwise; left = seat + 1. Card notation ``QS``, ``TH`` (``10H`` accepted).
- Presets: standard (no hearts/QS on the first trick unless nothing else can be played;
  moon +26 to others, or -26 to self when someone has 74+), pagat (points allowed on the first
  trick; the shooter always chooses), omnibus (pagat + JD -10; option TD). The moon still
  needs every heart and the QS; the bonus card counts on top for whoever took it.
- Options: QS breaks hearts; hearts any time; a hand of only hearts + QS may lead a heart;
  first lead by the player left of the dealer (any card, no heart while restricted);
  shooting the sun (every trick, 52, scored like the moon); moon policy add / subtract /
  choose / choose-if-74 / protect (add unless that ends the game with the shooter not
  lowest alone, then subtract); a total of exactly the target resets to 50 or 0; a tie for
  lowest at the end plays on (default on); partnership (partners opposite) pooled with a
  team moon, or individual with partners' totals added at the end; target score;
  revoke penalty (the revoker takes 26, nobody else scores).
- Passing: the pass for hand k is ``cycle[(k-1) mod len]``; default cycles 3: left, right,
  hold; 4: left, right, across, hold; 5: left, right, hold; 6 (house rule, not from the
  texts): left, right, 2nd-left, 2nd-right, across, hold. Scatter gives one card to each
  other player (two each with 4-card passing at 3 players).
- Odd counts: remove cards (3: 2D out, 17 each, 2C leads; 5: 2D and 2C out, 10 each, 3C
  leads) or a kitty (1 card at 3, 2 at 5, 4 at 6; 6 players only by kitty) to the winner of
  the first trick (option: of the first penalty card); the lowest club not in the kitty leads.
- Legality from entered tricks only: a seat's later plays show what it held; for a complete
  hand every rule is exact. Moon and sun come from who took which cards, never totals.

Modules: ``options`` (options, presets, descriptions), ``deal`` (deck, passes, dealer,
opening lead), ``legality`` (rules), ``scoring`` (points, moon/sun), ``game`` (hand scores,
totals, game end), ``report`` (one call per referee question).
"""

from companion.games.hearts.deal import (
    Pass,
    cards_per_seat,
    cycle_is_house_rule,
    dealer_for_hand,
    deck,
    first_leader,
    kitty_size,
    opening_lead,
    pass_for_hand,
    removed_cards,
)
from companion.games.hearts.game import (
    HandScores,
    add_hand,
    game_over,
    hand_scores,
    leaders,
    revoke_scores,
    running_totals,
    team_totals,
    winners,
)
from companion.games.hearts.legality import check, trick_winner
from companion.games.hearts.options import (
    DEFAULT_CYCLES,
    OPTION_HELP,
    OTHER_CYCLES,
    PRESET_HELP,
    PRESETS,
    HeartsOptions,
    options_from,
)
from companion.games.hearts.report import HandReport, check_hand, score_taken
from companion.games.hearts.scoring import (
    Shooter,
    card_points,
    find_shooter,
    is_penalty,
    points_from_taken,
    teams,
)

__all__ = [
    "DEFAULT_CYCLES",
    "OPTION_HELP",
    "OTHER_CYCLES",
    "PRESETS",
    "PRESET_HELP",
    "HandReport",
    "HandScores",
    "HeartsOptions",
    "Pass",
    "Shooter",
    "add_hand",
    "card_points",
    "cards_per_seat",
    "check",
    "check_hand",
    "cycle_is_house_rule",
    "dealer_for_hand",
    "deck",
    "find_shooter",
    "first_leader",
    "game_over",
    "hand_scores",
    "is_penalty",
    "kitty_size",
    "leaders",
    "opening_lead",
    "options_from",
    "pass_for_hand",
    "points_from_taken",
    "removed_cards",
    "revoke_scores",
    "running_totals",
    "score_taken",
    "team_totals",
    "teams",
    "trick_winner",
    "winners",
]
