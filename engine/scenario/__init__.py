"""What a designer edits: the scenario model, its file format and its validation."""
