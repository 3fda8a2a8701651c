"""Cards mode: card faces drawn from layouts, and the decks printed."""
