"""Jupyter widgets for the kit (game table, scenario lab), built only on the public API of landlord."""
