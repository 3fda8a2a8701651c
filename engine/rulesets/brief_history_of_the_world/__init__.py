"""A Brief History of the World (Ragnar Brothers, 2009): rules digest ``brief-history-of-the-world.md``."""
