"""Building an army list step by step: the army builder scene's model,
headless so tests drive it (engine/ui/scenes/army_builder.py draws it).

Every change is checked at once with the game's own rules
(`army_lists.problems_of`): a pick or a choice that would break a rule the
list does not already break is refused, with the reason and the rule, and
the list is left as it was (a list still too small is no reason to
refuse: `ArmyProblem.incomplete`).  Changing a list field (faction, battle size)
is never refused; what it breaks is shown.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engine.core.army_lists import ArmyList, ArmyProblem, ArmyRules, Pick, problems_of, save_list


class ListBuilder:
    def __init__(self, rules: ArmyRules, army_list: ArmyList | None = None) -> None:
        self.rules = rules
        self.catalog = rules.army_catalog()
        if army_list is None:
            fields = {s.key: (s.options[0].id if s.required and s.options else None) for s in self.catalog.fields}
            army_list = ArmyList(rules.game_id, "My army", {k: v for k, v in fields.items() if v is not None})
        self.list = army_list.with_changes(path="", data=None)
        self._problems: list[ArmyProblem] | None = None
        self._refusals: dict[str, ArmyProblem | None] = {}

    # ---- what is wrong -------------------------------------------------------------------
    def problems(self) -> list[ArmyProblem]:
        if self._problems is None:
            self._problems = problems_of(self.list, self.rules)
        return self._problems

    def legal(self) -> bool:
        return not self.problems()

    def summary(self) -> str:
        try:
            said = self.rules.army_summary(self.list)
        except (KeyError, TypeError, ValueError):      # a list being built may be half made
            said = ""
        if said:
            return said
        pts = sum(p.points for p in (self.catalog.pick(e.get(self.catalog.entry_key)) for e in self.list.entries)
                  if p is not None)
        return f"{pts} points, {len(self.list.entries)} entries"

    def _new_problem(self, candidate: ArmyList) -> ArmyProblem | None:
        """The first problem `candidate` has that the list has not (one
        that only says the list is not complete yet never counts)."""
        def key(p: ArmyProblem) -> tuple[str, str]:
            return (p.reason, p.rule)
        before = Counter(key(p) for p in self.problems())
        for p in problems_of(candidate, self.rules):
            if p.incomplete:
                continue
            if before[key(p)] > 0:
                before[key(p)] -= 1
            else:
                return p
        return None

    def _set(self, candidate: ArmyList) -> None:
        self.list = candidate
        self._problems = None
        self._refusals = {}

    # ---- picks ---------------------------------------------------------------------------
    def picks(self) -> list[Pick]:
        return self.catalog.picks_for(self.list)

    def _entry_for(self, pick: Pick) -> dict[str, str | int]:
        """A new entry of `pick`: each required choice the first that breaks no rule."""
        entry: dict[str, str | int] = {self.catalog.entry_key: pick.id}
        for slot in pick.slots:
            if slot.options:
                if not slot.required:
                    continue
                entry[slot.key] = slot.options[0].id
                for o in slot.options:
                    trial = dict(entry, **{slot.key: o.id})
                    if self._new_problem(self.list.with_changes(entries=self.list.entries + (trial,))) is None:
                        entry[slot.key] = o.id
                        break
            else:
                entry[slot.key] = slot.least
        return entry

    def refusal_to_add(self, pick_id: str) -> ArmyProblem | None:
        """Why adding this pick would break a rule (None: it may be added)."""
        if pick_id not in self._refusals:
            pick = self.catalog.pick(pick_id)
            if pick is None:
                self._refusals[pick_id] = ArmyProblem(f"unknown {self.catalog.entry_key} {pick_id!r}")
            else:
                cand = self.list.with_changes(entries=self.list.entries + (self._entry_for(pick),))
                self._refusals[pick_id] = self._new_problem(cand)
        return self._refusals[pick_id]

    def add(self, pick_id: str) -> ArmyProblem | None:
        """Add a pick, or the refusal (the list unchanged)."""
        why = self.refusal_to_add(pick_id)
        if why is not None:
            return why
        pick = self.catalog.pick(pick_id)
        assert pick is not None                 # refusal_to_add refuses an unknown pick
        self._set(self.list.with_changes(entries=self.list.entries + (self._entry_for(pick),)))
        return None

    def remove(self, index: int) -> None:
        entries = list(self.list.entries)
        del entries[index]
        self._set(self.list.with_changes(entries=tuple(entries)))

    def pick_of(self, index: int) -> Pick | None:
        e = self.list.entries[index]
        return self.catalog.pick(e.get(self.catalog.entry_key)) if isinstance(e, dict) else None

    def set_choice(self, index: int, key: str, value: Any) -> ArmyProblem | None:
        """Change one choice of an entry (a captain, a count), or the refusal."""
        entries = [dict(e) for e in self.list.entries]
        entries[index][key] = value
        cand = self.list.with_changes(entries=tuple(entries))
        why = self._new_problem(cand)
        if why is None:
            self._set(cand)
        return why

    def cycle_choice(self, index: int, key: str, step: int = 1) -> ArmyProblem | None:
        """The next option (or number) of an entry's choice that breaks no
        rule; when every one would, the refusal of the next one."""
        pick = self.pick_of(index)
        slot = next((s for s in pick.slots if s.key == key), None) if pick else None
        if slot is None:
            return ArmyProblem(f"no choice {key!r} here")
        cur = self.list.entries[index].get(key)
        if slot.options:
            ids = [o.id for o in slot.options] + ([] if slot.required else [None])
            i = ids.index(cur) if cur in ids else -1
            order = [ids[(i + step * k) % len(ids)] for k in range(1, len(ids) + 1)]
        else:
            lo, hi = slot.least, slot.most or slot.least
            now = cur if isinstance(cur, int) else lo
            order = [min(hi, max(lo, now + step))]
        first = None
        for v in order:
            if v == cur:
                continue
            why = self.set_choice(index, key, v)
            if why is None:
                return None
            first = first or why
        return first

    # ---- the list's own fields -----------------------------------------------------------
    def set_field(self, key: str, value: Any) -> None:
        fields = dict(self.list.fields)
        if value is None:
            fields.pop(key, None)
        else:
            fields[key] = value
        self._set(self.list.with_changes(fields=fields))

    def cycle_field(self, key: str, step: int = 1) -> None:
        slot = self.catalog.field_slot(key)
        if slot is None:
            raise KeyError(f"no list field {key!r}")
        ids = [o.id for o in slot.options] + ([] if slot.required else [None])
        cur = self.list.fields.get(key)
        i = ids.index(cur) if cur in ids else -1
        self.set_field(key, ids[(i + step) % len(ids)])

    def rename(self, name: str) -> None:
        self._set(self.list.with_changes(name=name.strip() or "My army"))

    def save(self, folder: str | Path | None = None) -> Path:
        """Write the list under the user's folder; ValueError when it breaks a rule."""
        if not self.legal():
            p = self.problems()[0]
            raise ValueError(f"the list is not legal yet: {p}")
        return save_list(self.list, folder, header=f"{self.list.name}: {self.summary()}.\n"
                                                  "Built in Warbench's army builder; share it freely.")
