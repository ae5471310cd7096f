"""One package per game: options and presets, legality, scoring. Pure: standard library only."""
