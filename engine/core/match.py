"""A match: state, action log, seeded dice, undo, autosave, load and replay.

The Match is the only caller of a ruleset's `apply`.  Replaying a save runs
exactly the code live play ran.  Undo keeps snapshots back to the last
chance event (a die roll or a hidden-information reveal), never past it, so
no player can fish for a better roll.

Undo belongs to the player who acted: `undo(player)` steps back only
through that player's own decisions (and the computer seats' moves after
them) and never restores a position where another person was to decide,
so at a shared screen nobody takes back, or looks into, someone else's
turn.  `undo_refusal(player)` says why not.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from engine.core import data_folder, ending, guided, malformed, overrides, registry, rulings
from engine.core.actions import Action
from engine.core.dice import Dice, DiceExhausted, DiceState, ScriptedDice, SeededDice
from engine.core.limits import cut, cut_text
from engine.core.overrides import Override, OverrideRefused
from engine.core.rules import Event, Illegal, Outcome, Setup
from engine.core.saves import (SAVE_FORMAT, ActionDict, ReplayStopped, SaveData, SaveError, action_line, atomic_write,
                               filed_path, mark_private, read_save, unmark_private, validate_save)

if TYPE_CHECKING:
    from engine.core.locks import GameLock


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


@dataclass(frozen=True)
class Snapshot:
    """The position before one action, for undo."""
    state: Any                # the game's own state (any game's)
    dice: DiceState
    actions: int              # len(actions) before
    log: int                  # len(log) before
    decider: int              # who was to decide in this position


@dataclass
class LogEntry:
    action: Action | None          # None for setup events
    player: int
    text: str
    events: list[Event] = field(default_factory=list)
    override: Override | None = None   # allowed by the group against a refusal (engine/core/overrides.py)


class Summary(TypedDict):
    """What a list of games shows of a match without replaying it (a save's "summary")."""
    players: list[str]
    round: Any                # the game's round, if its state has one
    actions: int
    to_act: str | None
    finished: bool
    result: str | None
    winners: list[str] | None


class Match:
    def __init__(self, setup: Setup, dice: Dice | None = None, autosave_path: str | Path | None = None):
        self.rules = registry.get(setup.game)
        self.setup = setup
        low, high = self.rules.min_players, self.rules.max_players
        if type(setup.players) is not int or not low <= setup.players <= high:
            # no game a save of it could not resume (saves.validate_save refuses these counts)
            raise ValueError(f"{self.rules.title} is for {low} players, not {cut(setup.players)}" if low == high else
                             f"{self.rules.title} is for {low} to {high} players, not {cut(setup.players)}")
        self.dice = dice if dice is not None else SeededDice(setup.seed)
        self.autosave_path = Path(autosave_path) if autosave_path else None
        rulings.apply_to_setup(self.rules, setup)       # ValueError naming a ruling the game lacks
        self.state, events = self.rules.initial_state(guided.for_rules(setup), self.dice)   # a guided game's position
        header = rulings.header_event(self.rules, setup)
        if header is not None:
            events = [header, *events]
        self.actions: list[Action] = []
        self.overrides: dict[int, Override] = {}     # index in actions -> the group's override
        self.reasons: dict[int, str] = {}            # index in actions -> a computer seat's reason for it
        self.log: list[LogEntry] = [LogEntry(None, -1, "Setup", events)]
        self._undo: list[Snapshot] = []
        self.listeners: list[Callable[[LogEntry], None]] = []      # told of each entry (the UI)
        self.autosave_error: str | None = None   # why the last autosave failed (None: it worked)
        self._replaying = False               # load() is replaying the file: no undo snapshots
        self.ended: Outcome | None = None    # a concession or an agreed draw (engine/core/ending.py)
        self.recovered: tuple[int, int, str] | None = None  # (index, total, reason): loaded up to an action that no longer replays
        self.lock: GameLock | None = None    # this window's hold on the game (engine/core/locks.py), if any
        self.origin: dict[str, str] | None = None      # a copy: {"copy_of": what, "loaded": when} (sessions.load_as_new)
        self.unsaved = 0                     # actions and undos since the game was last written anywhere
        self.rescue_path: Path | None = None  # where the player saved it while the autosave failed

    # --- play -------------------------------------------------------------
    def to_act(self) -> int:
        return self.rules.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        if self.outcome() is not None:
            return []
        return self.rules.legal_actions(self.state)

    def check(self, action: Action) -> Illegal | None:
        if self.outcome() is not None:
            return Illegal("The game is over.")
        if ending.is_ending(action):
            return ending.check(action, self.setup.players)
        return self.rules.check(self.state, action)

    def outcome(self) -> Outcome | None:
        if self.ended is not None:
            return self.ended
        return self.rules.outcome(self.state)

    def end_by_agreement(self, action: Action, autosave: bool = True) -> list[Event]:
        """A concession or an agreed draw: judged by the engine, not the game;
        no undo past it."""
        self.ended, event = ending.outcome(action, self.setup.players,
                                           lambda q: self.rules.player_name(self.state, q))
        self.actions.append(action)
        entry = LogEntry(action, action.player, event.text, [event])
        self.log.append(entry)
        self._undo.clear()
        if autosave and self.autosave_path is not None:
            self.autosave()
        for fn in self.listeners:
            fn(entry)
        return [event]

    def submit(self, action: Action, autosave: bool = True) -> list[Event]:
        """Apply a legal action; raises Illegal (state untouched) otherwise."""
        refusal = self.check(action)
        if refusal is not None:
            raise refusal
        if ending.is_ending(action):
            return self.end_by_agreement(action, autosave)
        # replaying a save takes no undo snapshots (a clone per action made loading slow);
        # undo after loading starts from the loaded position
        snapshot = None if getattr(self, "_replaying", False) else \
            Snapshot(self.rules.clone(self.state), self.dice.getstate(), len(self.actions), len(self.log),
                     self.to_act())
        rolled_before = self.dice.rolled
        events = self.rules.apply(self.state, action, self.dice)
        return self._record(action, events, snapshot, rolled_before, autosave)

    def _record(self, action: Action, events: list[Event], snapshot: Snapshot | None, rolled_before: int, autosave: bool,
                override: Override | None = None) -> list[Event]:
        """Log an applied action, keep its undo snapshot (none past a die
        roll or a reveal), autosave and tell the listeners."""
        if override is not None:
            self.overrides[len(self.actions)] = override
            events = [overrides.event(override, [self._name(p) for p in range(self.setup.players)]), *events]
        self.actions.append(action)
        try:
            text = self.rules.describe(self.state, action)
        except Exception:  # noqa: BLE001 - a description of an overridden action may not fit the rules
            if override is None:
                raise
            text = str(action)
        entry = LogEntry(action, action.player, text, events, override)
        self.log.append(entry)
        barrier = self.dice.rolled != rolled_before or any(e.kind == "reveal" for e in events)
        if barrier:
            self._undo.clear()
        elif snapshot is not None:
            self._undo.append(snapshot)
        if autosave and self.autosave_path is not None:
            self.autosave()
        for fn in self.listeners:
            fn(entry)
        return events

    # --- overrides (engine/core/overrides.py) --------------------------------
    def humans(self) -> list[int]:
        return [p for p in range(self.setup.players) if not self.is_computer(p)]

    def override_refusal(self, action: Action) -> Illegal:
        """The rules' refusal of `action` when the group may override it;
        OverrideRefused saying why not otherwise."""
        where = overrides.forbidden_in()
        if where:
            raise OverrideRefused(f"{where} plays by the rules as written: it never uses overrides.")
        return self._overridable(action)

    def _overridable(self, action: Action) -> Illegal:
        """override_refusal's checks of the action itself (a save's
        overrides pass them on replay, as the live game asked them)."""
        if self.outcome() is not None:
            raise OverrideRefused("The game is over.")
        if ending.is_ending(action):
            raise OverrideRefused("A concession or an agreed draw needs no override.")
        if self.is_computer(action.player):
            raise OverrideRefused("Computer seats never ask for overrides.")
        if action.player != self.to_act():
            raise OverrideRefused(f"Only the player to decide now ({self._name(self.to_act())}) may ask "
                                  "to allow an action.")
        refusal = self.check(action)
        if refusal is None:
            raise OverrideRefused("The rules allow this action: play it, no override is needed.")
        if not refusal.rule:
            raise OverrideRefused(f"This refusal cites no rule ({refusal.reason}): there is no reading of the "
                                  "rules to overrule.")
        any_time = self.rules.override_any_time()
        if action.kind not in any_time and \
                not any(a.kind == action.kind and a.player == action.player for a in self.legal_actions()):
            raise OverrideRefused(f"An override changes how an action is done, never when: the rules offer "
                                  f"no {action.kind.replace('_', ' ')} action to {self._name(action.player)} "
                                  f"now ({refusal.reason})")
        problem = self.rules.override_problem(self.state, action, refusal)
        if problem:
            raise OverrideRefused(problem)
        return refusal

    def override_preview(self, action: Action, prefix: tuple[Action, ...] = ()) -> Illegal:
        """override_refusal, and whether the rules can carry the action out
        (tried on a copy, the dice put back): the screen asks before it
        troubles everyone at the table.  `prefix`: legal actions played
        first (a unit activated before its refused move), on the copy too."""
        if not prefix:
            refusal = self.override_refusal(action)
            overrides.dry_run(self.rules, self.state, action, self.dice)
            return refusal
        live, dice_before = self.state, self.dice.getstate()
        try:
            self.state = self.rules.clone(live)
            for a in prefix:
                refused = self.check(a)
                if refused is not None:
                    raise OverrideRefused(f"The action before it is refused: {refused}")
                self.rules.apply(self.state, a, self.dice)
            refusal = self.override_refusal(action)
            overrides.dry_run(self.rules, self.state, action, self.dice)
            return refusal
        finally:
            self.state = live
            self.dice.setstate(dice_before)

    def override(self, action: Action, note: str, confirmed_by: Iterable[int], autosave: bool = True) -> list[Event]:
        """Allow one refused action with the group's note.  Every human seat
        must be in `confirmed_by`.  OverrideRefused (nothing changed) when
        it may not be overridden or the rules cannot carry it out."""
        refusal = self.override_refusal(action)
        note = overrides.clean_note(note)
        agreed = self._agreement(confirmed_by)
        return self._apply_override(action, Override(note, refusal.reason, refusal.rule, agreed), autosave)

    def _agreement(self, confirmed_by: Iterable[int]) -> tuple[int, ...]:
        """The seats that confirmed, when they are every human seat and no
        computer seat; OverrideRefused otherwise."""
        agreed = tuple(sorted(set(confirmed_by)))
        missing = [p for p in self.humans() if p not in agreed]
        if missing:
            raise OverrideRefused("Every player at the table must agree to an override; not yet: "
                                  + ", ".join(self._name(p) for p in missing) + ".")
        if any(self.is_computer(p) or not 0 <= p < self.setup.players for p in agreed):
            raise OverrideRefused("Only the players at the table confirm an override; computer seats never do.")
        return agreed

    def _apply_override(self, action: Action, override: Override, autosave: bool) -> list[Event]:
        """Carry an override out (live, or replayed from a save without
        checking legality again).  The state before is the undo snapshot as
        it is: the action is applied to a copy."""
        decider = self.to_act()
        dice_before = self.dice.getstate()
        rolled_before = self.dice.rolled
        new_state, events = overrides.try_apply(self.rules, self.state, action, self.dice)
        snapshot = None if getattr(self, "_replaying", False) else \
            Snapshot(self.state, dice_before, len(self.actions), len(self.log), decider)
        self.state = new_state
        return self._record(action, events, snapshot, rolled_before, autosave, override)

    def play_recorded(self, step: Action | Recorded, autosave: bool = False) -> list[Event]:
        """One recorded step of a save (an Action, or a Recorded with its
        override): played exactly as it was.  A save is trusted no further
        than the table: its override must be one the live game could have
        granted here (asked by the person to act, of a refusal citing a
        rule, agreed by every human seat), else OverrideRefused."""
        if isinstance(step, Recorded):
            if step.override is not None:
                self._overridable(step.action)
                self._agreement(step.override.confirmed_by)
                return self._apply_override(step.action, step.override, autosave)
            events = self.submit(step.action, autosave=autosave)
            self.explain_last(step.why)
            return events
        return self.submit(step, autosave=autosave)

    def is_computer(self, player: int) -> bool:
        seats = self.setup.seats
        return 0 <= player < len(seats) and (seats[player] or "human") != "human"

    def _undo_plan(self, player: int | None) -> tuple[int, str]:
        """How many snapshots `player`'s undo pops (0: refused) and why not.
        The player must be the person to decide now (computer seats to act
        are passed over).  Walking back from the newest, computer seats'
        positions are passed through; the first position where `player`
        was to decide is the target; one where another person was to
        decide stops it (a handoff: that is their decision)."""
        try:
            now = self.to_act()
        except Exception:  # noqa: BLE001 - a finished game may have no one to act
            now = -1
        if player is None:
            player = now
        if now >= 0 and now != player and not self.is_computer(now) and self.outcome() is None:
            who = self._name(now)
            return 0, f"It is {_possessive(who)} decision now: only {who} may undo."
        if not self._undo:
            if not self.actions:
                return 0, "Nothing to undo yet."
            return 0, "Nothing to undo: undo stops at the last die roll or revealed card."
        for depth, snap in enumerate(reversed(self._undo), 1):
            if snap.decider == player:
                return depth, ""
            if self.is_computer(snap.decider):
                continue
            who = self._name(snap.decider)
            return 0, f"Undo cannot take back {_possessive(who)} decision: only your own, since the last handoff."
        return 0, "Nothing to undo: undo stops at the last die roll or revealed card."

    def _name(self, player: int) -> str:
        try:
            return self.rules.player_name(self.state, player)
        except Exception:  # noqa: BLE001 - a name is only for the message
            return f"Player {player + 1}"

    def undo_refusal(self, player: int | None = None) -> str | None:
        """None when `player` (default: the one to act) may undo, else why not."""
        depth, why = self._undo_plan(player)
        return None if depth else why

    def can_undo(self, player: int | None = None) -> bool:
        return self._undo_plan(player)[0] > 0

    def undo(self, player: int | None = None) -> bool:
        """Take back `player`'s last decision (and any computer moves after
        it); False, changing nothing, when undo_refusal says why not."""
        depth, _ = self._undo_plan(player)
        if not depth:
            return False
        snap = self._undo[-depth]
        del self._undo[-depth:]
        self.state = snap.state
        self.dice.setstate(snap.dice)
        del self.actions[snap.actions:]
        for i in [i for i in self.overrides if i >= snap.actions]:
            del self.overrides[i]
        for i in [i for i in self.reasons if i >= snap.actions]:
            del self.reasons[i]
        del self.log[snap.log:]
        if self.autosave_path is not None:
            self.autosave()
        return True

    # --- saves ------------------------------------------------------------
    def to_save(self) -> SaveData:
        return {
            "format": SAVE_FORMAT,
            "data_version": self.rules.data_version,
            "setup": self.setup.to_dict(),
            "actions": [self._saved_action(a, self.overrides.get(i), self.reasons.get(i))
                        for i, a in enumerate(self.actions)],
            "rolls": list(self.dice.history),
            "fingerprint": self.rules.fingerprint(self.state),
            "summary": self.summary(),
            **({"origin": dict(self.origin)} if self.origin else {}),
        }

    def _saved_action(self, action: Action, override: Override | None = None, reason: str | None = None) -> ActionDict:
        names = self.rules.private_params(action)
        out = mark_private(action.to_dict(), names)
        if override is not None:
            out[overrides.KEY] = override.to_dict()
        if reason:
            out[WHY_KEY] = reason
        return out

    def explain_last(self, reason: str) -> None:
        """The computer's reason for the action just played: a "Why:" line
        at the head of its log entry, kept in the save so the log reads the
        same after a resume."""
        if not reason or not self.actions:
            return
        reason = cut_text(" ".join(str(reason).split()), MAX_REASON)
        self.reasons[len(self.actions) - 1] = reason
        self.log[-1].events.insert(0, Event("ai", f"Why: {reason}"))

    def summary(self) -> Summary:
        """What a list of games shows without replaying: players, round,
        who is to act, the result (never anything private)."""
        names = [self._name(p) for p in range(self.setup.players)]
        out = self.outcome()
        try:
            now = self.to_act()
        except Exception:  # noqa: BLE001
            now = -1
        return {
            "players": names,
            "round": getattr(self.state, "round", None),
            "actions": len(self.actions),
            "to_act": names[now] if out is None and 0 <= now < len(names) else None,
            "finished": out is not None,
            "result": out.reason if out is not None else None,
            "winners": [names[w] for w in out.winners if 0 <= w < len(names)] if out is not None else None,
        }

    def save_text(self) -> str:
        data = self.to_save()
        actions = ",\n    ".join(json.dumps(a, sort_keys=True) for a in data.pop("actions"))
        head = json.dumps(data, indent=2, sort_keys=True)
        return head[:-2] + ',\n  "actions": [\n    ' + actions + "\n  ]\n}\n"

    def save(self, path: str | Path) -> None:
        atomic_write(path, self.save_text())

    def save_elsewhere(self, path: str | Path) -> None:
        """Save under a name the player chose (OSError if it cannot be
        written).  While the autosave fails, that file becomes where the
        game is kept after every action until the autosave works again."""
        self.save(path)
        if self.autosave_error is not None:
            self.rescue_path = Path(path)
            self.unsaved = 0

    def autosave(self) -> bool:
        """Write the autosave; a finished match's moves to the history
        folder (and back if the finish is undone).  A failure (disk full,
        folder gone or read-only, a link in the data folder, the game taken
        over by another window) never loses the move just made: it is kept
        in `autosave_error` for the screen to show, `unsaved` counts the
        changes not written anywhere, and the next action tries again (and
        writes the file the player saved it to meanwhile, `rescue_path`).
        Returns whether it worked."""
        if self.autosave_path is None:
            return True
        finished = self.outcome() is not None
        target = filed_path(self.autosave_path, finished)
        try:
            if self.lock is not None and not self.lock.held():
                raise OSError(0, "another Warbench window has taken this game over, so this window no longer "
                                 "saves it: save it under a name to keep these moves")
            self.save(target)
        except OSError as e:
            self.autosave_error = f"{e.strerror or e} ({target})"
            self.unsaved += 1
            if self.rescue_path is not None:
                try:
                    self.save(self.rescue_path)
                    self.unsaved = 0
                except OSError:
                    pass
            return False
        self.autosave_error = None
        self.unsaved = 0
        self.rescue_path = None
        self.autosave_path = target
        other = filed_path(target, not finished)
        if other != target:
            try:
                data_folder.remove(other)
            except OSError:
                pass          # a stale copy in the other folder: listed, never lost
        return True

    @classmethod
    def load(cls, path: str | Path, autosave_path: str | Path | None = None, recover: bool = False) -> "Match":
        data = read_save(path)
        return cls.from_save(data, str(path), autosave_path, recover)

    @classmethod
    def from_save(cls, data: SaveData, name: str = "<save>", autosave_path: str | Path | None = None, recover: bool = False) -> "Match":
        """Replay a parsed save.  Valid only if every action replays, the
        replay consumes exactly the recorded rolls (no fewer: extra values
        would become forced future dice) and the fingerprint agrees."""
        try:
            rules = registry.get(data["setup"]["game"])
        except (KeyError, TypeError) as e:
            raise SaveError(f"{name}:1: setup.game: {cut_text(str(e.args[0] if e.args else e), 300)}") from None
        validate_save(data, name, rules)
        try:
            setup = Setup.from_dict(data["setup"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"{name}:1: setup: {cut_text(str(e), 300)}") from None
        rolls = data["rolls"]
        dice = ScriptedDice(rolls, seed=hash((setup.seed, len(rolls))) & 0xFFFFFFFF, strict=True)
        try:
            match = cls(setup, dice=dice)
        except DiceExhausted as e:
            raise SaveError(f"{name}:1: rolls: setting up the game: {_dice_problem(e, rolls)}") from None
        except Exception as e:  # noqa: BLE001 - a setup the rules refuse
            raise SaveError(f"{name}:1: setup: cannot start this game: {cut_text(str(e), 300)}") from None
        match._replaying = True
        for i, raw in enumerate(data["actions"]):
            line = action_line(data, i)
            try:
                step = recorded_step(raw, setup.players)
            except (ValueError, TypeError, OverflowError) as e:
                raise SaveError(f"{name}:{line}: actions[{i}]: {cut_text(str(e), 300)}") from None
            if isinstance(step, Recorded) and step.why and not match.is_computer(step.action.player):
                raise SaveError(f"{name}:{line}: actions[{i}].{WHY_KEY}: only a computer seat's move carries a "
                                f"reason, and seat {step.action.player + 1} is played by a person")
            try:
                match.play_recorded(step)
            except (Illegal, OverrideRefused) as e:
                if recover:            # the user chose the game as it stood before the first refused action
                    match.recovered = (i, len(data["actions"]), cut_text(str(e), 300))
                    break
                what = (f"actions[{i}].override: not an override the table could grant here" if
                        isinstance(e, OverrideRefused) else f"actions[{i}]: does not replay")
                raise ReplayStopped(f"{name}:{line}: {what}: {cut_text(str(e), 300)}",
                                    i, len(data["actions"]), cut_text(str(e), 300)) from None
            except DiceExhausted as e:
                raise SaveError(f"{name}:{line}: rolls: replaying actions[{i}]: {_dice_problem(e, rolls)}") from None
            except Exception as e:  # noqa: BLE001 - a hand-made action the rules cannot read
                raise SaveError(f"{name}:{line}: actions[{i}]: does not replay: the game cannot read "
                                f"{cut(raw)}: {malformed.explain(e, raw if isinstance(raw, dict) else None)}") from None
        if match.recovered is not None:
            # the refused action and everything after it are dropped, with the dice they rolled (new dice
            # come from the seed), and the fingerprint, of a position this game no longer reaches
            del dice.forced[dice.pos:]
        elif dice.pos != len(rolls):
            raise SaveError(f"{name}:1: rolls: the save holds {len(rolls)} die results but its actions "
                            f"roll only {dice.pos}; extra results are not allowed (they would decide future dice)")
        elif data.get("fingerprint") is None:
            raise SaveError(f"{name}:1: fingerprint: required field is missing (it shows the actions "
                            "were not shortened or altered)")
        # a save older than the game's fingerprint (Game.fingerprint_since: made by an older version)
        # carries the old kind of fingerprint, not compared: its actions and rolls were still replayed
        # and checked one by one above
        elif data["format"] >= rules.fingerprint_since and data["fingerprint"] != rules.fingerprint(match.state):
            raise SaveError(f"{name}:1: fingerprint: the replayed game does not agree with the saved "
                            "position (the actions or rolls were altered)")
        match._replaying = False
        match.origin = origin_of(data.get("origin"))
        dice.strict = False          # new dice after the save come from the seed
        match.autosave_path = Path(autosave_path) if autosave_path else None
        return match


def origin_of(raw: object) -> dict[str, str] | None:
    """A save's `origin` (what it is a copy of, when it was loaded) as kept:
    two short texts, or None for anything else (it only labels a row)."""
    if not isinstance(raw, dict):
        return None
    out = {k: cut_text(" ".join(raw[k].split()), 200) for k in ("copy_of", "loaded") if isinstance(raw.get(k), str)}
    return out if "copy_of" in out else None


WHY_KEY = "why"           # the field of a saved action that carries a computer seat's reason
MAX_REASON = 500          # characters: a reason is a sentence or two


@dataclass(frozen=True)
class Recorded:
    """A saved action with the group's override, if it was one, and the
    computer's reason for it, if a computer seat played it."""
    action: Action
    override: Override | None = None
    why: str = ""


def recorded_step(raw: Any, players: int) -> Action | Recorded:
    """A save's action dict as a step to replay: the Action, or a Recorded
    carrying its override.  ValueError naming the field when malformed."""
    raw = unmark_private(raw)
    override, why = None, ""
    if isinstance(raw, dict) and overrides.KEY in raw:
        raw = dict(raw)
        override = Override.from_dict(raw.pop(overrides.KEY), players)
    if isinstance(raw, dict) and WHY_KEY in raw:
        raw = dict(raw)
        why = raw.pop(WHY_KEY)
        if not isinstance(why, str) or not why.strip() or len(why) > MAX_REASON:
            raise ValueError(f"{WHY_KEY}: expected the computer's reason in words (at most {MAX_REASON} characters)")
    action = Action.from_dict(raw)
    if not isinstance(action.kind, str) or len(action.kind) > 100:
        raise ValueError("kind: expected a short name")
    return Recorded(action, override, why) if override is not None or why else action


def _dice_problem(e: DiceExhausted, rolls: list[int]) -> str:
    """A replay's dice problem in a save's words (DiceExhausted speaks of scripts)."""
    text = str(e)
    if "forced die" in text:
        return text.replace("forced die", "recorded die result") + " (rolls[] out of range)"
    return f"the save holds {len(rolls)} die results, but its actions roll more (it was shortened)"
