"""AlphaGrams: Anagrams for Alpha Playing Cards, 2 to 5 players.

Rule text: ``seeds/003_e8cba11fc1d7cffd.txt`` (AlphaGrams, (c) 2005 Tim Schutz). Facts about the
deck and the rulings below: ``RULES.md``, "Alpha Playing Cards" and "AlphaGrams rulings".

Rulings implemented (defaults; see ``options.AlphaGramsOptions``):

- 2-5 players, 3 cards each, the rest is the stock, one card starts the pool.
- A word has 3+ letters (``too-short``) and is in the table's lexicon (``not-a-word``; the
  "common words only" house rule adds a commonness threshold).
- A steal, or a protect of your own word, uses every letter of one word on the table
  (``not-a-rearrangement``) plus at least one card from hand or pool (``no-new-letter``). The
  cards of the old word keep their letters, wilds and vowel sides included.
- A steal that only inflects the old word is refused (``inflection``): the old word plus S,
  ES, ED, D or ING, also with a dropped E (BAKE -> BAKING), a doubled consonant
  (STOP -> STOPPED) or Y -> IES/IED (CITY -> CITIES). TEAM -> TEAMS is refused, TEAM -> MATES
  or MEATS is allowed. The table may overrule by agreement (``Move.overrule``; log it).
- Vowel cards and wilds are chosen when played and fixed afterwards.
- Entering a word (ruling of ours, ``compose``): hands are never entered, so the phone fills
  in each letter's card and source where it can tell (a pool card that gives the letter is
  taken from the pool; a consonant from hand is its card; a vowel from hand is the one vowel
  card with that letter still face down by the table's deck) and asks, on the same form, only
  where it cannot (a vowel card that more than one kind could be, a pool vowel card that could
  give either of its letters, a wild in the pool); the player may change any card.
- After a word that used cards from hand the player may discard one more card from hand to
  the pool, then draws back up to 3 while the stock lasts.
- Challenge: an invalid word goes back (cards return where they came from) and its player
  loses that turn; a valid word costs the challenger their next turn. A word can be challenged
  until the next card is turned or the next play is made.
- The game ends when the stock is empty and every player has passed since the last word (or
  when the table agrees it is over). Cards left in hand do not score.
- Scoring: 1 point per card in your words, +1 for a card valued 7 or 8, +2 for 9 or 10 (deck
  values; a wild scores as the wild card, whatever letter it stood for). Ties: the longest
  word, then the next longest, and so on.

Modules: ``options`` (options, presets), ``rules`` (word checks, inflections), ``scoring``,
``state`` (frozen state, pure transitions for the table UI), ``helper`` ("what could we have
made?"), ``compose`` (a word's letters and cards); at a table, ``table``: ``actions`` (the
protocol) with ``state``, ``fold``, ``moves``, ``options``; for the pages ``panels`` (what
they show), ``view``, ``words`` and ``forms`` (a form read into an ``Action``, the lines they
answer with).
"""
