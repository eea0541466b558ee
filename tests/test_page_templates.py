"""Voilà's page templates compiled once per server (``landlord.apps.page_templates``): a second
page's exporter loads the kit's page template without compiling it again, a changed template is
compiled again, and environments that compile differently never share code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from landlord.apps import page_templates
from landlord.apps.page_templates import CompiledTemplates, cache_for, compile_templates_once
from landlord.apps.serve import TEMPLATES


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from their source, in order."""
    names: list[str] = []
    compile_source = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        names.append(str(name))
        return compile_source(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    monkeypatch.setattr(page_templates, "CACHES", {})
    return names


def kit_page_exporter(monkeypatch: pytest.MonkeyPatch) -> VoilaExporter:
    """A Voilà exporter with the kit's page template, as Voilà makes one for each page."""
    monkeypatch.setenv("JUPYTER_PATH", str(TEMPLATES))
    paths = collect_template_paths(["voila", "nbconvert"], "landlord", prune=True)
    return VoilaExporter(template_paths=paths, template_name="landlord")


def test_a_second_page_loads_the_compiled_page_template(compiles: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    compile_templates_once()
    compile_templates_once()  # once per process: a second call changes nothing
    first = kit_page_exporter(monkeypatch).template
    compiled = len(compiles)
    assert compiled >= 1 and "index.html.j2" in compiles
    second = kit_page_exporter(monkeypatch).template
    assert len(compiles) == compiled, compiles[compiled:]  # nothing compiled again
    assert second is not first and second.render is not None


def test_a_changed_template_is_compiled_again(compiles: list[str], tmp_path: Path) -> None:
    page = tmp_path / "page.j2"
    page.write_text("one {{ x }}")
    cache = CompiledTemplates()

    def env() -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), bytecode_cache=cache)

    assert env().get_template("page.j2").render(x=1) == "one 1"
    assert env().get_template("page.j2").render(x=2) == "one 2"
    assert compiles == ["page.j2"]
    page.write_text("two {{ x }}")
    assert env().get_template("page.j2").render(x=3) == "two 3"
    assert compiles == ["page.j2", "page.j2"]


def test_environments_that_compile_differently_share_no_code() -> None:
    plain, async_ = jinja2.Environment(), jinja2.Environment(enable_async=True)
    with_do = jinja2.Environment(extensions=["jinja2.ext.do"])
    assert cache_for(plain) is cache_for(jinja2.Environment())
    assert len({id(cache_for(e)) for e in (plain, async_, with_do)}) == 3
