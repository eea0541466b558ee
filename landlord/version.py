"""The kit's version: the package's (a record also names a digest of the rules,
:func:`landlord.engine.record.kit_version`)."""

__version__ = "0.1.0"
