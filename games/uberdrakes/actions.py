"""UberDrakes' actions, declared once (engine/core/action_specs.py): every
kind the rules take, its parameters and their kinds.  `rules.check` checks
an action against this before its own checks read it; names (cards,
items, spells, effects) are left to the game's checks, which refuse them
in the rulebook's words.  A dragon is named by its seat ("player")."""
from __future__ import annotations

from engine.core.action_specs import ActionSpec, Declared, Param

DRAGON = Param("target", "player")
TO = Param("to", "hex", optional=True)
FACING = Param("facing", "facing", optional=True)
PORTAL = Param("portal", "bool", optional=True)
VILLAGE = Param("village", "int", optional=True, low=0, high=99)


def _text(name: str, optional: bool = False) -> Param:
    return Param(name, "text", optional=optional)


SPECS = {spec.kind: spec for spec in (
    ActionSpec("choose_dragon", (_text("dragon"),), "pick your dragon"),
    ActionSpec("keep_hand", (), "keep the movement cards dealt"),
    ActionSpec("mulligan", (Param("cards", "names"),), "put back movement cards"),
    ActionSpec("mulligan_take", (_text("card"),), "take a movement card back"),
    ActionSpec("move", (_text("how"), _text("m"), TO, FACING, PORTAL), "fly with a movement card"),
    ActionSpec("spell", (_text("spell"), TO, FACING, PORTAL, Param("roost", "bool", optional=True), VILLAGE,
                         Param("x", "int", optional=True, low=0, high=99), _text("item", True),
                         Param("target", "player", optional=True)), "cast a spell"),
    ActionSpec("item", (_text("item"), Param("target", "player", optional=True), TO, FACING, VILLAGE,
                        _text("mode", True)), "use an item"),
    ActionSpec("equip", (_text("item"),), "equip an item"),
    ActionSpec("attack", (DRAGON,), "attack a dragon"),
    ActionSpec("shoot", (DRAGON,), "shoot at a dragon"),
    ActionSpec("buy", (_text("item"),), "buy at a village"),
    ActionSpec("sell", (_text("item"),), "sell at a village"),
    ActionSpec("exchange", (), "open the blood exchange"),
    ActionSpec("end_turn", (Param("roost", "bool"),), "end your turn, roosting or not"),
    ActionSpec("precombat", (_text("what"),), "before the fight"),
    ActionSpec("ready", (), "ready for the fight"),
    ActionSpec("roll", (), "roll the fight's dice"),
    ActionSpec("concede", (), "concede the fight"),
    ActionSpec("counter", (_text("what"), Param("x", "int", low=0, high=99)), "counter in the fight"),
    ActionSpec("damage", (_text("effect"), TO, FACING, _text("item", True)), "deal the fight's damage"),
    ActionSpec("blood", (_text("reward"),), "spend blood points"),
    ActionSpec("done", (), "done"),
    ActionSpec("portal", (Param("travel", "bool"), FACING), "travel through a portal, or not"),
    ActionSpec("pick_rider", (_text("rider", True),), "take a rider aboard"),
    ActionSpec("deliver_village", (VILLAGE,), "deliver the rider to a village (none: keep it aboard)"),
    ActionSpec("skies_land", (Param("to", "hex"),), "land from the skies"),
    ActionSpec("discard", (_text("card"),), "discard a movement card"),
    ActionSpec("cyclone_move", (DRAGON, TO, FACING), "the cyclone moves a dragon"),
    ActionSpec("steal", (DRAGON, _text("item"), _text("source")), "steal an item"),
    ActionSpec("handbook", (_text("take"), _text("other")), "the handbook's card"),
)}

DECLARED = Declared(SPECS)
