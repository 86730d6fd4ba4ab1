"""The UberDrakes decision panel: choosing a dragon, each stage of a
combat (bonuses, the rolloff, the counterattack, damage, blood point
rewards) and the pending choices (portals, riders, deliveries, Sandstorm
discards, the Claw, the Monk's Handbook and the mulligan).  Each button is
one of the controller's legal actions, with its rule cited on the panel.
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.core.odds import percent
from engine.core.words import possessive
from engine.ui.commands import Do
from engine.ui.contract import ButtonSpec, DecisionSpec
from games.uberdrakes.rules.board import hex_label
from games.uberdrakes.ui.view import DIR_WORDS, DIRS, item_name, pending_title, rider_words, spell_line

STAGE_RULE = {"pre": "uberdrakes.txt § Phase 1 - Bonuses", "respond": "uberdrakes.txt § Phase 2 - Rolloff",
              "counter": "uberdrakes.txt § Phase 3 - Counterattack", "damage": "uberdrakes.txt § Phase 4 - Damage",
              "exchange": "uberdrakes.txt § Blood Point Rewards"}


def decision(ctl) -> DecisionSpec | None:
    st = ctl.state
    p = ctl.actor()
    if st.phase == "over" or p < 0:
        return None
    if st.phase == "dragons":
        return dragon_choice(ctl, p)
    if st.combat is not None:
        if ctl.pick and ctl.pick[0] == "shove":
            return None
        return combat_spec(ctl, p)
    pend = st.pending
    if pend is None or pend.kind in ("skies_land", "cyclone_move"):
        return None
    return pending_spec(ctl, p)


def command_of(ctl, a: Action) -> Do:
    return Do(a)


def button(ctl, a: Action, label: str, key: str = "", tip: str = "", cost: str = "") -> ButtonSpec:
    if not tip:
        tip = "; ".join(ctl.preview_lines(a))
    return ButtonSpec(label, command_of(ctl, a), key, True, tip=tip, cost=cost)


def who_decides(ctl, p: int) -> str:
    st = ctl.state
    if st.phase == "play" and p != st.active:
        return f"{st.players[p].name} decides (during {possessive(st.players[st.active].name)} turn)"
    return f"{st.players[p].name} decides"


def dragon_choice(ctl, p: int) -> DecisionSpec:
    groups = []
    btns = []
    for k, a in enumerate(ctl.by_kind.get("choose_dragon", [])):
        dr = ctl.state.catalog.dragons[a["dragon"]]
        std = [s.name for s in dr.spells if not s.ultimate]
        ult = [s.name for s in dr.spells if s.ultimate]
        tip = "\n".join(spell_line(s) + ": " + s.text for s in dr.spells)
        btns.append(button(ctl, a, f"{dr.name} — {', '.join(std)} · Ultimate: {', '.join(ult)}", str(k + 1), tip))
    groups.append(("Dragons still free", btns))
    return DecisionSpec(f"Player {p + 1}: choose your dragon", ctl.view.player_color(ctl.state, p),
                        [("Each dragon casts its own spells. Players who name the same dragon roll two dice "
                          "for it; the others choose again.", "muted")], [], groups,
                        "uberdrakes.txt § Game Setup", f"Player {p + 1} decides")


def combat_spec(ctl, p: int) -> DecisionSpec:
    st = ctl.state
    c = st.combat
    A, D = st.players[c.sides[0]], st.players[c.sides[1]]
    sides = ctl.view.combat_sides(st)
    what = {"zoc": "zone of control", "attack": "a voluntary attack", "bow": "Long Bow",
            "thunderbolt": "Thunderbolt", "warp": "Warp Scroll", "final": "the Final Battle"}.get(c.reason, "")
    title = f"Combat: {A.name} vs {D.name}" + (f" · {what}" if what else "") + (" · ranged" if c.ranged else "")
    lines = []
    groups = []
    me = st.players[p]
    if c.stage == "pre":
        lines.append(("Before the rolloff: Rage Potions and pre-combat spells, first the attacker, then the "
                      "defender.", "muted"))
        opts = []
        for a in ctl.by_kind.get("precombat", []):
            w = a["what"]
            name = item_name(ctl.state.catalog, w) if w in ctl.state.catalog.items else ctl.state.catalog.spell(w).name
            if w == "rage_potion":
                from games.uberdrakes.rules.combat import win_chance
                i = c.side(p)
                rage = [st.players[c.sides[k]].rage + c.temp_rage[k] + (1 if k == i else 0) for k in (0, 1)]
                pa = win_chance(c.bonus[0], rage[0], c.bonus[1], rage[1])
                name += f" (then {percent(pa if i == 0 else 1 - pa)} to win the rolloff)"
            tip = (ctl.state.catalog.items[w].text if w in ctl.state.catalog.items else ctl.state.catalog.spell(w).text)
            opts.append(button(ctl, a, name, tip=tip,
                                  cost="" if w in ctl.state.catalog.items else f"{ctl.state.catalog.spell(w).cost} magic"))
        ready = ctl.first_legal("ready")
        btns = opts + ([button(ctl, ready, "Ready to roll", "Enter", "Use nothing more before the rolloff")]
                       if ready else [])
        groups.append((f"{me.name}: before the roll", btns))
    elif c.stage == "respond":
        roll = ctl.first_legal("roll")
        con = ctl.first_legal("concede")
        lines.append((f"{A.name} rolled {c.total[0]}. Roll in return, or concede now and take double damage.",
                      ""))
        btns = []
        if roll:
            btns.append(button(ctl, roll, "Roll", "Enter"))
        if con:
            btns.append(button(ctl, con, "Concede (double damage)", "C",
                                  "Your total is only your bonuses; the winner deals two instances of damage"))
        groups.append((f"{me.name}: the rolloff", btns))
    elif c.stage == "counter":
        L = c.side(p)
        lines.append((f"{me.name} trails {c.total[L]} to {c.total[1 - L]}"
                      + (" (ties go to the attacker)" if L == 1 else "") +
                      ": counterattack to raise your total, or concede.", ""))
        btns = []
        plate = []
        for a in ctl.by_kind.get("counter", []):
            w = a["what"]
            if w == "plate_armor":
                plate.append(button(ctl, a, f"Plate Armor +{a['x']}", cost=f"{a['x'] + 1} magic"))
                continue
            name = item_name(ctl.state.catalog, w) if w in ctl.state.catalog.items else ctl.state.catalog.spell(w).name
            cost = "" if w in ctl.state.catalog.items else f"{ctl.state.catalog.spell(w).cost} magic"
            btns.append(button(ctl, a, f"{name}: +1 die", cost=cost))
        con = ctl.first_legal("concede")
        if con:
            btns.append(button(ctl, con, "Concede the battle", "C", "The other side wins"))
        groups.append((f"{me.name}: counterattack", btns))
        if plate:
            groups.append(("Plate Armor (no damage if you then win)", plate))
    elif c.stage == "damage":
        W = st.players[c.sides[c.winner]]
        L = st.players[c.sides[1 - c.winner]]
        lines.append((f"{W.name} wins. Choose the damage to deal to {L.name}"
                      + (f" ({c.damage_left} instances left)" if c.damage_left > 1 else "") + ".", "good"))
        btns = []
        spins = []
        for a in ctl.by_kind.get("damage", []):
            e = a["effect"]
            if e == "shove":
                continue
            if e == "spin":
                spins.append(button(ctl, a, f"Face {DIRS[a['facing']]}", tip=f"Turn {L.name} to face "
                                       f"{DIR_WORDS[a['facing']]}"))
                continue
            if e == "hookshot":
                label = "Hookshot: a random treasure card" if a["item"] == "treasure" else \
                    f"Hookshot: take the {item_name(ctl.state.catalog, a['item'])}"
                btns.append(button(ctl, a, label, tip=ctl.state.catalog.items["hookshot"].text))
                continue
            if e in ctl.state.catalog.damage:
                dm = ctl.state.catalog.damage[e]
                btns.append(button(ctl, a, dm.name, tip=dm.text))
            elif e == "alchemists_fire":
                btns.append(button(ctl, a, "Alchemist's Fire: 2 fatigue", tip=ctl.state.catalog.items[e].text))
            elif e == "deep_freeze":
                btns.append(button(ctl, a, "Deep Freeze: steal a movement card", tip=ctl.state.catalog.spell(e).text,
                                      cost=f"{ctl.state.catalog.spell(e).cost} magic"))
        if any(a["effect"] == "shove" for a in ctl.by_kind.get("damage", [])):
            btns.insert(1, ButtonSpec("Shove… (pick the space)", "shove", "S", tip=ctl.state.catalog.damage["shove"].text))
        groups.append(("Damage", btns))
        if spins:
            groups.append((f"Spin {L.name}", spins))
    elif c.stage == "exchange":
        return exchange_spec(ctl, p, title, sides)
    return DecisionSpec(title, ctl.view.player_color(st, p), lines, sides, groups, STAGE_RULE.get(c.stage, ""),
                        who_decides(ctl, p))


def exchange_spec(ctl, p: int, title: str = "Blood points", sides=None) -> DecisionSpec:
    st = ctl.state
    d = st.players[p]
    btns = []
    words = {"coin": "1 coin", "heal": "heal 1 fatigue", "card": "a movement card", "vp": "1 victory point"}
    for a in ctl.by_kind.get("blood", []):
        from games.uberdrakes.rules.combat import reward_cost
        btns.append(button(ctl, a, words.get(a["reward"], a["reward"]),
                              cost=f"{reward_cost(st, p, a['reward'])} blood"))
    done = ctl.first_legal("done")
    if done:
        btns.append(button(ctl, done, "Done", "Enter", "Keep the rest of your blood points"))
    lines = [(f"{d.name} has {d.blood} blood points to exchange (one reward at a time).", "")]
    return DecisionSpec(title, ctl.view.player_color(st, p), lines, sides or [], [("Rewards", btns)],
                        "uberdrakes.txt § Blood Point Rewards", who_decides(ctl, p))


def pending_spec(ctl, p: int) -> DecisionSpec | None:
    st = ctl.state
    pend = st.pending
    d = st.players[p]
    k = pend.kind
    col = ctl.view.player_color(st, p)
    title = pending_title(st)[:1].upper() + pending_title(st)[1:]
    lines, groups, rule = [], [], ""
    if k == "portal":
        other = st.board.other_portal.get(d.hex)
        lines.append((f"Travel to the other portal ({hex_label(other) if other else '?'}) for 1 fatigue "
                      f"(you would have {min(ctl.state.catalog.economy.max_fatigue, d.fatigue + 1)}/{ctl.state.catalog.economy.max_fatigue}), emerging facing "
                      "any way — or stay.", ""))
        if d.rider and not d.portaled:
            lines.append((f"Travelling lets you deliver the {rider_words(ctl.state.catalog, d.rider, True)}.", "accent"))
        faces = [button(ctl, a, f"Emerge facing {DIRS[a['facing']]}", str(a["facing"] + 1),
                           f"Face {DIR_WORDS[a['facing']]} at the other portal")
                 for a in ctl.by_kind.get("portal", []) if a.get("travel")]
        stay = ctl.first_legal("portal", travel=False)
        groups.append(("Travel through the portal", faces))
        if stay:
            groups.append(("", [button(ctl, stay, "Stay here", "S", "No travel, no fatigue")]))
        rule = "uberdrakes.txt § Portals"
    elif k == "pick_rider":
        acts = ctl.by_kind.get("pick_rider", [])
        many = len(acts) > 6
        btns = []
        for a in acts:
            r = a["rider"]
            if r is None:
                continue
            btns.append(button(ctl, a, rider_words(ctl.state.catalog, r, True) if many else rider_words(ctl.state.catalog, r), tip=rider_words(ctl.state.catalog, r)))
        none = ctl.first_legal("pick_rider", rider=None)
        lines.append(("Carry one rider through a portal, then land on its element's space to deliver it: 1 VP and "
                      "its reward. Its bonus counts in your combats.", "muted"))
        groups.append(("Riders" + (" (either side or the deck)" if pend.data.get("side") is None else ""), btns))
        if none:
            groups.append(("", [button(ctl, none, "No rider", "N", "Pick up nobody")]))
        rule = "uberdrakes.txt § Picking Up Riders"
    elif k == "deliver_village":
        lines.append(("Rider delivered! You may teleport to a village of your choice (landing there opens its "
                      "market).", "good"))
        btns = []
        for a in ctl.by_kind.get("deliver_village", []):
            if a["village"] is None:
                continue
            btns.append(button(ctl, a, st.board.spaces[a["village"]].name))
        stay = ctl.first_legal("deliver_village", village=None)
        groups.append(("Teleport to", btns))
        if stay:
            groups.append(("", [button(ctl, stay, "Stay here", "S")]))
        rule = "uberdrakes.txt § Delivering Riders"
    elif k == "discard":
        caster = st.sandstorm[2] if st.sandstorm else st.active
        lines.append((f"{possessive(st.players[caster].name)} Sandstorm: discard one movement card of your choice.", ""))
        btns = [button(ctl, a, ctl.state.catalog.movement[a["card"]].name, tip=ctl.state.catalog.movement[a["card"]].text)
                for a in ctl.by_kind.get("discard", [])]
        groups.append(("Your movement cards (only you see them)", btns))
        rule = "uberdrakes.txt § Sandstorm"
    elif k == "steal":
        t = pend.data.get("target")
        lines.append((f"The Claw: take one hoard item or treasure card from {st.players[t].name}.", ""))
        btns = [button(ctl, a, f"{item_name(ctl.state.catalog, a['item'])} ({'hoard' if a['source'] == 'hoard' else 'treasure card'})",
                          tip=ctl.state.catalog.items[a["item"]].text) for a in ctl.by_kind.get("steal", [])]
        groups.append(("Take", btns))
        rule = "uberdrakes.txt § The Claw"
    elif k in ("handbook", "mulligan_take"):
        cards = pend.data.get("cards", [])
        lines.append(("You look at: " + ", ".join(ctl.state.catalog.movement[c].name for c in cards) + " (only you see them).",
                      ""))
        btns = []
        for a in ctl.by_kind.get(k, []):
            c = a["take"] if k == "handbook" else a["card"]
            label = f"Keep {ctl.state.catalog.movement[c].name}"
            if k == "handbook" and a["other"] in ("top", "bottom"):
                label += f", the other on the {a['other']}"
            btns.append(button(ctl, a, label, tip=ctl.state.catalog.movement[c].text))
        groups.append(("Keep", btns))
        rule = "uberdrakes.txt § Monk's Handbook" if k == "handbook" else "uberdrakes.txt § Starting the First Round"
    elif k == "exchange":
        return exchange_spec(ctl, p)
    else:
        btns = [button(ctl, a, ctl.action_label(a)) for a in ctl.legal]
        groups.append(("Choose", btns))
    return DecisionSpec(title, col, lines, [], groups, rule, who_decides(ctl, p))
