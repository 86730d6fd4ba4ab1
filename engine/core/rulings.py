"""House rulings: where a rulebook is ambiguous or contradicts itself, the
group at the table chooses the reading.

A game declares its rulings (games/<id>/rules/rulings.py) and returns them from
its ruleset's `rulings()`.  The chosen readings live in the match setup as
`setup.options["rulings"] = {ruling_id: reading_key}`, so saves and replays
keep them; the rules ask `reading(state, ruling_id)`.  Our own reading (the
one written in docs/games/<game>.md) is each ruling's default.
Headless, pure: no pygame, no file I/O.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.rules import Event, Setup

if TYPE_CHECKING:
    from engine.core.game import Game


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the text: a key, what it means in play, the sentence it rests on."""
    key: str
    summary: str
    rests_on: str
    default: bool = False


@dataclass(frozen=True, slots=True)
class Ruling:
    """A question the rulebook leaves open, with the readings a group may choose."""
    id: str                     # "<game>.<name>", unique over all games
    game: str
    section: str                # "dragonbond.txt § Turn Counter"
    question: str
    readings: tuple[Reading, ...]

    @property
    def default(self) -> str:
        return next(r.key for r in self.readings if r.default)

    def get(self, key: str) -> Reading:
        return next(r for r in self.readings if r.key == key)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "section": self.section, "question": self.question,
                "default": self.default,
                "readings": [{"key": r.key, "summary": r.summary, "rests_on": r.rests_on,
                              "default": r.default} for r in self.readings]}


_KNOWN: dict[str, Ruling] = {}


def define(ruling: Ruling) -> Ruling:
    """Declare a ruling (at import time of a game's rulings module)."""
    keys = [r.key for r in ruling.readings]
    if len(keys) < 2 or len(set(keys)) != len(keys) or sum(r.default for r in ruling.readings) != 1:
        raise ValueError(f"ruling {ruling.id}: needs two or more distinct readings, exactly one default")
    if not ruling.id.startswith(ruling.game + "."):
        raise ValueError(f"ruling {ruling.id}: its id must start with '{ruling.game}.'")
    _KNOWN[ruling.id] = ruling
    return ruling


def reading(options_or_state: Any, ruling_id: str) -> str:
    """The reading chosen for a ruling in this match (its default when none was chosen)."""
    options = options_or_state if isinstance(options_or_state, dict) else \
        getattr(options_or_state, "options", None) or {}
    chosen = options.get("rulings")
    if isinstance(chosen, dict) and ruling_id in chosen:
        key: str = chosen[ruling_id]        # a reading's key (resolve checked the setup's)
        return key
    return _KNOWN[ruling_id].default


def ruling_problems(rulings: list[Ruling], chosen: Any) -> list[tuple[str | None, str]]:
    """(ruling id or None, what is wrong) for each mistake in a choice of readings."""
    if chosen is None:
        return []
    if not isinstance(chosen, dict):
        return [(None, "expected a mapping of ruling id to reading")]
    by_id = {r.id: r for r in rulings}
    out = []
    for rid, key in chosen.items():
        ruling = by_id.get(rid) if isinstance(rid, str) else None
        if ruling is None:
            out.append((rid if isinstance(rid, str) else None, f"unknown ruling {str(rid)[:80]!r} (known: {', '.join(by_id) or 'none'})"))
        elif not isinstance(key, str) or key not in [r.key for r in ruling.readings]:
            out.append((rid, f"ruling {rid} ({ruling.section}) has no reading {str(key)[:80]!r} "
                             f"(known: {', '.join(r.key for r in ruling.readings)})"))
    return out


def resolve(rulings: list[Ruling], chosen: Any) -> dict[str, str]:
    """Every ruling's reading, defaults filled in; ValueError naming the ruling for a mistake."""
    problems = ruling_problems(rulings, chosen)
    if problems:
        raise ValueError("options.rulings: " + "; ".join(p for _, p in problems))
    out = {r.id: r.default for r in rulings}
    out.update(chosen or {})
    return out


def rulings_of(rules: Game) -> list[Ruling]:
    """A game's rulings (Game.rulings: none by default)."""
    return list(rules.rulings())


def apply_to_setup(rules: Game, setup: Setup) -> None:
    """Fill the setup's readings in place (defaults for those not chosen)."""
    rulings = rulings_of(rules)
    if not rulings and "rulings" not in setup.options:
        return
    setup.options["rulings"] = resolve(rulings, setup.options.get("rulings"))


def header_event(rules: Game, setup: Setup) -> Event | None:
    """The log header line naming every reading that is not the default, or None."""
    chosen = setup.options.get("rulings") or {}
    lines = []
    for r in rulings_of(rules):
        key = chosen.get(r.id, r.default)
        if key != r.default:
            lines.append(f"{r.question} -> {r.get(key).summary}")
    if not lines:
        return None
    return Event("rulings", "House rulings: " + "; ".join(lines),
                 ", ".join(r.section for r in rulings_of(rules) if chosen.get(r.id, r.default) != r.default),
                 depth=0, data={"rulings": {k: v for k, v in chosen.items()}})


def describe(rulings: list[Ruling]) -> str:
    """The rulings in words, for `main.py rulings GAME`."""
    if not rulings:
        return ("No house rulings: this game's text leaves nothing open that we offer a choice on. In play, a "
                "single refusal can still be allowed with a note the table agrees on (Allow anyway, Ctrl+O).")
    out = []
    for r in rulings:
        out.append(f"{r.id}  ({r.section})\n  {r.question}")
        for rd in r.readings:
            mark = "*" if rd.default else " "
            out.append(f"  {mark} {rd.key}: {rd.summary}\n      rests on: \"{rd.rests_on}\"")
    out.append("(* marks our reading, the default; set others with setup.options.rulings in a script)")
    out.append("In play, a single refusal can also be allowed with a note the table agrees on "
               "(Allow anyway, Ctrl+O; engine/core/overrides.py).")
    return "\n".join(out)
