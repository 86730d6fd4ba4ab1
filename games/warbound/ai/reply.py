"""The opponent's one reply, for the hard level's player (strong.py).

Before it puts a Character somewhere, the strong player asks what the
opponent's next activation could do to it there: the worst attack any
enemy Character could make through an Action still open to it that it can
pay for (a Shoot or a Move + Shoot at a target valid from where the enemy
stands, a Fight against an adjacent Character, a Move or Run + Fight
within reach), at the exact odds the rules roll (scoring.attack_value,
wdice), plus, if the attack would remove the Character, the Victory Points
its tiles would no longer hold at Cleanup.  Watching strong lose, the
normal player removed 55 of its Characters in 20 lost games, it 25
(docs/games/warbound.md § The hard level).

Only what the opponent can see is read: positions, the Action Board, the
opponent's Order tokens (all public); never a card in hand.
"""
from __future__ import annotations

from games.warbound.rules import actionboard, fight, shooting
from games.warbound.rules.profile import stats
from games.warbound.rules.queries import char_distance, enemies_adjacent, is_adjacent, living
from games.warbound.ai.scoring import attack_outlook, attack_value


class Looking:
    """The player whose Characters' tiles count the opponent's reply, while
    it decides (`looking`); None: nobody's (the normal player, and the
    opponent's side of the strong player's own estimates).  The attacks
    open to the opponent are kept for the decision (only the deciding
    player's own Character moves while it looks)."""
    player: int | None = None
    memo: dict = {}


class looking:
    """While it is entered, `player`'s Characters count the opponent's reply
    (None: nobody's, as for the normal player)."""

    def __init__(self, player: int | None):
        self.player, self.old = player, Looking.player

    def __enter__(self):
        Looking.player, Looking.memo = self.player, {}

    def __exit__(self, *exc):
        Looking.player, Looking.memo = self.old, {}


def open_attacks(state, player: int) -> list:
    """(Character, parts, aim) for every Action still open that `player`
    could pay for and that lets one of its Characters attack."""
    key = ("open", player, tuple(state.closed), state.activation.space if state.activation else None,
           tuple(sorted(state.players[player].tokens.items())))
    hit = Looking.memo.get(key)
    if hit is None:
        hit = Looking.memo[key] = _open_attacks(state, player)
    return hit


def _open_attacks(state, player: int) -> list:
    board = state.catalog.board
    toks = state.players[player].tokens
    out = []
    spaces = [sid for sid in actionboard.open_spaces(state)
              if state.activation is None or sid != state.activation.space]
    for e in living(state, player):
        seen = set()
        for sid in spaces:
            sp = board[sid]
            if not ("shoot" in sp.parts or "fight" in sp.parts) or (sp.parts, sp.aim) in seen:
                continue
            colorless, colored = actionboard.cost(state, e, sid)
            if actionboard.payment(toks, colorless, colored) is None:
                continue
            seen.add((sp.parts, sp.aim))
            out.append((e, sp.parts, sp.aim))
    return out


def kill_chance(state, target, n: int, need: int, bonus: int, aim: bool = False) -> float:
    """The chance n dice at target remove it (the odds attack_value uses)."""
    return attack_outlook(state, target, n, need, bonus, aim)[1]


def can_shoot(state, e, ch, near, step: int) -> bool:
    """Whether e could shoot at ch: a valid target now (after a move it may
    have left an adjacent enemy; sight and the closest target as they are:
    counting sight from every tile it could reach made the player timid,
    docs/games/warbound.md § The hard level)."""
    return bool(step or not enemies_adjacent(state, e)) and shooting.target_problem(state, e, ch, near) is None


def attack_on(state, e, ch, parts: tuple, aim: bool) -> tuple[float, float]:
    """(worth, kill chance) of e's best attack on ch through an Action with
    these parts (0, 0 when it cannot reach or see ch)."""
    st = stats(state, e)
    step = st.speed + (st.run if "run" in parts else 0) if ("move" in parts or "run" in parts) else 0
    best = (0.0, 0.0)
    if "shoot" in parts and st.accuracy is not None:
        near = shooting.closest(state, e)
        if can_shoot(state, e, ch, near, step):
            first = ch in near or state.marked.get(ch.uid) == e.owner or (step and char_distance(e, ch) <= step + 1)
            need = st.accuracy[0] if first else st.accuracy[1]
            if need is not None:
                best = max(best, (attack_value(state, e, ch, st.shoot_dice, need, st.hit_shoot, aim),
                                  kill_chance(state, ch, st.shoot_dice, need, st.hit_shoot, aim)))
    if "fight" in parts and st.attack is not None:
        if is_adjacent(e, ch) or (step and char_distance(e, ch) <= step + 1):
            bonus = st.hit_fight + fight.conditional_bonus(state, e, ch)
            best = max(best, (attack_value(state, e, ch, st.fight_dice, st.attack, bonus),
                              kill_chance(state, ch, st.fight_dice, st.attack, bonus)))
    return best


def worst_reply(state, ch, attacks: list, held) -> float:
    """The worst the opponent's next activation could do to ch where it
    stands: the attack's worth, and if it removes ch, `held(ch)` more (what
    ch's tiles hold at Cleanup)."""
    worst = 0.0
    lost = None
    where = tuple(ch.minis)
    for e, parts, aim in attacks:
        key = (e.uid, tuple(e.minis), parts, aim, ch.uid, where)
        hit = Looking.memo.get(key)
        if hit is None:
            hit = Looking.memo[key] = attack_on(state, e, ch, parts, aim)
        worth, p_kill = hit
        if p_kill > 0.0:
            lost = held(ch) if lost is None else lost
            worth += p_kill * max(0.0, lost)
        worst = max(worst, worth)
    return worst


def answer(state, ch) -> tuple | None:
    """(enemy Character, its chance to remove ch) of the worst attack the
    opponent's next activation could make on ch where it stands, or None."""
    worst, who = 0.0, None
    for e, parts, aim in open_attacks(state, 1 - ch.owner):
        worth, p_kill = attack_on(state, e, ch, parts, aim)
        if worth > worst:
            worst, who = worth, (e, p_kill)
    return who
