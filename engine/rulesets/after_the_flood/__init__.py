"""After the Flood (Warfrog, 2008): rules digest ``after-the-flood.md``."""
