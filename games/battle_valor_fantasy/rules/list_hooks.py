"""The ruleset's army-list hooks for the shared mechanism
(engine/core/army_lists.py): what a Battle Valor Fantasy list may hold
(`army_catalog`: picks, choices with their points, the list's fields), its
problems with their rules (`army_problems`), its points (`army_summary`);
and the shared checks on a file without the registry (`list_problems`).
The format and its reading: roster.py.  Decisions:
docs/games/battle_valor_fantasy.md § Army lists.
"""
from __future__ import annotations

from pathlib import Path

from engine.core.army_lists import ArmyCatalog, ArmyProblem, Option, Pick, Slot, describe_problem, from_data
from engine.core.army_lists import problems_of as shared_problems_of
from engine.core.catalog import DataError
from games.battle_valor_fantasy.rules.army import R_CHARACTERS, R_COST, R_LIMITS, R_MUST, R_POINTS, R_SIZES
from games.battle_valor_fantasy.rules.defs import EXPERIENCES
from games.battle_valor_fantasy.rules.roster import ENTRY_KEY, GAME, judge, load_roster_yaml, summary

SIZES = tuple(range(500, 3001, 250))          # game sizes a list may be built for
LEVELS = ("regular", "veteran", "elite")


# ---- what a list may hold --------------------------------------------------------

def army_catalog(cat) -> ArmyCatalog:
    """The picks (every bestiary troop and every character but the General),
    their choices with points, and the list's fields."""
    races = tuple(Option(r.id, r.name, f"{r.attribute}: {r.text}") for r in cat.races.values())
    race_slot = Slot("race", "Race", races, text="A unit of another race than the General's is an ally: it "
                     "does not share the race attribute (battle_valor_fantasy.txt § Introduction).")
    picks = []
    for tid, t in cat.troops.items():
        ut = cat.unit_types[t.unit_type]
        exp = tuple(Option(e, cat.experience[e].name, cat.experience[e].text, ut.cost.of(e)) for e in EXPERIENCES)
        slots = [Slot("stands", "Stands", least=ut.min_stands, most=ut.max_stands,
                      text=f"{ut.name}: at least {ut.min_stands} stands (§ Unit Sizes)."),
                 Slot("experience", "Experience", exp, required=True, text="Points per stand (§ The Cost of Things).")]
        weapons = tuple(Option(w, cat.weapons[w].name, cat.weapons[w].text, cat.weapons[w].cost) for w in t.weapons)
        if len(weapons) > 1:
            slots.append(Slot("weapon", "Weapon", weapons, required=True, text="Points per stand."))
        if t.missile != "never":
            missiles = tuple(Option(w.id, w.name, w.text, w.cost) for w in cat.weapons.values() if w.kind == "missile")
            slots.append(Slot("missile", "Missile weapon", missiles, required=t.missile == "required",
                              text="Missile weapons are free (§ The Cost of Things)."))
        if t.armour:
            armour = tuple(Option(a.id, a.name, f"{a.rerolls} rerolls", a.cost) for a in cat.armour.values())
            slots.append(Slot("armour", "Armour", armour, text="Points per stand."))
        if t.shields:
            slots.append(Slot("shields", "Shields", most=1, text="Free; not with double handed weapons or pikes. "
                              "Needed for a Shield Wall (§ Shield Wall)."))
        if t.mount:
            mounts = tuple(Option(m.id, m.name, ", ".join(m.rules), m.cost) for m in cat.mounts.values())
            slots.append(Slot("mount", "Mount", mounts, required=True, text="Points per stand over the cavalry "
                              "cost (our prices: the text's are lost)."))
        independent = any(e.independent for _, _, e in cat.effects(t.rules))
        if ut.max_stands > 1 and not independent:
            slots.append(Slot("command", "Command stand", most=1, text="10 points: leader, musician, standard. "
                              "Without one a unit cannot charge (§ Introduction)."))
        slots.append(race_slot)
        # the points shown are a stand's at the experience a new entry starts with (the first: Levy); the
        # Regular price shown over a Levy entry read as a wrong sum ("6 pts", then 4 stands for 12)
        picks.append(Pick(tid, t.name, ut.name, ut.cost.of(EXPERIENCES[0]), text=_troop_text(cat, tid),
                          slots=tuple(slots)))
    for cid, c in cat.characters.items():
        if cid == "general":
            continue
        levels = tuple(Option(lv, lv.title(), "", c.cost.of(lv)) for lv in LEVELS if c.cost.of(lv) is not None)
        char_slots = (Slot("experience", "Experience", levels, required=True),
                      Slot("with", "Starts with unit", least=1 if c.attach == "required" else 0, most=80,
                           text="The entry number of the unit it starts attached to (0: on its own)."),
                      race_slot)
        picks.append(Pick(cid, c.name, "Character", c.cost.regular, text=c.text, slots=char_slots))
    fields = (Slot("points", "Game size", tuple(Option(s, f"{s} points") for s in SIZES), required=True,
                   text="The army may cost up to this (§ Points)."),
              Slot("race", "General's race", races, required=True,
                   text="Each race has an attribute; an alliance uses only the General's, for his race's troops."),
              Slot("general", "General's name", text="Every army gets one General, free (§ Generals)."),
              Slot("limitations", "Limitations", (Option("playtest", "Playtest limitations",
                                                         "Per 1000 points: 2 Wizards, 1 Elite, 2 Veteran, 4 Regular "
                                                         "and at least 1 Levy unit, 2 Shock, Flier, Monstrous, War "
                                                         "Machine units (§ Limitations)."),),
                   text="Build to the author's playtest limitations (an option)."),
              Slot("author", "Author"), Slot("text", "Notes"))
    limits = ("One, and only one, General; two Infantry units (" + R_MUST + ")",
              "Units of at least 4 stands (infantry, cavalry, animal packs, heavy infantry), 5 (line breakers), "
              "3 (shock troops, fliers, chariots); monsters and war machines alone (" + R_SIZES + ")",
              "No second of a character type before one of each (" + R_CHARACTERS + ")",
              "The army costs no more than the game size (" + R_POINTS + "; " + R_COST + ")",
              "Optional: the playtest limitations per 1000 points (" + R_LIMITS + ")")
    return ArmyCatalog(GAME, ENTRY_KEY, tuple(picks), fields, limits=limits,
                       text="Pay points per stand for experience, weapons and armour; a command stand costs 10, "
                            "the General nothing.")


