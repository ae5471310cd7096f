"""Oh Hell (Oh Pshaw, Up and Down the River): 3 to 7 players bid the exact number of tricks
they will take; a turned card names trumps. Rule text: ``shared/RULES.md``, "Beyond the seeds:
Oh Hell", checked against pagat.com's Oh Hell page for the variations.

Rulings implemented (defaults; ``options.py`` names what a table may change):

- Hand sizes start at 10 cards for 3-5 players, 8 for 6, 7 for 7, go down one a hand to 1
  and back up (19 hands at 3-5 players). Options: up then down, down only, up only, or a
  fixed size (played for as many hands as down-and-up would be).
- The table records the trump suit, or none when no card is left to turn.
- Bids in turn from the dealer's left, the dealer last, 0 to the hand size; the dealer may not
  make the bids add up to the hand size (the hook; option: off).
- Exactly the bid scores 10 + the bid, anything else 0. Options: 1 a trick plus 10 for the
  exact bid; or 10 + the bid, and minus the difference when missed.
- The highest total after the last hand wins; ties share the win.
"""
