"""Hand-off of a scenario to other frontends: images of the board and the cards, a Tabletop
Simulator save and a VASSAL module. Rendered with Pillow, so it runs headless anywhere."""
