"""Mechanisms several map-and-card games share: the map's geography with fleets and
caravans, dice, region presence levels, the buildings a conquest knocks down and words
for a list made when read.

A game imports these and adds its own conventions (which terrain counts, what a level is
worth); nothing here knows one game's cards or options.
"""
