"""Sid Meier's Civilization: The Board Game (FFG 2010): rules digest ``civilization.md``."""
