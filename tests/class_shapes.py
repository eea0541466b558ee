"""The shape of the kit's classes, for the tests of the rules' families as a state and its parts
(issue 39, point 2)."""

from __future__ import annotations


def kit_classes(cls: type) -> list[type]:
    """The kit's own classes ``cls`` is made of, itself included (its bases from other libraries
    and Python's left out)."""
    return [c for c in cls.__mro__ if c.__module__.startswith("landlord.")]
