"""The window's modes: Map (edit the board), Cards (the decks) and Playtest (play the game).

Each mode owns its central page, its docks and its toolbar; the window shows one at a time.
"""
