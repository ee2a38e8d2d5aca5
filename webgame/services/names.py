"""Names a person types and others see: display names and table names.

A name is printable text of a bounded length. PostgreSQL cannot store a NUL byte in text at all,
and the other control characters (tabs, line breaks, escape codes) and the invisible direction
overrides, which can make a name read backwards, have no place in a name shown to other
players. Such names are refused in plain words, never stored or silently changed.
"""

from __future__ import annotations

import unicodedata

# Control characters, lone surrogates, line and paragraph separators, and invisible format
# characters (direction marks and overrides, zero-width spaces, byte-order marks)...
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Cf"})
# ...except the joiners and tag characters that emoji sequences are made of.
_EMOJI_PARTS = frozenset("\u200c\u200d") | frozenset(chr(c) for c in range(0xE0020, 0xE0080))


def is_clean(text: str) -> bool:
    """Whether ``text`` holds only characters a name may show."""
    return not any(unicodedata.category(ch) in _REFUSED_CATEGORIES and ch not in _EMOJI_PARTS
                   for ch in text)


def clean_name(raw: str | None, *, what: str, longest: int) -> str:
    """``raw`` without surrounding spaces, in its composed (NFC) form; ValueError in plain words
    when it holds a character no name may show (anywhere, ends included: a browser's text box
    sends none) or is longer than ``longest`` characters. An empty name stays empty: the caller
    decides what an empty field means."""
    text = unicodedata.normalize("NFC", raw or "")
    if not is_clean(text):
        raise ValueError(f"{what} has a character that cannot be shown, such as a tab, a line break "
                         "or an invisible code. Please type it again.")
    text = text.strip()
    if len(text) > longest:
        raise ValueError(f"{what} can be at most {longest} characters long.")
    return text
