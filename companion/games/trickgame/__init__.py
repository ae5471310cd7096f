"""What Hearts and Consonants share at a table: a game of hands, each entered as the cards
every seat took (one scorer), as each seat's own claim, or trick by trick; plus a moon-like
choice and a recorded revoke. ``entries`` keeps the newest entry of every slot of a hand
(the fold's part); ``read`` turns an action's target and data into checked values; ``table``
(the table's fold, target and checks), ``state`` (the hand lookup), ``display``,
``options`` and ``words`` hold what the two games' modules of those names share."""
