"""Spades: four players in fixed partnerships (seats 0+2 and 1+3), spades always trumps,
bids of tricks or nil, bags kept across hands. Rule text: ``shared/RULES.md``, "Beyond the
seeds: Spades", checked against pagat.com's Spades page for the variations.

Rulings implemented (defaults; ``options.py`` names what a table may change):

- Bids in turn from the dealer's left, the dealer last: 1-13 or nil; blind nil only by a team
  at least 100 behind, and only when the table allows it.
- A team's contract is the sum of its non-nil bids; only the non-nil partners' tricks make it
  (option: the nil bidder's tricks count toward it too).
- Made: 10 a contract trick and 1 a bag (each trick over). Set: minus 10 a contract trick.
- Nil: +100 with no trick taken, -100 otherwise (blind nil: 200). A nil bidder's tricks are the
  team's bags, whether or not the contract is made.
- Ten bags lose 100, and ten bags come off (option: off).
- The first team at the target (500) at the end of a hand wins; both there: the higher; equal:
  one more hand. Option: a team at ``lose_at`` or below loses.
"""
