"""Entry point of ``python -m rules.pairing`` (the same command as ``tournaments.pairing``)."""

import sys

from rules.pairing.cli import main

sys.exit(main())
