"""Bots that can take any seat: chosen by name in playtests and simulations."""

from __future__ import annotations

from engine.bots.random_bot import RandomBot
from engine.bots.search import GreedyBot, SearchBot

# A session seats the looking-ahead bots at its game (``engine.core.bot.seated``).
BOTS = {bot.name: bot for bot in (RandomBot(), GreedyBot(), SearchBot(playouts=32))}
