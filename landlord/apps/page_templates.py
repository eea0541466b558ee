"""Voilà's page templates compiled once per server, not once per page.

Voilà renders every page, and every warm kernel's pre-run, with a new nbconvert exporter, and
each exporter makes its own Jinja environment: the kit's page template and the ones it extends
(``index.html.j2``, ``base.html.j2``, ``display_priority.j2``, …) were parsed and compiled to
Python again for each page. That was most of the Voilà server's own work while it warmed a
class's kernels (a profile of ``landlord class --class-size 30`` warming: about 57% of the
server's event-loop samples in ``Environment.compile``), and the server is one process that every
page's start waits for. :func:`compile_templates_once` gives each such environment a shared
Jinja bytecode cache (Jinja's documented hook for reusing compiled templates): a template is
compiled the first time, and later environments load its code. A template whose source changes
is compiled again (the cache checks each source's checksum), and environments that compile
differently (async or not, other extensions) never share code.
"""

from __future__ import annotations

import functools
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache
from nbconvert.exporters.templateexporter import TemplateExporter


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept in this process's memory, by template and source checksum."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` with its template's code when it was compiled before."""
        data = self.code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep ``bucket``'s newly compiled code."""
        self.code[bucket.key] = bucket.bytecode_to_string()


CACHES: dict[tuple[bool, tuple[str, ...]], CompiledTemplates] = {}
"""One cache for each way of compiling: whether the environment is async, and its extensions."""


def cache_for(environment: Environment) -> CompiledTemplates:
    """The shared cache of the environments that compile as ``environment`` does."""
    kind = (environment.is_async, tuple(sorted(environment.extensions)))
    return CACHES.setdefault(kind, CompiledTemplates())


def compile_templates_once() -> None:
    """Give every nbconvert (and so Voilà) exporter's Jinja environment the shared cache of
    compiled templates (once per process)."""
    create = TemplateExporter._create_environment
    if getattr(create, "mended", False):
        return

    @functools.wraps(create)
    def _create_environment(self: TemplateExporter) -> Any:
        environment = create(self)
        environment.bytecode_cache = cache_for(environment)
        return environment

    _create_environment.mended = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]
