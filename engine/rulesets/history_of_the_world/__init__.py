"""History of the World (2018 edition): rules digest ``history-of-the-world.md``."""
