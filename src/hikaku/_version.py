"""The version of hikaku: the one place it is written (pyproject.toml reads it from here), so
that ``hikaku --version`` needs no package metadata lookup."""

__version__ = "0.1.0"
