"""Word lists and the queries on them: lexicons, the word judge, the anagram helper.

Pure: ``lexicon``, ``anagram``, ``helper``, ``judge`` (they take word collections as
arguments). Impure: ``loader`` (reads files), ``registry`` (Flask), ``cli`` (click).
"""
