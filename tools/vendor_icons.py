"""Vendor the game-icons.net silhouettes Warbench draws.

Reads the `@iconify-json/game-icons` package (CC BY 3.0) and writes only
the icons assets/icons/icons.yaml names, as standalone SVG files in
assets/icons/, plus CREDITS.md with the licence the set requires.

    python tools/vendor_icons.py                    # fetches the package with `npm pack`
    python tools/vendor_icons.py --package DIR      # an unpacked package (its icons.json)
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "assets" / "icons"
PACKAGE = "@iconify-json/game-icons"


def fetch(tmp: Path) -> Path:
    out = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, capture_output=True, text=True, check=True)
    tgz = tmp / out.stdout.strip().splitlines()[-1]
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "package"


def svg(body: str, size: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{body}</svg>\n')


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", help="an unpacked @iconify-json/game-icons package folder")
    args = ap.parse_args(argv)
    wanted = yaml.safe_load((ICONS / "icons.yaml").read_text(encoding="utf-8"))["icons"]
    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(args.package) if args.package else fetch(Path(tmp))
        data = json.loads((pkg / "icons.json").read_text(encoding="utf-8"))
        info = json.loads((pkg / "info.json").read_text(encoding="utf-8"))
        version = json.loads((pkg / "package.json").read_text(encoding="utf-8")).get("version", "?")
    size = data.get("width", 512)
    missing = [name for name, spec in wanted.items() if spec["id"] not in data["icons"]]
    if missing:
        print(f"not in the package: {', '.join(missing)}", file=sys.stderr)
        return 1
    for old in ICONS.glob("*.svg"):
        old.unlink()
    for name, spec in sorted(wanted.items()):
        (ICONS / f"{name}.svg").write_text(svg(data["icons"][spec["id"]]["body"], size), encoding="utf-8")
    lic = info["license"]
    lines = [
        "# Icon credits",
        "",
        f"The unit silhouettes in this folder are from **{info['name']}** (game-icons.net),",
        f"by Lorc, Delapouite and the contributors listed at {info['author']['url']},",
        f"licensed under **{lic['title']}** ({lic['url']};",
        "https://creativecommons.org/licenses/by/3.0/).",
        f"Taken from the npm package `{PACKAGE}` {version} by `tools/vendor_icons.py`;",
        "the shapes are unchanged (Warbench recolours them when it draws them).",
        "",
        "| file | game-icons.net icon |",
        "| --- | --- |",
    ] + [f"| {name}.svg | {spec['id']} |" for name, spec in sorted(wanted.items())]
    (ICONS / "CREDITS.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(wanted)} icons and CREDITS.md to {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
