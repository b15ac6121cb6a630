"""What changed on the table between two views of a game, read from the drawings.

A drawing names each piece of the table that holds state (a hex with what stands on it,
an action box, a die, a grid cell, a line of a track...) with a key, and gives it a
digest of how it is drawn (`piece`). Two drawings for the same viewer are compared key
by key (`changed`): a piece whose digest differs, or that is new, has changed. The
digest leaves out where the piece is drawn (its coordinates), so a die that only slides
along its row because another left it is not marked; a drawing adds to the digest what a
move means in its own terms (`state`). It is made from what that viewer is shown, so it
tells nothing a viewer may not see.
"""

from __future__ import annotations

import hashlib
import re
from html import escape, unescape

# the attributes that place an element rather than say something about it
_PLACE = re.compile(r'\s(?:x|y|cx|cy|x1|y1|x2|y2|points|width|height)="[^"]*"')
_PIECE = re.compile(r'data-key="([^"]*)" data-sig="([0-9a-f]+)"')


def piece(key: str, markup: str, state: str = "", tag: str = "g") -> str:
    """`markup` as one piece of the table: wrapped in `tag` with its key and digest.
    `state` is anything more the digest must cover (where the piece lies, when that is
    what changes)."""
    unplaced = _PLACE.sub("", markup)
    digest = hashlib.blake2b(f"{state}\x00{unplaced}".encode(), digest_size=6).hexdigest()
    return f'<{tag} data-key="{escape(key)}" data-sig="{digest}">{markup}</{tag}>'


def pieces(html: str) -> dict[str, str]:
    """The pieces of a drawing: key -> digest."""
    return {unescape(key): digest for key, digest in _PIECE.findall(html)}


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The keys of the pieces drawn differently, or drawn only, in `after` (in its
    order). Nothing when there is nothing to compare with."""
    if not before:
        return []
    return [key for key, digest in after.items() if before.get(key) != digest]
