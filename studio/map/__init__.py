"""The map editor: its geometry, its edits as undo steps, its tools and what they draw."""
