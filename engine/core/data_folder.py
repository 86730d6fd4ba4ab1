"""Writing in the user data folder without ever following a link.

Everything Warbench writes lives in one folder (`default_dir()`):
games in progress, the history, named saves, army lists, the launcher's
settings, the window markers, locks, the crash log and screenshots.  A
link planted there (`in_progress -> /somewhere`, `crash.log -> ~/.bashrc`)
must never make Warbench write outside it, so every write below the data
folder walks the path one folder at a time from the data folder itself,
opening each with O_NOFOLLOW relative to the last (`dir_fd`), creates
missing folders as it goes, and opens or replaces the file in the folder
it holds open: no link is followed, and none can be swapped in between a
check and the write.  A link found is refused in words (`LinkRefused`, an
OSError whose strerror every caller already shows).  The data folder
itself may be a link: the user chose where it is.

Paths outside the data folder (Save as… into a folder the player picked)
are written the ordinary way, atomically.  Platforms without `dir_fd`
(Windows) check every part with lstat before writing instead.
"""
from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# A path as callers give one.
PathLike = str | os.PathLike[str]
# A folder as _folder holds it: its descriptor (an int) where the platform
# opens by dir_fd (_DIR_FD), else its Path.  Typed Any because every user
# branches on _DIR_FD, which mypy cannot tie to the two forms.
Where = Any

_DIR_FD = os.open in os.supports_dir_fd and os.replace in os.supports_dir_fd and os.mkdir in os.supports_dir_fd
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class LinkRefused(OSError):
    """A link where Warbench would write in its data folder."""

    def __init__(self, path: PathLike) -> None:
        super().__init__(0, f"{path} is a link; Warbench never writes through a link in its data folder "
                            "(remove the link)", str(path))

    def __str__(self) -> str:
        return self.strerror or ""


class NotAFolder(OSError):
    def __init__(self, path: PathLike) -> None:
        super().__init__(0, f"{path} is a file where Warbench keeps a folder (move the file away)", str(path))

    def __str__(self) -> str:
        return self.strerror or ""


def default_dir() -> Path:
    """The user data folder: WARBENCH_HOME when set (tests, portable
    installs), else the platform's own place (platformdirs: ~/.local/share
    on Linux, Application Support on macOS, AppData on Windows).
    (engine.core.saves re-exports it, where every caller finds it.)"""
    base = os.environ.get("WARBENCH_HOME")
    if base:
        return Path(base)
    import platformdirs
    return Path(platformdirs.user_data_dir("warbench", appauthor=False))


def root() -> Path:
    return Path(os.path.abspath(default_dir()))


def parts_inside(path: PathLike) -> list[str] | None:
    """The names from the data folder down to `path`, or None when `path`
    is not inside the data folder (by name: a link is not resolved)."""
    p = Path(os.path.abspath(path))
    base = root()
    try:
        rel = p.relative_to(base)
    except ValueError:
        return None
    parts = list(rel.parts)
    return parts if parts and ".." not in parts else None


@contextmanager
def _folder(parts: list[str], create: bool = True) -> Iterator[Where]:
    """The folder `parts` below the data folder, opened (dir_fd) or checked
    (a Path) part by part, created where missing (FileNotFoundError
    without `create`); never through a link."""
    base = root()
    if create:
        base.mkdir(parents=True, exist_ok=True)
    if not _DIR_FD:
        here = base
        for name in parts:
            here = here / name
            _check_part(here)
            if not os.path.lexists(here):
                if not create:
                    raise FileNotFoundError(2, "No such file or directory", str(here))
                os.mkdir(here)
        yield here
        return
    fd = os.open(base, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    here = base
    try:
        for name in parts:
            here = here / name
            try:
                nfd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(name, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
                nfd = _open_part(name, fd, here)
            except OSError:
                nfd = _open_part(name, fd, here)
            os.close(fd)
            fd = nfd
        yield fd
    finally:
        os.close(fd)


@contextmanager
def _plain(folder: PathLike) -> Iterator[Where]:       # always its Path
    """A folder outside the data folder, as it is named."""
    yield Path(folder)


def _open_part(name: str, fd: int, here: Path) -> int:
    try:
        return os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
    except OSError:
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        if stat.S_ISLNK(st.st_mode):
            raise LinkRefused(here) from None
        if not stat.S_ISDIR(st.st_mode):
            raise NotAFolder(here) from None
        raise


def _check_part(path: Path) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode) or getattr(st, "st_reparse_tag", 0) != 0:
        raise LinkRefused(path)
    if not stat.S_ISDIR(st.st_mode):
        raise NotAFolder(path)


def _no_link(name: str, where: Where, shown: Path) -> None:
    """Refuse when the file itself is a link (a link would be replaced, not
    followed, by a rename: refused all the same, so the player hears of it)."""
    try:
        st = os.stat(name, dir_fd=where, follow_symlinks=False) if _DIR_FD else os.lstat(where / name)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise LinkRefused(shown)


def write_atomic(path: PathLike, data: bytes) -> None:
    """Write `path` so that a crash or a kill mid-write leaves the old file
    intact (a temp file in the same folder, fsync, rename over it); inside
    the data folder no link is followed."""
    parts = parts_inside(path)
    if parts is None:
        _write_atomic_outside(Path(path), data)
        return
    name = parts[-1]
    tmp = f"{name}.{secrets.token_hex(4)}.tmp"
    with _folder(parts[:-1]) as where:
        _no_link(name, where, Path(path))
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
        fd = os.open(tmp, flags, 0o644, dir_fd=where) if _DIR_FD else os.open(where / tmp, flags, 0o644)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            if _DIR_FD:
                os.replace(tmp, name, src_dir_fd=where, dst_dir_fd=where)
            else:
                os.replace(where / tmp, where / name)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=where) if _DIR_FD else os.unlink(where / tmp)
            except OSError:
                pass
            raise


