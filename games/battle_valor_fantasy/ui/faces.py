"""Battle Valor Fantasy's faces: every troop of the bestiary, every mount
(a cavalry unit shows its mount) and every character type, with the
silhouette and code data/battle_valor_fantasy/ names for it
(engine/core/faces.py)."""
from __future__ import annotations

from engine.core.faces import Face

DATA = "data/battle_valor_fantasy"


def faces(cat) -> list[Face]:
    """The faces of the catalog `cat` (the game's: its ruleset's catalog())."""
    out = [Face(tid, t.name, t.icon, t.code, f"{DATA}/troops.yaml: {tid}") for tid, t in cat.troops.items()]
    out += [Face(mid, f"Cavalry on {m.name}", m.icon, m.code, f"{DATA}/mounts.yaml: {mid}")
            for mid, m in cat.mounts.items()]
    out += [Face(cid, c.name, c.icon, c.code, f"{DATA}/characters.yaml: {cid}") for cid, c in cat.characters.items()]
    return out


def unit_face(cat, troop: str, mount: str | None) -> tuple[str, str]:
    """(icon, code) of a unit made of `troop`, riding `mount` if cavalry."""
    face = cat.mounts[mount] if mount and mount in cat.mounts else cat.troops[troop]
    return face.icon, face.code
