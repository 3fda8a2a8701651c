"""Epoch Studio's desktop application: the only place PySide6 is imported."""
