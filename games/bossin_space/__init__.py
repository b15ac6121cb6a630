"""Bossin' Space: a cooperative game for 1-5 players, written only in the language (README.md)."""
