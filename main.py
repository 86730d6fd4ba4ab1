"""Warbench: play, simulate, render, check, script and bench tabletop wargames.

    python main.py                      the launcher
    python main.py play GAME [--seed N] [--seats human,ai,...] [--load FILE]
    python main.py simulate GAME [--games N] [--seed N] [--ai NAME] [--json] [--workers N] [--cluster ADDR]
    python main.py judge GAME [--scenario S] [--games N] [--armies A,B] [--json] [--plot OUT.png]
    python main.py view MAP.tmx [--game GAME]
    python main.py render GAME [--seed N] [--load FILE] --out FILE.png
    python main.py check [PATH...]
    python main.py script FILE.yaml
    python main.py bench GAME [--json]
"""
import sys

from engine.commands.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