def _troop_text(cat, tid: str) -> str:
    t = cat.troops[tid]
    ut = cat.unit_types[t.unit_type]
    base = cat.base_of(tid)
    attacks = "attacks = current MR" if t.attacks == "current_mr" else f"{t.attacks} attacks per stand"
    rules = ", ".join(cat.special_rules[r.split()[0]].name + (" " + r.split()[1] if len(r.split()) > 1 else "")
                      for r in t.rules)
    mr = t.mr or ut.mr
    return f"MR {mr:g}, {attacks}, {base.name} bases" + (f"; {rules}" if rules else "") + (
        f". {t.text}" if t.text else "")


def _plain(army_list) -> dict:
    return army_list.to_dict() if hasattr(army_list, "to_dict") else dict(army_list)


def army_problems(cat, army_list, options=None) -> list[ArmyProblem]:
    """Every way a shared-format list breaks the army rules (the shared
    mechanism has already refused unknown fields, picks and options, and
    reports a missing game size or race itself)."""
    return [ArmyProblem(p.reason, p.rule, p.where, getattr(p, "incomplete", False))
            for p in judge(cat, _plain(army_list), options)]


def army_summary(cat, army_list) -> str:
    """"495 / 500 points, 9 units, 1 character"."""
    return summary(cat, _plain(army_list))


def load_list(path: str | Path):
    """A list file as the shared `ArmyList` (file and lines kept), its size
    bounded first; DataError (`file:line: field: what`) if it is not one."""
    return from_data(load_roster_yaml(path), str(path))


class _Hooks:
    """The ruleset's list hooks over a given catalog, for the shared checks
    without the registry."""
    game_id = GAME
    title = "Battle Valor Fantasy"
    army_lists = True

    def __init__(self, cat, options=None):
        self.cat, self.options = cat, options

    def army_catalog(self):
        return army_catalog(self.cat)

    def army_problems(self, army_list):
        return army_problems(self.cat, army_list, self.options)

    def army_summary(self, army_list) -> str:
        return army_summary(self.cat, army_list)


def problems_of(cat, army_list, options=None) -> list[ArmyProblem]:
    """The shared checks (fields, picks, options, numbers), then the army
    rules on what is sound: exactly what `main.py check` reports."""
    if army_list.game != GAME:
        return [ArmyProblem(f"this list is for {army_list.game!r}, not {GAME!r}", "", ("game",))]
    return shared_problems_of(army_list, _Hooks(cat, options))


def list_problems(cat, path: str | Path, options=None) -> list[str]:
    """`file:line: field: reason (rule)` for every problem of a list file.
    Never raises."""
    try:
        al = load_list(path)
    except DataError as e:
        return list(e.problems)
    return [describe_problem(al, p) for p in problems_of(cat, al, options)]
