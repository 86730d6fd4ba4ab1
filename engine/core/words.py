"""Small helpers for the sentences the rules write to players."""
from __future__ import annotations


def possessive(name: str) -> str:
    """ "Regular Longbows'", "King Aldric's": the owner form of a name (a name
    ending in s takes only the apostrophe)."""
    return name + ("'" if name.endswith("s") else "'s")


def a_or_an(word: str) -> str:
    """ "an Earth space", "a Fire space": the indefinite article a word takes
    (by its first letter, which is right for the names the games use)."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


_PLURALS = {"die": "dice", "Success": "Successes", "success": "successes", "casualty": "casualties"}


def count(n: int, word: str, plural: str | None = None) -> str:
    """"1 die", "3 dice", "1 Success", "0 Successes", "1 tile": a number and
    its noun, singular for exactly one."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural or _PLURALS.get(word) or word + 's'}"


# the setup line of a prepared position (a lesson's, a script's): no set-up rules ran, nothing to cite
PREPARED_POSITION = "A prepared position: every piece starts where this lesson or example puts it, so the usual set-up is skipped"
