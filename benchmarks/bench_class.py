"""Benchmark: a class of N students over loopback, as a teacher runs ``landlord class``.

    python3 benchmarks/bench_class.py [--students 30] [--browsers 1] [--faults] [--servers 2] ...

The machinery (the students' websocket clients, the servers, the windows of a fault drill and
their report) is ``tests/class_load.py``: the class drill test (``tests/test_classroom_drill.py``)
runs the same code at a tenth of the size, and tests import nothing from ``benchmarks/``. Its
docstring says what is measured and how; ``--help`` lists every option.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from class_load import main

if __name__ == "__main__":
    main()
