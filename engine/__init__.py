"""Warbench engine: game-agnostic, headless (only engine/ui imports pygame)."""
