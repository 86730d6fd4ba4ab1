"""The Leader Phase (warbound.txt § Game Phases: The Leader Phase) and the
token exchange.  Each player receives the Order tokens of their Leader's
current Period; then Leader skills (and a Vocation's Leader-Phase skill)
take place, the Hand holder's first.  At any time a player may discard two
Order tokens of any colour for one of the colour of their choice."""
from __future__ import annotations

from engine.core.rules import Event
from games.warbound.rules.queries import label, living, possessive

R_LEADER = "warbound.txt § Game Phases"
R_EXCHANGE = "warbound.txt § Game Phases"


def leader_skills(state, p: int) -> list[str]:
    cat = state.catalog
    pl = state.players[p]
    out = [cat.leaders[pl.leader].skill]
    skill = cat.vocations[pl.vocation].skill if pl.vocation else None
    if skill:
        out.append(skill)
    return out


def targets(state, p: int, sid: str) -> list:
    eff = state.catalog.skills[sid].effect
    if eff.kind == "leader_calm":
        return [c for c in living(state, p) if c.stress > 0]
    if eff.kind == "leader_mend":
        return [c for c in living(state, p) if c.breaks > 0]
    return []


def start(state, events: list) -> None:
    cat = state.catalog
    from games.warbound.rules.scenario import period_of
    state.phase = "leader"
    state.period = period_of(state)
    events.append(Event("phase", f"Turn {state.turn} (Period {state.period}): the Leader Phase.", R_LEADER, depth=0))
    for p in state.players:
        gen = cat.leaders[p.leader].orders[state.period - 1]
        for col, n in gen.items():
            p.tokens[col] = p.tokens.get(col, 0) + n
        events.append(Event("orders", f"{possessive(p.name)} {cat.leaders[p.leader].name} generates "
                                      + ", ".join(f"{n} {cat.factions[c].token}" for c, n in gen.items())
                                      + " Order tokens.", "warbound.txt § Leader cards"))
    for p in (state.hand, 1 - state.hand):
        for sid in leader_skills(state, p):
            eff = cat.skills[sid].effect
            if eff.kind == "leader_tokens":
                if eff.unless_hand and state.hand == p:
                    events.append(Event("ruling", f"{cat.skills[sid].name}: {state.players[p].name} holds the Hand, "
                                                  "no token.", "docs/games/warbound.md § Leaders"))
                    continue
                col = eff.color or next(iter(cat.leaders[state.players[p].leader].orders[0]))
                state.players[p].tokens[col] = state.players[p].tokens.get(col, 0) + eff.amount
                events.append(Event("orders", f"{cat.skills[sid].name}: {state.players[p].name} gains {eff.amount} "
                                              f"{cat.factions[col].token} Order token.", "docs/games/warbound.md § Leaders"))
            elif targets(state, p, sid):
                state.queue.append(("leader_skill", p, sid))
            else:
                events.append(Event("ruling", f"{cat.skills[sid].name}: no Character to help.",
                                    "docs/games/warbound.md § Leaders"))


def check_skill(state, a):
    kind, p, sid = state.queue[0]
    t = state.chars.get(a.get("target"))
    if t is None or t not in targets(state, p, sid):
        name = state.catalog.skills[sid].name
        return (f"{name}: choose one of your Characters it can help.", "docs/games/warbound.md § Leaders")
    return None


def apply_skill(state, a, events: list) -> None:
    kind, p, sid = state.queue.pop(0)
    sk = state.catalog.skills[sid]
    t = state.chars[a["target"]]
    if sk.effect.kind == "leader_calm":
        t.stress = max(0, t.stress - sk.effect.amount)
        events.append(Event("stress", f"{sk.name}: {label(state, t)} removes a Stress token.", R_LEADER))
    else:
        t.breaks = max(0, t.breaks - sk.effect.amount)
        events.append(Event("armor", f"{sk.name}: {label(state, t)} removes a Break token.", R_LEADER))


def exchanges(state, p: int) -> list[tuple]:
    """(give colour 1, give colour 2, get colour) choices."""
    toks = state.players[p].tokens
    cols = sorted(c for c, n in toks.items() if n > 0)
    out = []
    for i, a in enumerate(cols):
        for b in cols[i:]:
            if a == b and toks[a] < 2:
                continue
            for g in state.catalog.factions:
                out.append((a, b, g))
    return out


def check_exchange(state, a):
    give = a.get("give")
    get = a.get("get")
    if not isinstance(give, (list, tuple)) or len(give) != 2 or get not in state.catalog.factions:
        return ("Discard two Order tokens for one of the colour of your choice.", R_EXCHANGE)
    need: dict = {}
    for c in give:
        need[c] = need.get(c, 0) + 1
    toks = state.players[a.player].tokens
    if any(toks.get(c, 0) < n for c, n in need.items()):
        return ("You do not have those two Order tokens.", R_EXCHANGE)
    return None


def apply_exchange(state, a, events: list) -> None:
    cat = state.catalog
    p = state.players[a.player]
    for c in a["give"]:
        p.tokens[c] -= 1
    p.tokens[a["get"]] = p.tokens.get(a["get"], 0) + 1
    events.append(Event("orders", f"{p.name} discards two Order tokens for one "
                                  f"{cat.factions[a['get']].token} token.", R_EXCHANGE))
