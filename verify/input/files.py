"""Reading untrusted files without being held up by them: regular files of bounded size only (a FIFO never blocks,
a link to /dev/zero is never read), and the claim files under a set of paths.  Light: imports no sympy, so a run
that reuses every verdict from the cache (verify.cache) reads its files without the computer algebra."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from verify.errors import FileRefused

MAX_FILE_BYTES = 4 * 1024 * 1024  # claim files, model files and source documents larger than this are refused unread


def read_bounded(path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refused (FileRefused) unless it is a regular file of at most ``limit`` bytes.

    The file is stat-ed (following symlinks) before it is opened, and opened
    non-blocking, so a FIFO, a device such as /dev/zero, or a directory is
    refused without reading a byte and without waiting for a writer.
    """
    info = os.stat(path)
    _refuse_unless_regular(info, limit)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        _refuse_unless_regular(os.fstat(fd), limit)  # the file may have been swapped since the stat
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"larger than the limit of {limit} bytes")
    return b"".join(chunks)


def _refuse_unless_regular(info, limit) -> None:
    mode = info.st_mode
    if not stat.S_ISREG(mode):
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
        raise FileRefused(f"not a regular file ({kind}); only regular files are read")
    if info.st_size > limit:
        raise FileRefused(f"file of {info.st_size} bytes is larger than the limit of {limit} bytes")


def toml_files(paths) -> list[Path]:
    files = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(f for f in sorted(p.rglob("*.toml")) if not f.is_dir())
        else:
            files.append(p)
    return files
