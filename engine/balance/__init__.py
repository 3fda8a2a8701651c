"""The balance lab: figures a designer needs from many simulated games, with intervals."""
