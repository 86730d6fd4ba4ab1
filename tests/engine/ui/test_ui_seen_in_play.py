"""Things seen in play (issue 9, "Also seen in play"): the rules
reference's contents, refusals kept whole in the log, the map viewer on a
table, Dice Wars' held-city tooltip, the Dragonbond reach area and the
weapon named in "Which weapon?"."""
import pygame

from engine.core.actions import Action
from engine.core.match import Match
from engine.core.rules import Setup
from engine.ui.app import App
from engine.ui.panels.log_view import LogView
from engine.ui.scenes.rules_ref import RulesReference, headings
from engine.core.match import LogEntry
from engine.core.rules import Event
from test_ui_support import screen_for


def _written(entries) -> list[tuple[str, str]]:
    """(text, rule) of each row the log view writes for these entries, in order."""
    from engine.ui import theme as T
    pygame.font.init()
    log = LogView()
    texts = []
    wrap = log._wrap_rows
    log._wrap_rows = lambda idx, text, *rest: (texts.append((text, rest[-2])), wrap(idx, text, *rest))
    log.sync(entries, 400, T.Theme((1280, 720)))
    return texts


def test_rules_reference_contents_for_every_rulebook_and_the_cited_entry_lit():
    for f in ("dice_wars.txt", "dragonbond.txt", "uberdrakes.txt"):
        assert len(headings(f)) > 20, f
    names = [n for _, n in headings("dragonbond.txt")]
    assert "Pile-In" in names and "Unit Coherency" in names
    app = App((1280, 720), headless=True)
    for rule in ("dice_wars.txt § Guarding", "dragonbond.txt § Pile-In", "dragonbond.txt § Disengage [1]"):
        ref = app.push(RulesReference(app, rule))
        app.draw()
        assert ref.target >= 0
        assert ref.current_heading() == ref.target, (rule, ref.current_heading(), ref.target)
        app.pop(ref)


def test_refusals_are_kept_whole_in_the_log():
    from engine.ui import theme as T
    pygame.font.init()
    th = T.Theme((1280, 720))
    log = LogView()
    long = "No path of 6.00\" or less leads around the other units (a unit may not move through another unit)."
    log.note(long, "dragonbond.txt § Movement")
    log.note(long, "dragonbond.txt § Movement")                 # the same refusal twice: once
    assert log.sync([], 300, th)
    assert len(log.notes) == 1
    texts = [p for r in log.rows for p in r.parts]
    assert any(rule == "dragonbond.txt § Movement" for _, _, rule in texts)


def test_map_viewer_draws_a_table():
    m = Match(Setup("dragonbond", 2, 1, "valerna_crossing", ("human", "human"), {}))
    app = App((1280, 720), headless=True)
    v = app.open("map_viewer", m)
    app.draw()
    assert v.is_table and any("woods" in name.lower() for _, _, name, _ in v.legend)
    assert any(name.startswith("Deployment zone") for _, _, name, _ in v.legend)
    x, y = v.board.world_to_screen(24, 24)
    v.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
    assert v.hover is not None and abs(v.hover[0] - 24) < 0.5
    app.draw()


def test_held_city_tooltip_tells_the_holder_it_is_open_ground():
    from test_ui_support import deployed_match
    m = deployed_match()
    st = m.state
    view = screen_for(m)[1].view
    ci = 0
    city = st.cities[ci]
    city.owner = 0
    tt = view.cat.terrain
    h = next(h for h, c in st.board.city_at.items()
             if c == ci and tt[st.board.terrain[h]].passable and tt[st.board.terrain[h]].cost > 1)
    city.owner = None
    assert any(ln.startswith("Hindered") for ln in view.hex_info(st, h).lines)     # uncaptured: hindered
    city.owner = 0
    lines = view.hex_info(st, h).lines
    assert not any(ln.startswith("Hindered") for ln in lines), lines
    assert any(f"1 movement to enter for {st.players[0].name}" in ln for ln in lines), lines


def test_reach_area_counts_slow_and_run_before_activation():
    from games.dragonbond.rules import stats
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing", seats=("human", "human"),
                    options={"position": {"current": 0, "units": [
                        {"name": "claws", "player": 0, "unit": "blooded_claws", "centre": [20, 30], "slow": 1},
                        {"name": "far", "player": 1, "unit": "blood_hexers", "centre": [40, 4]}]}}))
    app, screen = screen_for(m)
    ctl = screen.ctl
    uid = m.state.options["names"]["claws"]
    sp = stats.speed(m.state, m.state.units[uid])
    assert ctl.allowance_of(uid) == sp / 2                      # a Slow token costs half its speed
    ctl.mode = "run"
    ctl._after.clear()
    assert ctl.allowance_of(uid) == 2 * sp - sp / 2


def test_which_weapon_names_the_weapon():
    m = Match(Setup("dragonbond", 2, seed=3, scenario="valerna_crossing",
                    options={"position": {"current": 0, "units": [
                        {"name": "a", "player": 0, "unit": "blooded_claws", "centre": [20, 30]},
                        {"name": "b", "player": 1, "unit": "blood_hexers", "centre": [20, 20]}]}}))
    n = m.state.options["names"]
    one = m.rules.describe(m.state, Action.make("charge", 0, uid=n["a"], target=n["b"], weapon="Claws"))
    two = m.rules.describe(m.state, Action.make("charge", 0, uid=n["a"], target=n["b"], weapon="Fangs"))
    assert one != two and "Claws" in one


