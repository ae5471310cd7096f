"""Follow the Author: a two-player game of alphabetical order for the extended Decktet.

Rule text: ``seeds/004_68dd64b8fef45e09.txt``; card facts and rulings: RULES.md, "Follow the
Author". Modules: ``options`` (options and presets), ``rounds`` (dealers, hands, counts),
``play`` (legality and the legal set), ``inplay`` (points during play), ``scoring`` and
``categories`` (round end), ``stores`` (store checks, and the stores known from play),
``game`` (totals and the end), ``seal`` (commitments to secret choices, kept by the sealing
phone), ``reveal`` (when the sealed choices open).

Rulings implemented (RULES.md):
- Each title must come later alphabetically than the previous card's (earlier in the omega
  hand under *Back and Forth*). Order ignores "The", case and spaces; Aces stand outside it.
- An Ace goes on any card carrying its suit, never on the Excuse. After an Ace the next player
  ends the sequence or plays any card but an Ace, free of order; later cards follow that card.
  An Ace may be led only when nothing but Aces is left in hand. When the hand itself is not
  known, a lead is judged from what is: a player holding more cards than there are Aces left
  unplayed this round surely holds another card, so cannot lead an Ace; any lead is judged
  again from that player's later plays (a non-Ace played later shows it was held).
- Same rank as the previous card scores 1, as the previous two 2, and so on. A run: when the
  last 3+ cards of the sequence have consecutive ranks in any order, 1 per card in the longest
  such run ending with the card played. Ace 1, Pawn 10, Court 11, Crown 12; the Excuse breaks
  both. The first seat to empty its hand scores 1.
- The reveal (ruling): the seed says only that the suits are revealed "after the round". The
  sealed choices open when the omega hand is over and the opening is final: nothing undone
  afterwards seals them again. The hand is over when, entered play by play, a seat has played
  its last card; otherwise when both seats have said so, each from its own phone, by typing
  the omega hand's in-play points or tapping "Reveal". One seat's word alone never opens them
  (a typed 0 and 0 is a claim by one phone, not the end of the hand). The server then knows a
  choice only once the phone that holds it (or a player with its recovery code) opens it
  against its commitment; a player without the code is taken at their word by the other
  player (``table.seal``).
- Round end: danger suit equal to scoring suit means no danger suit. Ties score nothing in
  Sagaciousness, Most Scoring, Most Danger, Longest Run and Sociability. Pairs: 3 for each pair
  of equal rank in the scoring suit. Longest run: 3+ cards, counted in distinct ranks. The
  highest number card is the highest of ranks 2-9. Places (L, including Origin, Market, End)
  count for Vulnerability; the Windfall is an event.
- Stores (ours): a finished sequence goes into the store of the seat that played its last card
  (the seat that played on, the Ace's player when it ends on its Ace, the seat that went out).
  Entered card by card, those cards are known: a store leaving one out, listing one of the
  other store's, or a set-aside list holding one is refused (``stores.check_against_play``).
  A store may be entered by what the scoring reads (ours): once a seat's suits are open, its
  cards of its scoring or danger suit (not those of both: they are discarded) and the Excuse,
  card by card, and the number of its other cards (those of neither suit, which the player
  counts for Sagaciousness anyway). Such a store does not list every card, so the round then
  needs no list of the cards set aside; played cards of neither suit fall in that number.
- Game: 8 rounds by default (even), highest total wins. *Cribbage Finish*: first to the
  target (121) wins at once; in-play points count as they happen; round-end categories in the
  table's order, the alpha-hand dealer first within a category.
"""

from __future__ import annotations

from companion.games.follow_the_author.categories import score_round
from companion.games.follow_the_author.game import RoundRecord, Standing, Step, standing
from companion.games.follow_the_author.inplay import PointEvent, hand_events, points_by_seat
from companion.games.follow_the_author.options import PRESETS, Options, options_from
from companion.games.follow_the_author.play import (
    Play,
    PlayedSequence,
    Violation,
    check_hand,
    judge,
    legal_next,
    must_hold_non_ace,
)
from companion.games.follow_the_author.reveal import reveal_due, waiting_for
from companion.games.follow_the_author.rounds import alpha_dealer, dealer, descending, first_leader
from companion.games.follow_the_author.scoring import (
    CATEGORIES,
    RoundScore,
    counts_for,
    effective_danger,
)
from companion.games.follow_the_author.seal import (
    commitment,
    normal_code,
    seal,
    verify_commitment,
    verify_seal,
)
from companion.games.follow_the_author.stores import (
    Stored,
    StoreIssue,
    check_against_play,
    check_aside_against_play,
    check_stores,
    stored_in_play,
)

__all__ = [
    "CATEGORIES",
    "PRESETS",
    "Options",
    "Play",
    "PlayedSequence",
    "PointEvent",
    "RoundRecord",
    "RoundScore",
    "Standing",
    "Step",
    "StoreIssue",
    "Stored",
    "Violation",
    "alpha_dealer",
    "check_against_play",
    "check_aside_against_play",
    "check_hand",
    "check_stores",
    "commitment",
    "counts_for",
    "dealer",
    "descending",
    "effective_danger",
    "first_leader",
    "hand_events",
    "judge",
    "legal_next",
    "options_from",
    "must_hold_non_ace",
    "normal_code",
    "points_by_seat",
    "reveal_due",
    "score_round",
    "seal",
    "standing",
    "stored_in_play",
    "verify_commitment",
    "verify_seal",
    "waiting_for",
]
