"""Vendor the game-icons.net silhouettes Warbench draws.

assets/icons/icons.yaml lists every icon a game's data may name (its
game-icons.net name, with its author and licence).  This reads the
`@iconify-json/game-icons` npm package (the shapes, background removed) and
writes exactly those icons as standalone SVG files in assets/icons/, plus
CREDITS.md with every icon, its author and its licence.

    python tools/vendor_icons.py                    # fetches the package with `npm pack`
    python tools/vendor_icons.py --package DIR      # an unpacked package (its icons.json)
    python tools/vendor_icons.py --repo DIR         # also check (or fill in) each icon's author
                                                    # from a checkout of github.com/game-icons/icons

The npm package does not say who drew each icon; the icons repository keeps
one folder per author.  With `--repo`, every icon's author is taken from the
folder whose drawing is the package's (a name two authors used is told apart
by its outline) and icons.yaml is rewritten with it; without it the authors
already in icons.yaml are kept.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"
PACKAGE = "@iconify-json/game-icons"
CC0 = {"Viscious Speed", "Zeromancer"}      # the repository's license.txt: "CC0 if mentioned"
HEADER = """\
# The silhouettes Warbench draws, from the game-icons.net set (assets/icons/CREDITS.md).
# A game's data names one by its key (`icon: police-officer-head`); engine/core/faces.py
# refuses any other name.  Add an icon here, then run: python tools/vendor_icons.py
# (with --repo DIR, a checkout of github.com/game-icons/icons, to fill in its author).
"""
_START = re.compile(r'd="[Mm]\s*([-0-9.]+)[ ,]*([-0-9.]+)')


def fetch(tmp: Path) -> Path:
    out = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, capture_output=True, text=True, check=True)
    tgz = tmp / out.stdout.strip().splitlines()[-1]
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "package"


def svg(body: str, size: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{body}</svg>\n')


def author_name(folder: str, license_text: str) -> str:
    """The author's name as the repository's license.txt writes it."""
    squash = folder.replace("-", "").lower()
    for line in license_text.splitlines():
        name = line.lstrip("- ").split(",")[0].split(" - ")[0].strip()
        if name and name.replace(" ", "").lower() in (squash, squash.rstrip("ms")):
            return name
    return folder.replace("-", " ").title()


def authors_from_repo(repo: Path, bodies: dict[str, str], names) -> dict[str, tuple[str, str]]:
    """Each icon's (author, folder): the folder holding a drawing of that name whose
    first outline starts where the package's does."""
    license_text = (repo / "license.txt").read_text(encoding="utf-8")
    out = {}
    for name in names:
        mine = _START.search(bodies[name])
        found = []
        for path in sorted(repo.glob(f"*/{name}.svg")):
            if path.parent.name == "badges":
                continue
            theirs = [m for m in _START.finditer(path.read_text(encoding="utf-8"))][1:2]   # [0] is the background
            if mine and theirs and theirs[0].groups() == mine.groups():
                found.append(path.parent.name)
        if len(found) != 1:
            raise SystemExit(f"{name}: cannot tell who drew it in {repo} (matches: {found or 'none'})")
        out[name] = (author_name(found[0], license_text), found[0])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", help="an unpacked @iconify-json/game-icons package folder")
    ap.add_argument("--repo", help="a checkout of github.com/game-icons/icons, for the authors")
    args = ap.parse_args(argv)
    wanted = yaml.safe_load((ICONS / "icons.yaml").read_text(encoding="utf-8"))["icons"]
    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(args.package) if args.package else fetch(Path(tmp))
        data = json.loads((pkg / "icons.json").read_text(encoding="utf-8"))
        info = json.loads((pkg / "info.json").read_text(encoding="utf-8"))
        version = json.loads((pkg / "package.json").read_text(encoding="utf-8")).get("version", "?")
    size = data.get("width", 512)
    missing = [name for name in wanted if name not in data["icons"]]
    if missing:
        print(f"not in the package: {', '.join(missing)}", file=sys.stderr)
        return 1
    bodies = {name: data["icons"][name]["body"] for name in wanted}
    if args.repo:
        for name, (author, folder) in authors_from_repo(Path(args.repo), bodies, wanted).items():
            wanted[name] = {"author": author, "folder": folder, "licence": "CC0" if author in CC0 else "CC BY 3.0"}
        lines = [f"  {n}: {{author: {v['author']}, folder: {v['folder']}, licence: {v['licence']}}}"
                 for n, v in sorted(wanted.items())]
        (ICONS / "icons.yaml").write_text(HEADER + "icons:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    unknown = [n for n, v in wanted.items() if not ((v or {}).get("author") and v.get("folder"))]
    if unknown:
        print(f"no author for: {', '.join(unknown)} (run with --repo)", file=sys.stderr)
        return 1
    for old in ICONS.glob("*.svg"):
        old.unlink()
    for name in sorted(wanted):
        (ICONS / f"{name}.svg").write_text(svg(bodies[name], size), encoding="utf-8")
    lic = info["license"]
    lines = [
        "# Icon credits",
        "",
        f"The unit silhouettes in this folder are from **{info['name']}** (game-icons.net),",
        f"drawn by the authors named below (the contributors are listed at {info['author']['url']}),",
        f"licensed under **{lic['title']}** ({lic['url']};",
        "https://creativecommons.org/licenses/by/3.0/) unless the table says CC0.",
        "Icons made by the author named beside each one, from https://game-icons.net.",
        f"Taken from the npm package `{PACKAGE}` {version} by `tools/vendor_icons.py`;",
        "the shapes are unchanged (Warbench recolours them when it draws them).",
        "Which unit draws which icon is set in each game's data (`icon:` in data/<game>/).",
        "",
        "| file | game-icons.net icon | author | licence |",
        "| --- | --- | --- | --- |",
    ] + [f"| {name}.svg | [{name}](https://game-icons.net/1x1/{v['folder']}/{name}.html) | {v['author']} | {v['licence']} |"
         for name, v in sorted(wanted.items())]
    (ICONS / "CREDITS.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(wanted)} icons and CREDITS.md to {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
