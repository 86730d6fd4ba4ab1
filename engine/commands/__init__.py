"""The command line (`main.py` / `warbench`): cli.py parses the subcommands
and dispatches to simulate, script, check, judge and tools (render, bench).
May import every other engine package; the drawing commands import
engine.ui lazily so the headless ones never load pygame."""
