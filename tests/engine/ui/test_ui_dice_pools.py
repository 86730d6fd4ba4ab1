"""Big pools of Success dice in the tray (Battle Valor: 20 dice and more) show every die."""
from __future__ import annotations

import pygame

from engine.core.dice import SeededDice
from engine.ui import theme as T
from engine.ui.panels import table_dice
from engine.ui.panels.table_dice import GlyphDiceTray, dressed_rolls, wrap_dice
from games.battle_valor_fantasy.rules import success
from games.battle_valor_fantasy.ui.view import success_pool_dice


class _Entry:
    def __init__(self, events):
        self.events = events


def _rows(*pools):
    from engine.core.rules import Event
    ev = [Event("roll", p.text(), "bvf § Success Dice;", data=p.data()) for p in pools]
    return dressed_rolls(_Entry(ev), lambda d: success_pool_dice(d))


def test_a_pool_is_shown_high_first_successes_marked_rerolls_apart():
    pool = success.roll(SeededDice(4), "Regular Infantry 1 attacks", 8, [], rerolls=3)
    (row,) = _rows(pool)
    values = [d["value"] for d in row["dice"]]
    first, again = values[:8], values[8:]
    assert first == sorted(pool.rolls, reverse=True) and again == sorted(pool.rerolled, reverse=True)
    assert row["split"] == 8 and row["split_label"] == "reroll"
    assert [d["value"] for d in row["dice"] if not d["faded"]] == [v for v in values if v >= 5]


def test_every_die_of_a_twenty_four_dice_pool_is_drawn(monkeypatch):
    pygame.font.init()
    th = T.Theme((1280, 720))
    big = success.roll(SeededDice(3), "Combined Wizards cast Fire Ball", 24, [("Elite", 2)])
    small = success.roll(SeededDice(5), "Levy Bows fire", 6, [("Levy", -1)])
    tray = GlyphDiceTray()
    tray.set_rolls(_rows(small, big), animate=False)
    drawn = []
    real = table_dice.custom_die
    monkeypatch.setattr(table_dice, "custom_die", lambda *a, **k: (drawn.append(a), real(*a, **k))[1])
    surf = pygame.Surface((380, 90))
    tray.draw(surf, surf.get_rect(), th)
    assert len(drawn) == 30                       # 6 + 24, none cut off at the tray's edge
    sizes = {a[3] for a in drawn}
    assert min(sizes) >= 10


def test_wrapping_keeps_the_largest_size_that_fits():
    size, cols = wrap_dice(20, 300, 60, 36, 4)
    lines = -(-20 // cols)
    assert lines * (size + 4) - 4 <= 60 and cols * (size + 4) - 4 <= 300
    bigger = size + 1
    cols2 = (300 + 4) // (bigger + 4)
    assert -(-20 // cols2) * (bigger + 4) - 4 > 60          # one pixel more no longer fits
    assert wrap_dice(5, 300, 60, 36, 4) == (36, 7)          # few dice: full size, one line


class _Recording(pygame.Surface):
    """A surface that remembers where each picture lands."""
    def __init__(self, size):
        super().__init__(size)
        self.landed = []

    def blit(self, source, dest, *args, **kw):
        r = super().blit(source, dest, *args, **kw)
        self.landed.append((source.get_size(), r))
        return r


def test_the_note_of_rolls_left_out_is_never_drawn_over_a_die():
    # the 1024x700 window's tray (about 340 x 80 px) after a charge: four pools, the last two shown
    pygame.font.init()
    th = T.Theme((1024, 700))
    pools = [success.roll(SeededDice(s), name, n, []) for s, name, n in
             ((1, "Elite Infantry charge", 6), (2, "Regular Cavalry on Wolves against impact hits", 3),
              (3, "Elite Infantry attacks", 24), (4, "Regular Cavalry on Wolves saves", 16))]
    tray = GlyphDiceTray()
    tray.set_rolls(_rows(*pools), animate=False)
    surf = _Recording((340, 80))
    tray.draw(surf, surf.get_rect(), th)
    note = th.text("+2 earlier in the log", "xs", T.FAINT).get_size()
    notes = [r for size, r in surf.landed if size == note]
    dice = [r for size, r in surf.landed if size[0] == size[1] and size[0] >= 8]
    assert len(notes) == 1 and len(dice) >= 40
    assert not any(d.colliderect(notes[0]) for d in dice)
