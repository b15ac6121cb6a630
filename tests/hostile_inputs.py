"""Hostile rule files: bytes that are not a rule set, or that try to make the parser work
too hard. tests/test_bad_input.py checks what each gives; benchmarks/hostile_inputs.py
times them."""

from __future__ import annotations

import random

from blackangel.dsl.parser import MAX_FILE_BYTES


def random_bytes(n: int, seed: int, alphabet: bytes | None = None) -> bytes:
    rng = random.Random(seed)
    if alphabet is None:
        return bytes(rng.randrange(256) for _ in range(n))
    return bytes(rng.choice(alphabet) for _ in range(n))


PRINTABLE = bytes(range(32, 127)) + b"\n\n\n\t"

# name -> (bytes, code every diagnostic must have, or None when the file is fine)
HOSTILE = {
    "binary_junk": (random_bytes(4096, 1), "E002"),
    "binary_junk_without_nul": (random_bytes(4096, 2, bytes(range(1, 256))), "E002"),
    "elf_header": (b"\x7fELF\x02\x01\x01" + bytes(100), "E002"),
    "utf16": ('color orange {\n  noun "orange"\n}\n'.encode("utf-16"), "E002"),
    "invalid_utf8": (b'game g {\n  title "\xe9t\xe9"\n}\n', "E002"),
    "truncated_utf8": ("# ✓".encode()[:-1], "E002"),
    "over_the_size_limit": (b"# x\n" * (5 * 1024 * 1024 // 4), "E002"),
    "just_over_the_size_limit": (b" " * (MAX_FILE_BYTES + 1), "E002"),
    "nested_parentheses": (b"x: " + b"(" * 10_000 + b"a" + b")" * 10_000 + b"\n", "E002"),
    "nested_parentheses_unclosed": (b"x: " + b"(" * 10_000, "E002"),
    "nested_braces": (b"x " + b"{\n" * 10_000, "E002"),
    "printable_junk": (random_bytes(20_000, 3, PRINTABLE), "E001"),
    "one_long_junk_line": (b"$" * 20_000, "E001"),
    "many_error_lines": (b"x )\n" * 20_000, "E001"),
    "unterminated_string": (b'game g {\n  title "Black Angel\n}\n', "E001"),
    "unterminated_strings": (b'x "a\n' * 5000, "E001"),
    "only_a_quote": (b'"', "E001"),
    "unclosed_block": (b"mission m001 {\n  color orange\n", "E001"),
    "stray_closers": (b")}" * 5000, "E001"),
    "empty": (b"", None),
    "only_comments": (b"# nothing here\n#\n   # indented\n", None),
    "only_blank_lines": (b"\n\n\r\n \t \n;;;\n", None),
    "bom_only": (b"\xef\xbb\xbf", None),
}
