"""The UberDrakes hand panel: the hoard card's general movements, the
private hand (movement and treasure cards), the cards played this round,
spells and hoard items, and the village market — each card with the state
the controller's legal actions give it ("off" with the rules' reason in
its tooltip when it cannot be used now).  Only the seat's own hand is
private (HandSection.private: the screen hides it from the other player).
"""
from __future__ import annotations

from engine.core.actions import Action
from engine.ui.contract import HandCard, HandSection
from games.uberdrakes.rules.common import can_cast, spells_of
from games.uberdrakes.ui.view import ITEM_COLOR, ITEM_ICON, item_name

HOARD_SLOTS = ("forward", "forward", "rotate", "turn_left", "turn_right", "strafe", "backward")
SHORT = {"forward": "Forward", "rotate": "Rotate", "turn_left": "Turn L", "turn_right": "Turn R",
         "strafe": "Strafe", "backward": "Back"}
GENERAL_PAY = ("coin", "push", "booster", "rocket", "skies")
PLAYED_PAY = ("replay", "booster", "rocket")
COMBAT_SPELLS = ("fire_breath", "acid_rain", "windblast", "deep_freeze", "plate_armor")
PAY_SPELLS = {"rocket_power": "rocket", "take_to_the_skies": "skies"}


def sections(ctl, p: int) -> list[HandSection]:
    st = ctl.state
    if not 0 <= p < len(st.players) or st.phase in ("dragons", "over"):
        return []
    d = st.players[p]
    acting = p == ctl.actor() and ctl.free_play()
    secs = []
    fat = f"{d.fatigue}/{ctl.state.catalog.economy.max_fatigue}"
    stats = [("Coins", d.coins, "#F4C430"), ("Magic", d.magic, "#C59BFF"),
             ("Fatigue", fat, "#F08A24" if d.fatigue else ""), ("Blood", d.blood, "#E4572E"), ("VP", d.vp, "")]
    if st.phase == "play" and p == st.active:
        stats.append(("Actions", f"{st.actions_left} left", "#9BE38B"))
    if d.rage:
        stats.append(("Rage", d.rage, "#E4572E"))
    general = []
    for i, m in enumerate(HOARD_SLOTS):
        mv = ctl.state.catalog.movement[m]
        nth = 1 if (m == "forward" and i == 1) else 0
        used = d.used.count(m) > nth
        hows = [h for h in GENERAL_PAY if ctl.moves.get((m, h))] if acting else []
        state = ""
        if ctl.pick and ctl.pick[0] == "move" and ctl.pick[1] == m:
            state = "selected"
        elif used:
            state = "used"
        elif acting and not hows:
            state = "off"
        sub = "used" if used else ("1 coin" if d.coins else "no coin")
        tip = mv.text + " " + ("Its coin is spent this round: push to use it again (+1 fatigue)." if used else
                               "1 coin, once per round; or push (+1 fatigue).")
        if acting and not hows:
            why, rule = ctl.why_not(Action.make("move", p, how="coin", m=m))
            tip += f"\nNot now: {why}" + (f" ({rule})" if rule else "")
        general.append(HandCard(("gen", m), SHORT[m], sub, tip, tuple(mv.steps), color="#8FD694", state=state,
                                hotkey=f"⇧{i + 1}"))
    note = "General movement: 1 coin each, each icon once per round" if st.phase == "play" else ""
    secs.append(HandSection("Hoard card", general, stats, note=note, compact=True))
    # the private hand: movement cards, then treasures
    cards = []
    counts: dict = {}
    for m in d.hand:
        counts[m] = counts.get(m, 0) + 1
    for k, m in enumerate(sorted(counts)):
        mv = ctl.state.catalog.movement[m]
        state = ""
        if st.phase == "mulligan":
            n = ctl.marked.count(m)
            state = "marked" if n else ""
            sub = (f"marked{' ×2' if n > 1 else ''}") if n else ""
        else:
            sub = "play"
            if ctl.pick == ("move", m, "card"):
                state = "selected"
            elif acting and not ctl.moves.get((m, "card")):
                state = "off"
                sub = "not now"
        cards.append(HandCard(("card", m), mv.name, "" if sub == "play" else sub, mv.text, tuple(mv.steps),
                              color="#7EC8E3", state=state,
                              hotkey=str(k + 1) if k < 9 else "", count=counts[m]))
    tcount: dict = {}
    for t in d.treasures:
        tcount[t] = tcount.get(t, 0) + 1
    for t in sorted(tcount):
        it = ctl.state.catalog.items[t]
        sub, state = item_state(ctl, t, acting, treasure=True)
        cards.append(HandCard(("treasure", t), it.name, sub, it.text, icon=ITEM_ICON.get(t, "chest"),
                              color=ITEM_COLOR.get(t, "#D9C7A0"), state=state, count=tcount[t]))
    secs.append(HandSection("Your hand", cards, private=True,
                            note="" if cards else "No cards: new ones come at the start of the next round"))
    if d.played:
        played = []
        pc: dict = {}
        for m in d.played:
            pc[m] = pc.get(m, 0) + 1
        for m in sorted(pc):
            mv = ctl.state.catalog.movement[m]
            hows = [h for h in PLAYED_PAY if ctl.moves.get((m, h))] if acting else []
            state = "selected" if ctl.pick and ctl.pick[:2] == ("move", m) else ("" if hows else "off")
            played.append(HandCard(("played", m), mv.name, "push: +1 fatigue", mv.text +
                                   " Push movement to use it again (1 fatigue); it is then discarded.",
                                   tuple(mv.steps), color="#A0A0A0", state=state, count=pc[m]))
        # nothing in it to push again: a small window gives its room to the log
        secs.append(HandSection("Played this round (face up)", played,
                                spare=all(c.state == "off" for c in played)))
    # spells and hoard items: public, compact
    chips = []
    for k, sp in enumerate(spells_of(ctl.state.catalog, d)):
        state, sub, tip = spell_state(ctl, sp, p, acting)
        chips.append(HandCard(("spell", sp.id), sp.name, sub, tip, icon="star", color="#C59BFF", state=state,
                              hotkey=f"Alt+{k + 1}" if k < 9 else ""))
    for i in sorted(d.items):
        it = ctl.state.catalog.items[i]
        sub, state = item_state(ctl, i, acting)
        chips.append(HandCard(("item", i), it.name, sub, it.text, icon=ITEM_ICON.get(i, "chest"),
                              color=ITEM_COLOR.get(i, "#D9C7A0"), state=state))
    if d.equipped:
        it = ctl.state.catalog.items[d.equipped]
        chips.append(HandCard(("equipped", d.equipped), it.name, "equipped", it.text,
                              icon=ITEM_ICON.get(d.equipped, "shield"), color="#9BE38B"))
    secs.append(HandSection("Spells · hoard items", chips, compact=True))
    # the village market
    if acting and st.shop >= 0:
        market = []
        from games.uberdrakes.rules.spaces import offers, price
        for o in offers(st, st.shop):
            a = ctl.first_legal("buy", item=o)
            tip = (ctl.state.catalog.items[o].text if o in ctl.state.catalog.items else "Draw the top card of the treasure deck.")
            if a is None:
                why, rule = ctl.why_not(Action.make("buy", p, item=o))
                tip += f"\nNot now: {why}" + (f" ({rule})" if rule else "")
            market.append(HandCard(("buy", o), item_name(ctl.state.catalog, o), f"buy: {price(ctl.state.catalog, o)} coins", tip,
                                   icon=ITEM_ICON.get(o, "chest"), color=ITEM_COLOR.get(o, "#D9C7A0"),
                                   state="" if a else "off"))
        for a in ctl.by_kind.get("sell", []):
            it = ctl.state.catalog.items[a["item"]]
            market.append(HandCard(("sell", a["item"]), f"Sell {it.name}", f"+{it.sell} coins", it.text,
                                   icon="coin", color="#F4C430"))
        left = ctl.state.catalog.economy.purchases_per_visit - st.shop_buys
        secs.append(HandSection(f"Market — {st.board.spaces[st.shop].name}", market,
                                note=f"{left} purchase{'s' if left != 1 else ''} left this visit; "
                                     "buying and selling are free (not actions)"))
    return secs


