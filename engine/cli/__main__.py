"""``python -m engine.cli``: the same as ``epoch``."""

import sys

from engine.cli import main

sys.exit(main())
