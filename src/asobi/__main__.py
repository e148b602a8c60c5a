"""``python -m asobi`` runs the command line."""

import sys

from asobi.cli import main

sys.exit(main())
