"""A page's kernel imports only what it draws (issue 37, point 2): no grammar built at import
that no chart checks, no confusables table before a name is checked, and the same answers as
before wherever either is used. Each check runs in a new interpreter, as a kernel starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

IRIS = ["http://example.com/ä", "ht tp://x", "a b", "//host/path?q=ü#f", "mailto:x@y.z", ""]
"""Values checked as ``iri`` and ``iri-reference``: valid and invalid ones."""


def run(code: str) -> dict[str, object]:
    """What ``code`` prints as JSON, run in a new interpreter with this checkout first."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                         timeout=120, cwd=ROOT)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


CHECK_IRIS = f"""
from jsonschema import FormatChecker
fc = FormatChecker()
answers = [[fc.conforms(v, "iri"), fc.conforms(v, "iri-reference")] for v in {IRIS!r}]
"""


@pytest.mark.slow
def test_a_chart_page_builds_no_iri_grammar_and_iri_checks_answer_as_before() -> None:
    """Altair's schema has no ``iri`` format, so a page that draws charts never builds
    rfc3987_syntax's grammars (2.3 CPU-s and 23 MB a kernel); a check of an ``iri`` value
    still gets the real package's answer."""
    kit = run("import sys, json\nimport landlord.widgets.table, landlord.widgets.classroom_teacher, altair\n"
              "c = altair.Chart(altair.Data(values=[{'a': 1}])).mark_bar().encode(x='a:Q').to_dict()\n"
              "built = 'lark' in sys.modules\n" + CHECK_IRIS +
              "print(json.dumps({'built': built, 'answers': answers, 'after': 'lark' in sys.modules}))")
    plain = run("import json\n" + CHECK_IRIS + "print(json.dumps({'answers': answers}))")
    assert kit["built"] is False
    assert kit["answers"] == plain["answers"]
    assert kit["after"] is True  # the first iri check imported the real package
    assert any(a != [True, True] for a in plain["answers"])  # the values can tell a wrong checker apart


def test_the_class_pages_load_no_confusables_table_until_a_name_is_checked() -> None:
    """The confusables table (23 MB) is loaded by the kernel that checks a name, not by every
    page that imports the class code; the check still finds look-alikes."""
    got = run("import sys, json\n"
              "import landlord.widgets.classroom_student, landlord.widgets.classroom_teacher\n"
              "before = 'confusables' in sys.modules\n"
              "from landlord.apps.classroom.names import looks_like\n"
              "print(json.dumps({'before': before, 'like': looks_like('B0t 4', 'Bot 4'),"
              " 'unlike': looks_like('Ian', 'Ann')}))")
    assert got == {"before": False, "like": True, "unlike": False}
