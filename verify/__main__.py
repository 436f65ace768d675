"""``python3 -m verify`` is the ``verify`` command."""
from verify.cli import main

main()
