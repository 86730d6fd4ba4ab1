"""Small helpers for the sentences the rules write to players."""
from __future__ import annotations


def possessive(name: str) -> str:
    """ "Regular Longbows'", "King Aldric's": the owner form of a name (a name
    ending in s takes only the apostrophe)."""
    return name + ("'" if name.endswith("s") else "'s")