def item_state(ctl, i: str, acting: bool, treasure: bool = False) -> tuple[str, str]:
    it = ctl.state.catalog.items[i]
    use = it.use
    if it.equip is not None:
        if treasure:
            return ("equip (action)", "" if ctl.first_legal("equip", item=i) else "off")
        return ("equipment", "off")
    if it.sell and use == "sell":
        return (f"sell {it.sell}", "" if ctl.first_legal("sell", item=i) else "off")
    sub = {"action": "use (action)", "counter": "in combat", "precombat": "in combat", "damage": "combat damage",
           "attack": "shoot (free)", "passive": "passive"}.get(use, use)
    if i == "rocket_booster":
        sub = "pay for a move"
        ok = any(h == "booster" for (_, h) in ctl.moves)
    elif i == "long_bow":
        ok = bool(ctl.by_kind.get("shoot"))
    elif use == "action":
        ok = any(a["item"] == i for a in ctl.by_kind.get("item", []))
    else:
        ok = False
    return sub, ("" if ok and acting else "off")


def spell_state(ctl, sp, p: int, acting: bool) -> tuple[str, str, str]:
    st = ctl.state
    d = st.players[p]
    cost = f"{sp.cost}-{sp.cost_max}" if sp.cost_max else ("X+1" if sp.plus_x else str(sp.cost))
    sub = f"{cost} magic"
    tip = sp.text + (f"\n({sp.note})" if sp.note else "") + ("\nUltimate: once per game." if sp.ultimate else "")
    if sp.id in PAY_SPELLS:
        ok = any(h == PAY_SPELLS[sp.id] for (_, h) in ctl.moves)
        if ctl.pay == PAY_SPELLS[sp.id]:
            return "selected", sub, tip + "\nChosen to pay for the next movement."
    elif sp.id in COMBAT_SPELLS:
        ok = False
        tip += "\nCast during a combat (the combat panel offers it)."
    else:
        ok = any(a["spell"] == sp.id for a in ctl.by_kind.get("spell", []))
    if ctl.pick == ("spell", sp.id):
        return "selected", sub, tip
    if not ok and acting and sp.id not in COMBAT_SPELLS:
        why = can_cast(st, d, sp.id)
        if why:
            tip += f"\nNot now: {why}"
    return ("" if ok and acting else "off"), sub, tip
