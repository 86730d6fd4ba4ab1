"""UberDrakes' actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  The game's `check` checks
an action against this before its own checks read it; names (cards,
items, spells, effects) are left to the game's checks, which refuse them
in the rulebook's words.  A dragon is named by its seat ("player").

Each kind names its applier (apply.py) and its words (describe.py).  The
ten kinds of the free part of a turn also name their own check
(checks.py): game.py checks the phase, a combat under way and a waiting
decision first, and answers BY_KIND for these.  The setup, combat and
decision kinds are checked by the phase or decision that takes them
(game.py; checks.py `combat_problem`, `pending_problem`): their checks are
one per stage, not per kind."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param
from games.uberdrakes.rules import apply, checks, describe

DRAGON = Param("target", "player")
TO = Param("to", "hex", optional=True)
FACING = Param("facing", "facing", optional=True)
PORTAL = Param("portal", "bool", optional=True)
VILLAGE = Param("village", "int", optional=True, low=0, high=99)


def _text(name: str, optional: bool = False) -> Param:
    return Param(name, "text", optional=optional)


SPECS = {spec.kind: spec for spec in (
    ActionSpec("choose_dragon", (_text("dragon"),), "pick your dragon",
               apply=apply.do_choose_dragon, describe=describe.describe_choose_dragon),
    ActionSpec("keep_hand", (), "keep the movement cards dealt",
               apply=apply.do_keep_hand, describe=describe.describe_keep_hand),
    ActionSpec("mulligan", (Param("cards", "names"),), "put back movement cards",
               apply=apply.do_mulligan, describe=describe.describe_mulligan),
    ActionSpec("mulligan_take", (_text("card"),), "take a movement card back",
               apply=apply.do_mulligan_take, describe=describe.describe_mulligan_take),
    ActionSpec("move", (_text("how"), _text("m"), TO, FACING, PORTAL), "fly with a movement card",
               apply=apply.do_move, describe=describe.describe_move, check=checks.check_move),
    ActionSpec("spell", (_text("spell"), TO, FACING, PORTAL, Param("roost", "bool", optional=True), VILLAGE,
                         Param("x", "int", optional=True, low=0, high=99), _text("item", True),
                         Param("target", "player", optional=True)), "cast a spell",
               apply=apply.do_spell, describe=describe.describe_spell, check=checks.check_spell),
    ActionSpec("item", (_text("item"), Param("target", "player", optional=True), TO, FACING, VILLAGE,
                        _text("mode", True)), "use an item",
               apply=apply.do_item, describe=describe.describe_item, check=checks.check_item),
    ActionSpec("equip", (_text("item"),), "equip an item",
               apply=apply.do_equip, describe=describe.describe_equip, check=checks.check_equip),
    ActionSpec("attack", (DRAGON,), "attack a dragon",
               apply=apply.do_attack, describe=describe.describe_attack, check=checks.check_attack),
    ActionSpec("shoot", (DRAGON,), "shoot at a dragon",
               apply=apply.do_shoot, describe=describe.describe_shoot, check=checks.check_shoot),
    ActionSpec("buy", (_text("item"),), "buy at a village",
               apply=apply.do_buy, describe=describe.describe_buy, check=checks.check_buy),
    ActionSpec("sell", (_text("item"),), "sell at a village",
               apply=apply.do_sell, describe=describe.describe_sell, check=checks.check_buy),
    ActionSpec("exchange", (), "open the blood exchange",
               apply=apply.do_exchange, describe=describe.describe_exchange, check=checks.check_exchange),
    ActionSpec("end_turn", (Param("roost", "bool"),), "end your turn, roosting or not",
               apply=apply.do_end_turn, describe=describe.describe_end_turn, check=checks.check_end_turn),
    ActionSpec("precombat", (_text("what"),), "before the fight",
               apply=apply.do_precombat, describe=describe.describe_precombat),
    ActionSpec("ready", (), "ready for the fight",
               apply=apply.do_ready, describe=describe.describe_ready),
    ActionSpec("roll", (), "roll the fight's dice",
               apply=apply.do_roll, describe=describe.describe_roll),
    ActionSpec("concede", (), "concede the fight",
               apply=apply.do_concede, describe=describe.describe_concede),
    ActionSpec("counter", (_text("what"), Param("x", "int", low=0, high=99)), "counter in the fight",
               apply=apply.do_counter, describe=describe.describe_counter),
    ActionSpec("damage", (_text("effect"), TO, FACING, _text("item", True)), "deal the fight's damage",
               apply=apply.do_damage, describe=describe.describe_damage),
    ActionSpec("blood", (_text("reward"),), "spend blood points",
               apply=apply.do_blood, describe=describe.describe_blood),
    ActionSpec("done", (), "done",
               apply=apply.do_done, describe=describe.describe_done),
    ActionSpec("portal", (Param("travel", "bool"), FACING), "travel through a portal, or not",
               apply=apply.do_portal, describe=describe.describe_portal),
    ActionSpec("pick_rider", (_text("rider", True),), "take a rider aboard",
               apply=apply.do_pick_rider, describe=describe.describe_pick_rider),
    ActionSpec("deliver_village", (VILLAGE,), "deliver the rider to a village (none: keep it aboard)",
               apply=apply.do_deliver_village, describe=describe.describe_deliver_village),
    ActionSpec("skies_land", (Param("to", "hex"),), "land from the skies",
               apply=apply.do_skies_land, describe=describe.describe_skies_land),
    ActionSpec("discard", (_text("card"),), "discard a movement card",
               apply=apply.do_discard, describe=describe.describe_discard),
    ActionSpec("cyclone_move", (DRAGON, TO, FACING), "the cyclone moves a dragon",
               apply=apply.do_cyclone_move, describe=describe.describe_cyclone_move),
    ActionSpec("steal", (DRAGON, _text("item"), _text("source")), "steal an item",
               apply=apply.do_steal, describe=describe.describe_steal),
    ActionSpec("handbook", (_text("take"), _text("other")), "the handbook's card",
               apply=apply.do_handbook, describe=describe.describe_handbook),
)}

DECLARED = Declared(SPECS)