def _write_atomic_outside(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f"{path.name}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _open_file(path: PathLike, flags: int, mode: int = 0o644) -> int:
    """A file in the data folder opened with `flags` (O_NOFOLLOW added);
    refused when it is a link or not a regular file (a FIFO named
    crash.log must not block the app)."""
    parts = parts_inside(path)
    if parts is None:
        raise ValueError(f"{path} is not in the data folder")
    name = parts[-1]
    flags |= _NOFOLLOW | _CLOEXEC | _NONBLOCK
    with _folder(parts[:-1]) as where:
        try:
            fd = os.open(name, flags, mode, dir_fd=where) if _DIR_FD else os.open(where / name, flags, mode)
        except OSError as e:
            _no_link(name, where, Path(path))
            if getattr(e, "errno", None) in (getattr(os, "ENXIO", -1),):       # a FIFO nobody reads
                raise OSError(e.errno, f"{path} is not a regular file", str(path)) from None
            raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise OSError(0, f"{path} is not a regular file", str(path))
    return fd


def append(path: PathLike, data: bytes) -> None:
    """Append to a file in the data folder (the crash log), never through a link."""
    fd = _open_file(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with os.fdopen(fd, "ab") as f:
        f.write(data)


def create(path: PathLike, data: bytes) -> bool:
    """Create a new file in the data folder holding `data` (a lock), never
    seen empty or half written: written to a temp file, then hard-linked
    to its name (which fails if the name exists).  False, writing nothing,
    when it already exists."""
    parts = parts_inside(path)
    if parts is None:
        raise ValueError(f"{path} is not in the data folder")
    name = parts[-1]
    tmp = f"{name}.{secrets.token_hex(4)}.tmp"
    with _folder(parts[:-1]) as where:
        def at(n: str) -> str | Path:
            return n if _DIR_FD else where / n
        kw: dict[str, Any] = {"dir_fd": where} if _DIR_FD else {}
        fd = os.open(at(tmp), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o644, **kw)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            try:
                if _DIR_FD:
                    os.link(tmp, name, src_dir_fd=where, dst_dir_fd=where, follow_symlinks=False)
                else:
                    os.link(at(tmp), at(name))
                return True
            except FileExistsError:
                return False
            except OSError:             # a file system without hard links: create it exclusively
                try:
                    fd = os.open(at(name), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o644, **kw)
                except FileExistsError:
                    return False
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                return True
        finally:
            try:
                os.unlink(at(tmp), **kw)
            except OSError:
                pass


def remove(path: PathLike) -> None:
    """Remove a file (a link is removed itself, never what it points to);
    a file already gone is no error.  Inside the data folder the folders
    on the way are not followed either."""
    parts = parts_inside(path)
    if parts is None:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        return
    try:
        with _folder(parts[:-1], create=False) as where:
            if _DIR_FD:
                os.unlink(parts[-1], dir_fd=where)
            else:
                os.unlink(where / parts[-1])
    except FileNotFoundError:
        pass


def remove_temp_files(folder: PathLike, older_than: float) -> int:
    """Remove the temp files (`*.tmp`) an interrupted write left in a folder
    (in the data folder never one a link leads to); how many."""
    import time
    parts = parts_inside(folder)
    outside = parts is None and Path(os.path.abspath(folder)) != root()
    removed, now = 0, time.time()
    try:
        with (_plain(folder) if outside else _folder(parts or [], create=False)) as where:
            for entry in os.scandir(where):
                if not entry.name.endswith(".tmp") or not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                        continue
                    os.unlink(entry.name, dir_fd=where) if _DIR_FD and not outside else os.unlink(entry.path)
                    removed += 1
                except OSError:
                    pass
    except OSError:
        return removed
    return removed
