"""The three card vocabularies, pure values: ``standard`` (52 cards), ``alpha`` (letter
cards), ``decktet`` (extended Decktet). Parse and format come in pairs."""
