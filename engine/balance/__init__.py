"""The balance lab: figures a designer needs from many simulated games, with intervals."""

# Simulations' default turn cap (a turn: a run of choices by one seat): far past any shipped
# game's length, so only a game its bots never end is stopped, and reported with its seed.
MAX_TURNS = 5000

# The most games a run plays per variant (``--games``, the Balance window's box, a results
# file's plan): a run keeps a list of its games' indexes, and 10**12 of them was a MemoryError.
MOST_GAMES = 1_000_000

# The most local worker processes a run starts (``--workers``, the Balance window's box): each
# holds a game's rules and tables, and a mistyped 10,000 would start that many.
MOST_WORKERS = 64
