"""Entry point of ``python -m tournaments.pairing`` (see :mod:`rules.pairing.cli`)."""

import sys

from rules.pairing.cli import main

sys.exit(main())
