"""Bots that can take any seat: chosen by name in playtests and simulations."""

from __future__ import annotations

from engine.bots.random_bot import RandomBot

BOTS = {RandomBot.name: RandomBot()}
