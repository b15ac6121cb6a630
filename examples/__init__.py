"""Example games that run on the same engine as Black Angel (see each folder's README)."""
