"""Dice Race: a small second game, the proof that the engine is generic (README.md)."""
