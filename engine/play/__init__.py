"""Playing a game: the session tree, playtest files and moves as plain data.

This floor sits above the rules and the bots: it drives any ruleset through the contract
and is handed its bots, so nothing below it knows a session exists.
"""
