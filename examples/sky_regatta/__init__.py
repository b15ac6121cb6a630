"""Sky Regatta: a small card race written only in the language (README.md)."""
