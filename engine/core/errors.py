"""Errors a frontend shows to a person rather than as a traceback."""


class IllegalAction(Exception):
    """The move is not allowed now; the state is untouched. The message says why."""
