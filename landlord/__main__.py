"""``python -m landlord`` runs the command line."""

from landlord.cli import main

raise SystemExit(main())
