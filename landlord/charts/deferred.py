"""A grammar built at import that no chart needs, deferred to its first use (issue 37, point 2).

``import altair`` imports jsonschema, whose format checkers import ``rfc3987_syntax`` for the
``iri`` and ``iri-reference`` formats; that package builds 38 Lark grammars as it is imported:
2.3 CPU-s and 23 MB in every kernel that draws a chart (measured: ``import jsonschema`` after
pandas took +28.7 MB USS and 2.34 CPU-s, +5.3 MB and 0.07 CPU-s with the grammar deferred).
Altair's Vega-Lite schema uses no ``iri`` format (only ``uri``, ``uri-reference`` and
``color-hex``), so a page's kernel never checks one.

:func:`defer_iri_grammar` puts a stand-in module in its place before jsonschema is imported:
jsonschema still registers both checkers, and the first check of an ``iri`` value (or any other
use of the module) imports the real package and hands the call to it, so every check gives the
answer it gave before. It is called by the package face (``landlord/__init__.py``), which every
import of the kit runs first.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import types
from typing import Any

GRAMMAR_MODULE = "rfc3987_syntax"
"""The package whose import builds the grammars."""


@functools.cache
def _real() -> types.ModuleType:
    """The real package, imported in place of the stand-in (once)."""
    if getattr(sys.modules.get(GRAMMAR_MODULE), "__deferred__", False):
        del sys.modules[GRAMMAR_MODULE]
    import rfc3987_syntax

    return rfc3987_syntax


def is_valid_syntax(term: str, value: str) -> bool:
    """``rfc3987_syntax.is_valid_syntax`` (what jsonschema imports from it), from the real package."""
    return bool(_real().is_valid_syntax(term, value))


def _attribute(name: str) -> Any:
    """Any other name of the package, from the real package (not its dunders: a tool that walks
    ``sys.modules`` reading ``__file__`` or ``__path__`` does not build the grammars)."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(_real(), name)


def defer_iri_grammar() -> None:
    """Put the stand-in in ``sys.modules`` unless the package is imported already or absent."""
    if GRAMMAR_MODULE in sys.modules or importlib.util.find_spec(GRAMMAR_MODULE) is None:
        return
    stand_in = types.ModuleType(GRAMMAR_MODULE, "stand-in: the real package is imported at first use "
                                                "(landlord.charts.deferred)")
    stand_in.__dict__.update(is_valid_syntax=is_valid_syntax, __getattr__=_attribute, __deferred__=True)
    sys.modules[GRAMMAR_MODULE] = stand_in
