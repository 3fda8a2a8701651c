"""Epoch Studio's rules engine: pure Python, never imports Qt, runs headless."""
