"""The shared wording of script expectations (engine/core/expectations.py)."""
from types import SimpleNamespace

from engine.core import expectations


def test_named_fields_report_each_mismatch_missing_name_and_unknown_field():
    units = {7: {"stands": 3, "formation": "line"}}

    def read(uid, f, v):
        return units[uid].get(f, expectations.UNKNOWN), v

    want = {"Spears": {"stands": 4, "formation": "line", "colour": "red"}, "Bows": {"stands": 2}}
    assert expectations.named(want, {"Spears": 7}, read) == [
        "Spears.stands: expected 4, got 3", "Spears.colour: unknown field", "no unit named 'Bows'"]
    assert expectations.named({"Spears": {"stands": 3}}, {"Spears": 7}, read) == []


def test_the_reader_may_restate_the_expected_value():
    # a reader turns the script's words into the state's terms (a hex label parsed, a list sorted)
    def read(uid, f, v):
        return [1, 2], sorted(v)

    assert expectations.named({"A": {"at": [2, 1]}}, {"A": 0}, read, what="Character") == []
    assert expectations.named({"B": {"at": [2, 1]}}, {}, read, what="Character") == ["no Character named 'B'"]


def test_numbered_pieces_and_plain_values():
    players = [SimpleNamespace(score=3), SimpleNamespace(score=5)]
    assert expectations.numbered({"1": {"score": 4}}, players) == ["player 1.score: expected 4, got 5"]
    assert expectations.numbered({0: {"score": 3}}, players, what="city") == []
    assert expectations.value("phase", "fire", "charge") == ["expected phase 'charge', got 'fire'"]
    assert expectations.value("phase", "fire", "fire") == []
