"""Actions in words (log lines, button labels) and previews with exact odds
before committing (warbound.txt § Shoot, § Fight; the d12 in wdice)."""
from __future__ import annotations

from engine.core.actions import Action
from games.warbound.rules import actionboard, shooting, wdice
from games.warbound.rules.profile import stats, unbroken_armor
from games.warbound.rules.queries import label, possessive


def _c(state, uid) -> str:
    c = state.chars.get(uid)
    return label(state, c) if c else f"Character {uid}"


def _h(state, h) -> str:
    return state.board.label(tuple(h))


def _who(state, a: Action) -> str:
    return state.players[a.player].name if a.player in (0, 1) else f"P{a.player}"


def _me(state, a: Action) -> str:
    """Who takes an activation's step: its Character.  The log describes a
    step once applied, so a shot or move that ended the activation still
    names its Character (the one last activated)."""
    act = state.activation
    uid = act.uid if act else state.last_activated
    return _c(state, uid) if uid is not None else _who(state, a)


def describe_deploy(state, a: Action) -> str:
    extra = f" and {_h(state, a['to2'])}" if a.get("to2") is not None else ""
    return f"{_c(state, a['uid'])} deploys on {_h(state, a['to'])}{extra}"


def describe_activate(state, a: Action) -> str:
    return f"Activate {_c(state, a['uid'])} on {actionboard.parts_name(state.catalog, a['space'])}"


def describe_move(state, a: Action) -> str:
    me = _me(state, a)
    extra = f" and {_h(state, a['to2'])}" if a.get("to2") is not None else ""
    return f"{me} moves to {_h(state, a['to'])}{extra}"


def describe_shoot(state, a: Action) -> str:
    me = _me(state, a)
    return f"{me} shoots at {_c(state, a['target'])}"


def describe_fight(state, a: Action) -> str:
    me = _me(state, a)
    return f"{me} fights {_c(state, a['target'])}"


def describe_skill(state, a: Action) -> str:
    cat = state.catalog
    me = _me(state, a)
    sk = cat.skills[a["skill"]].name
    on = f" on {_c(state, a['target'])}" if a.get("target") is not None else ""
    to = f" to {_h(state, a['to'])}" if a.get("to") is not None else ""
    return f"{me} uses {sk}{on}{to}"


def describe_end_activation(state, a: Action) -> str:
    me = _me(state, a)
    return f"End {possessive(me)} activation"


def describe_pass(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} passes"


def describe_exchange(state, a: Action) -> str:
    cat = state.catalog
    who = _who(state, a)
    g = a["give"]
    return (f"{who} exchanges {cat.factions[g[0]].token} + {cat.factions[g[1]].token} for one "
            f"{cat.factions[a['get']].token} token")


def describe_hourglass(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} places the Hourglass on {actionboard.parts_name(state.catalog, a['space'])}"


def describe_leader_skill(state, a: Action) -> str:
    who = _who(state, a)
    return f"{possessive(who)} Leader skill helps {_c(state, a['target'])}"


def describe_initiative(state, a: Action) -> str:
    who = _who(state, a)
    return f"{who} {'exchanges the Hourglass for the Hand' if a['take'] else 'keeps the Hourglass'}"


def describe_keep_token(state, a: Action) -> str:
    cat = state.catalog
    who = _who(state, a)
    col = a.get("color")
    return f"{who} keeps {'a ' + cat.factions[col].token if col else 'no'} Order token"


def _attack_lines(state, att, target, n, need, bonus, aim=False) -> list[str]:
    dist = wdice.hits_distribution(n, need, bonus, aim)
    p_any = 1 - dist[0]
    st = stats(state, target)
    exp_stress = n * wdice.P_NOT_ONE
    lines = [f"{n} {'die' if n == 1 else 'dice'}{' (+1 aimed, lowest dropped)' if aim else ''}, hit on {need}+"
             f"{f' with +{bonus}' if bonus else ''}: P(at least one hit) {wdice.pct(p_any)}, "
             f"expected hits {float(wdice.expected(dist)):.2f}",
             f"Stress: about {float(exp_stress):.1f} token(s) (every die but a natural [1])"
             + ("" if st.morale is not None else " - none: no Morale Point pool")]
    free = unbroken_armor(state, target)
    if free:
        lines.append(f"Armor: {free} unbroken point(s) at {st.armor_value}+ "
                     f"({wdice.pct(wdice.p_success(st.armor_value))} per roll)")
    lines.append(f"Health: {target.wounds}/{st.hp} Wound tokens")
    return lines


def cost_note(state, ch, space: str = "") -> str:
    """What an activation cost includes beyond the card's ("" when nothing):
    the Formation's extra colorless, or none of it on the Move space that
    reduces the cost (warbound.txt § Formations, § The Action Board)."""
    cat = state.catalog
    if space and cat.board[space].reduction:
        return " (cost reduction: no colorless part)"
    if ch.formation and ch.formation in cat.formations:
        f = cat.formations[ch.formation]
        return f" (includes +{f.extra_colorless} colorless for the {f.name})"
    return ""


def preview(state, a: Action) -> list[str]:
    act = state.activation
    if a.kind == "activate":
        ch = state.chars[a["uid"]]
        colorless, colored = actionboard.cost(state, ch, a["space"])
        cat = state.catalog
        parts = [f"{colorless} colorless"] * bool(colorless) + [f"{n} {cat.factions[c].token}" for c, n in colored]
        lines = [f"Cost: {', '.join(parts) or 'nothing'}" + cost_note(state, ch, a["space"])]
        if ch.activations and stats(state, ch).morale is not None:
            lines.append("Additional activation: +1 Stress token")
        if state.hourglass_space == a["space"] and state.hourglass != a.player:
            lines.append("Takes the Action under the Hourglass: you gain the Hourglass")
        return lines
    if act is None:
        return []
    ch = state.chars[act.uid]
    st = stats(state, ch)
    if a.kind == "shoot":
        t = state.chars[a["target"]]
        need, first = shooting.accuracy_for(state, ch, t)
        aim = state.catalog.board[act.space].aim and act.shots == 0
        head = "closest target: first accuracy" if first else "not the closest: second accuracy"
        return [head] + _attack_lines(state, ch, t, st.shoot_dice, need, st.hit_shoot, aim)
    if a.kind == "fight":
        from games.warbound.rules.fight import conditional_bonus
        t = state.chars[a["target"]]
        return _attack_lines(state, ch, t, st.fight_dice, st.attack, st.hit_fight + conditional_bonus(state, ch, t))
    return []
