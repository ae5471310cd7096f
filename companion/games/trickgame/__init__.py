"""What Hearts and Consonants share at a table: a game of hands, each entered as the cards
every seat took (one scorer), as each seat's own claim, or trick by trick; plus a moon-like
choice and a recorded revoke. ``entries`` keeps the newest entry of every slot of a hand
(the fold's part), each game's entries type holding only its own fields; ``hands`` builds a
game's hands from its ``HandRules`` (a correction rebuilds the rest), finds the newest hand to
sum up and checks the moon-like choice a game declares as a ``Moon``; ``read`` turns an
action's target and data into checked values; ``table`` (the table's fold, target and
checks), ``state`` (the hand lookup), ``display``, ``options`` and ``words`` hold what the
two games' modules of those names share.

The deal and the pass are here too, so no game imports another: ``passing`` (the pass cycles
per player count, the pass of each hand, the dealer's rotation, the checks on a cycle) and
``passwords`` (the pass line a phone shows, the named cycles of the new-table form). A game
declares the parts its hands have by its ``entries.SlotNames`` (an entry of any other part is
an error, never a revoke) and its table class names only those parts. ``declaration`` bundles
all a game without bids declares (parts, hands, moon, card points, special cards, pass rules)
in one value; a fifth such game is shown whole in ``tests/games/test_trick_base.py``. The
bidding games (Spades, Oh Hell) extend ``bidtable`` with a small ``Rules`` class each."""
