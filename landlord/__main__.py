"""``python -m landlord`` runs the command line."""

from landlord.apps.cli import main

raise SystemExit(main())
