"""``python3 -m verify`` is the ``verify`` command."""
from .cli import main

main()
