"""Drop-in replacements for other mahjong libraries, backed by the tenpai engine.

- :mod:`tenpai.compat.mahjong`: the ``mahjong`` package's ``HandCalculator``.
"""
