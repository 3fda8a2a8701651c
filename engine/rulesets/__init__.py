"""The games. ``registry.py`` is the one file that names every shipped game."""