def test_a_ruling_that_repeats_its_heading_and_says_more_stands_for_it():
    deploy = Action.make("deploy", 0, uid=1)
    same = LogEntry(deploy, 0, "Aldmoor deploys Elite Infantry in Line",
                    [Event("deploy", "Aldmoor deploys Elite Infantry in Line 7 wide", "bvf.txt § Starting", 0)])
    other = LogEntry(deploy, 0, "Aldmoor charges the Orcs",
                     [Event("roll", "charge dice: 3 successes", "bvf.txt § Charge", 0)])
    texts = [t for t, _ in _written([same, other])]
    deploys = [t for t in texts if t.startswith("Aldmoor deploys Elite Infantry in Line")]
    assert len(deploys) == 1 and deploys[0].startswith("Aldmoor deploys Elite Infantry in Line 7")
    assert any(t.startswith("Aldmoor charges the Orcs") for t in texts)


def test_the_computer_s_reason_does_not_make_its_heading_print_twice():
    """Seen in play: the computer's deployments read "deploys Wizard / Why: ... / deploys Wizard"."""
    entry = LogEntry(Action.make("deploy", 1, uid=9), 1, "The Red Tusk Horde deploys Wizard",
                     [Event("ai", "Why: deploy Wizard near the centre of the zone"),
                      Event("deploy", "The Red Tusk Horde deploys Wizard", "bvf.txt § Starting", 0)])
    texts = [t for t, _ in _written([entry])]
    assert [t for t in texts if "deploys Wizard" in t] == ["The Red Tusk Horde deploys Wizard"]
    assert texts.index("The Red Tusk Horde deploys Wizard") < texts.index("Why: deploy Wizard near the centre of the zone")


def test_a_ruling_that_only_repeats_its_heading_is_said_once_with_its_rule():
    """Seen in play (Warbound): "Raiders' COPP deploys on C3" then, indented, "Raiders' COPP deploys on C3."."""
    entry = LogEntry(Action.make("deploy", 0, uid=1), 0, "Raiders' COPP deploys on C3",
                     [Event("ruling", "Raiders' COPP deploys on C3.", "warbound.txt § Exploration scenario")])
    texts = _written([entry])
    assert texts == [("Raiders' COPP deploys on C3", "warbound.txt § Exploration scenario")]


def test_an_indented_ruling_that_repeats_its_heading_and_says_more_becomes_it():
    """Seen in play (UberDrakes): "Fire Dragon buys a Rest Potion" then, indented, "Fire Dragon buys a
    Rest Potion for 3 coins"."""
    entry = LogEntry(Action.make("buy", 0, item="rest_potion"), 0, "Fire Dragon buys a Rest Potion",
                     [Event("ai", "Why: rest before the long flight"),
                      Event("ruling", "Fire Dragon buys a Rest Potion for 3 coins", "uberdrakes.txt § Villages"),
                      Event("ruling", "Fire Dragon has 2 coins left", "uberdrakes.txt § Villages")])
    texts = _written([entry])
    said = [t for t, _ in texts]
    assert [t for t in said if "buys" in t] == ["Fire Dragon buys a Rest Potion for 3 coins"]
    assert ("Fire Dragon buys a Rest Potion for 3 coins", "uberdrakes.txt § Villages") in texts
    assert "Fire Dragon has 2 coins left" in said and "Why: rest before the long flight" in said


def test_a_first_ruling_that_names_its_heading_inside_more_words_stands_for_it():
    """Seen in play (UberDrakes): "Lightning Dragon attacks Wind Dragon" then "Combat: Lightning Dragon
    attacks Wind Dragon" (its rule, § Voluntary Combat): the combat line leads, the heading is not said twice."""
    entry = LogEntry(Action.make("attack", 0, target=1), 0, "Lightning Dragon attacks Wind Dragon",
                     [Event("combat", "Combat: Lightning Dragon attacks Wind Dragon", "uberdrakes.txt § Voluntary Combat",
                            depth=0),
                      Event("roll", "Lightning Dragon rolls 3 1: 4 + 1 = 5", "uberdrakes.txt § Phase 2 - Rolloff")])
    texts = _written([entry])
    said = [t for t, _ in texts]
    assert [t for t in said if "attacks" in t] == ["Combat: Lightning Dragon attacks Wind Dragon"]
    assert said[0] == "Combat: Lightning Dragon attacks Wind Dragon"
    assert ("Combat: Lightning Dragon attacks Wind Dragon", "uberdrakes.txt § Voluntary Combat") in texts


def test_a_run_of_rulings_under_one_rule_cites_it_once():
    reveal = "bvf.txt § Phase 3 Reveal Orders;"
    events = [Event("orders", f"Unit {i}: Advance", reveal) for i in range(5)] + \
        [Event("fate", "The Fate counter lies next to the General", reveal),
         Event("roll", "initiative: 3 successes", "bvf.txt § Phase 1"),
         Event("orders", "Unit 9: Charge", reveal)]
    cited = [rule for _, rule in _written([LogEntry(Action.make("reveal", 0), 0, "Orders revealed", events)])]
    assert cited == ["", reveal, "", "", "", "", "", "bvf.txt § Phase 1", reveal]
