"""UberDrakes' upward calls (engine/core/late.py): combats, spaces, items
and spells hand control back to the turn sequence (turns: `run_jobs`,
`after_move`, `check_instant_win`, `final_battle_result`), and the job
queue asks whether a pending choice has any answer (legal:
`pending_actions`)."""
from engine.core.late import LateCalls

late = LateCalls("uberdrakes")
