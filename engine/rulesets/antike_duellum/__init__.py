"""Antike Duellum (Mac Gerdts, PD-Verlag 2012): rules digest ``antike-duellum.md``."""
