"""The board view shared by the playtest view and, next, the map editor.

``scene`` builds one QGraphicsScene from a scenario's board, ``items`` are the things drawn
on it, ``index`` answers "which space is under this point" fast, ``view`` zooms and pans,
``style`` holds the colours and ``legend`` the short names of piece kinds.
"""
