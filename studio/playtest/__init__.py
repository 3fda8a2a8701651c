"""The playtest view: a session of the engine, stepped through, undone, branched and saved.

``controller`` wraps the engine's Session in a QObject that announces every change; the
panels (decision, history, log, seats) and the board only read from it and ask it to act.
"""
