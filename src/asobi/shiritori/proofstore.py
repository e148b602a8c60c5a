"""The proof store of the compiled search: proofs reused at positions with more words used.

A proof that the player to move at (unit u, used words S) wins or loses stays valid at
(u, S') when the loser could only have fewer replies and the winner still has every word it
plays (issue 11; :meth:`asobi.shiritori.solver.Solver._stored_proof` is the Python twin).
Each proven node carries two sets, composed from its children when it is proven:

* R, the units the loser answers somewhere in the proof (the loser's words at S' must be a
  subset: every word of a class playable at a unit of R that S had used is used in S');
* W, the classes the winner plays in it (none of their words that S had free may be used
  in S': the winner's class then still has its word wherever the proof plays it).

With classes counted in list order (the used bits of a class are its lowest bits), the two
conditions are two bit-set tests on the used-word bits: ``need ⊆ S'`` and
``win ∩ S' = ∅`` with ``need = S ∩ bits(R)`` and ``win = bits(W) \\ S``. The words of S
outside R and W do not matter: that is what lets a proof found after one reply serve the
sibling position after another reply that ends at the same unit, or a start word's trap
serve every other start word that leads to it.

Arrays (see :class:`asobi.shiritori.compiled.CompiledSearch`): the *sets table* (hash halves,
R as unit bits, W as class bits; always replaced) and, per unit, a ring of ``capacity``
stored proofs (need, win, value, R, W) of proven nodes whose search took at least
``min_nodes`` nodes. ``value`` is the winning class, or -1 for a loss.

The *archive* (off unless ``archive`` > 0) is a second ring per unit, of the last
``archive`` stored proofs of nodes at most ``archive_depth`` plies below the searched
position. The first ring holds the proofs of the last few hundred million nodes of a deep
search (40–80 are stored per million nodes on the hinges of docs/notes/shiritori-deep-runs.md,
"Searches that go on across sittings"), and the table is always replaced (with one row per
bucket; rows in buckets keep the costliest, but still not for ever), so the proofs near the
root, which stand for most of the work, would be lost with them; the archive keeps them (it
is looked up after the first ring), and a saved store (:func:`save_rings`) carries them into
the next run. (Depth, not nodes: df-pn proves a node on its last visit, often cheap after the
earlier visits did the work.)
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

import numpy as np
from numba import njit


def build_arrays(
    units: int,
    classes: int,
    bit_count: int,
    unit_bits: np.ndarray,
    class_bits: np.ndarray,
    *,
    sets_bits: int,
    capacity: int,
    min_nodes: int,
    enabled: bool,
    archive: int = 0,
    archive_depth: int = 6,
) -> tuple:
    """The store's arrays (empty), as the tuple the kernels take."""
    words = max(1, (bit_count + 63) // 64)
    unit_words = (units + 63) // 64
    class_words = (classes + 63) // 64
    slots = 1 << sets_bits if enabled else 1
    ring = capacity if enabled else 1
    kept = archive if enabled and archive > 0 else 1
    return (
        np.zeros(slots, dtype=np.uint64),  # 0 sets table: key half
        np.zeros(slots, dtype=np.uint64),  # 1 check half
        np.zeros((slots, unit_words), dtype=np.uint64),  # 2 R (units)
        np.zeros((slots, class_words), dtype=np.uint64),  # 3 W (classes)
        np.zeros((units, ring, words), dtype=np.uint64),  # 4 need
        np.zeros((units, ring, words), dtype=np.uint64),  # 5 win
        np.zeros((units, ring), dtype=np.int64),  # 6 value
        np.zeros((units, ring, unit_words), dtype=np.uint64),  # 7 R
        np.zeros((units, ring, class_words), dtype=np.uint64),  # 8 W
        np.zeros(units, dtype=np.int64),  # 9 proofs stored per unit (ring position)
        unit_bits,  # 10 used-word bits of the classes playable at each unit
        class_bits,  # 11 used-word bits of each class
        # 12 switches: store on, min_nodes, archive on, archive_depth
        np.array(
            [int(enabled), min_nodes, int(enabled and archive > 0), archive_depth],
            dtype=np.int64,
        ),
        np.zeros((units, kept, words), dtype=np.uint64),  # 13 archive: need
        np.zeros((units, kept, words), dtype=np.uint64),  # 14 win
        np.zeros((units, kept), dtype=np.int64),  # 15 value
        np.zeros((units, kept, unit_words), dtype=np.uint64),  # 16 R
        np.zeros((units, kept, class_words), dtype=np.uint64),  # 17 W
        np.zeros(units, dtype=np.int64),  # 18 proofs archived per unit
    )


def word_bits(count: int, bit_lists: list[list[int]]) -> np.ndarray:
    """One row of 64-bit words per list, with the listed bits set."""
    words = max(1, (count + 63) // 64)
    rows = np.zeros((len(bit_lists), words), dtype=np.uint64)
    for row, bits in enumerate(bit_lists):
        for bit in bits:
            rows[row, bit >> 6] |= np.uint64(1) << np.uint64(bit & 63)
    return rows


@njit(cache=True)
def sets_of(key, check, ps):
    """The sets-table slot holding the sets of the node ``(key, check)``, or -1."""
    st_key, st_check = ps[0], ps[1]
    slot = key & np.uint64(st_key.shape[0] - 1)
    if st_key[slot] == key and st_check[slot] == check:
        return np.int64(slot)
    return np.int64(-1)


@njit(cache=True)
def begin_sets(key, check, ps):
    """Claim the slot of ``(key, check)`` with empty sets; returns the slot."""
    st_key, st_check, st_r, st_w = ps[0], ps[1], ps[2], ps[3]
    slot = np.int64(key & np.uint64(st_key.shape[0] - 1))
    st_key[slot] = key
    st_check[slot] = check
    st_r[slot, :] = 0
    st_w[slot, :] = 0
    return slot


@njit(cache=True)
def drop_sets(slot, ps):
    ps[0][slot] = 0
    ps[1][slot] = 0


@njit(cache=True)
def add_unit(slot, u, ps):
    ps[2][slot, u >> 6] |= np.uint64(1) << np.uint64(u & 63)


@njit(cache=True)
def add_class(slot, c, ps):
    ps[3][slot, c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@njit(cache=True)
def add_child(slot, key, check, ps):
    """OR the child's sets into ``slot``; False (and the slot dropped) when they are lost."""
    child = sets_of(key, check, ps)
    if child < 0 or child == slot:
        drop_sets(slot, ps)
        return False
    st_r, st_w = ps[2], ps[3]
    for i in range(st_r.shape[1]):
        st_r[slot, i] |= st_r[child, i]
    for i in range(st_w.shape[1]):
        st_w[slot, i] |= st_w[child, i]
    return True


@njit(cache=True)
def _scan(u, hsh, need, win, count):
    """Index in one ring of a proof at unit ``u`` that holds at the used bits, or -1."""
    ring = need.shape[1]
    words = need.shape[2]
    for k in range(min(count[u], ring)):
        holds = True
        for i in range(words):
            used = hsh[2 + i]
            if (need[u, k, i] & ~used) != 0 or (win[u, k, i] & used) != 0:
                holds = False
                break
        if holds:
            return k
    return -1


@njit(cache=True)
def lookup(u, hsh, ps):
    """Index of a stored proof at unit ``u`` that holds at the used bits ``hsh[2:]``, or -1
    (the first ring's indices, then the archive's after them)."""
    k = _scan(u, hsh, ps[4], ps[5], ps[9])
    if k >= 0 or ps[12][2] == 0:
        return k
    k = _scan(u, hsh, ps[13], ps[14], ps[18])
    return k if k < 0 else ps[4].shape[1] + k


@njit(cache=True)
def value_of(u, k, ps):
    """The winning class of stored proof ``k`` (of :func:`lookup`), or -1 for a loss."""
    ring = ps[4].shape[1]
    return ps[6][u, k] if k < ring else ps[15][u, k - ring]


@njit(cache=True)
def apply_hit(u, k, slot, ps):
    """Copy stored proof ``k``'s sets into the node's sets slot; returns its value."""
    ring = ps[4].shape[1]
    if k < ring:
        ps[2][slot, :] = ps[7][u, k, :]
        ps[3][slot, :] = ps[8][u, k, :]
    else:
        ps[2][slot, :] = ps[16][u, k - ring, :]
        ps[3][slot, :] = ps[17][u, k - ring, :]
    return value_of(u, k, ps)


@njit(cache=True)
def insert(u, slot, value, hsh, ps):
    """Store the proven node of ``slot`` (its position: unit ``u``, used bits ``hsh[2:]``)."""
    _insert(u, slot, value, hsh, ps, ps[4], ps[5], ps[6], ps[7], ps[8], ps[9])


@njit(cache=True)
def archive(u, slot, value, hsh, ps):
    """Keep the proven node of ``slot`` in the archive as well (a node near the root)."""
    _insert(u, slot, value, hsh, ps, ps[13], ps[14], ps[15], ps[16], ps[17], ps[18])


@njit(cache=True)
def _insert(u, slot, value, hsh, ps, need, win, values, ring_r, ring_w, count):
    st_r, st_w = ps[2], ps[3]
    unit_bits, class_bits = ps[10], ps[11]
    k = count[u] % need.shape[1]
    count[u] += 1
    words = need.shape[2]
    for i in range(words):
        need[u, k, i] = 0
        win[u, k, i] = 0
    for i in range(st_r.shape[1]):
        bits = st_r[slot, i]
        while bits:
            low = bits & (~bits + np.uint64(1))
            t = i * 64 + _bit_index(low)
            for w in range(words):
                need[u, k, w] |= unit_bits[t, w]
            bits ^= low
    for i in range(st_w.shape[1]):
        bits = st_w[slot, i]
        while bits:
            low = bits & (~bits + np.uint64(1))
            c = i * 64 + _bit_index(low)
            for w in range(words):
                win[u, k, w] |= class_bits[c, w]
            bits ^= low
    for w in range(words):
        used = hsh[2 + w]
        need[u, k, w] &= used
        win[u, k, w] &= ~used
    values[u, k] = value
    ring_r[u, k, :] = st_r[slot, :]
    ring_w[u, k, :] = st_w[slot, :]


@njit(cache=True)
def _bit_index(low):
    """Index of the single set bit of ``low``."""
    index = 0
    while low > np.uint64(1):
        low >>= np.uint64(1)
        index += 1
    return index


#: the arrays a proofs file holds: the ring of stored proofs and its positions...
RING = {"need": 4, "win": 5, "value": 6, "ring_r": 7, "ring_w": 8, "count": 9}
#: ...and the archive's, written only when the archive is on
ARCHIVE = {
    "archive_need": 13,
    "archive_win": 14,
    "archive_value": 15,
    "archive_r": 16,
    "archive_w": 17,
    "archive_count": 18,
}


def save_rings(path: Path, ps, fingerprint: str) -> None:
    """Write the stored proofs (the per-unit rings, not the sets table) to ``path`` (``.npz``),
    atomically (a temporary file renamed), with ``fingerprint`` naming the reduced game."""
    saved = {**RING, **ARCHIVE} if ps[12][2] else RING
    _write_rings(Path(path), fingerprint, {name: ps[index] for name, index in saved.items()})


def _write_rings(path: Path, fingerprint: str, arrays: dict[str, np.ndarray]) -> None:
    """Write a proofs file atomically: a temporary file, then renamed to ``path``."""
    partial = path.with_name(path.name + ".partial.npz")
    np.savez_compressed(partial, fingerprint=np.array(fingerprint), **arrays)
    partial.replace(path)


def load_rings(path: Path, ps, fingerprint: str) -> None:
    """Fill the rings of ``ps`` from a file of :func:`save_rings`. Raises ``ValueError``
    naming what differs when the file is not of this reduced game or of these ring sizes
    (and then leaves ``ps`` untouched)."""
    found, arrays = read_rings(Path(path))
    if found != fingerprint:
        raise ValueError(
            f"{path}: its proofs are of another reduced game (variant or word list differ)"
        )
    # a file written without an archive leaves this store's archive empty
    index = {**RING, **ARCHIVE}
    for name, array in arrays.items():
        if array.shape != ps[index[name]].shape or array.dtype != ps[index[name]].dtype:
            raise ValueError(
                f"{path}: {name} has shape {array.shape}, this store "
                f"{ps[index[name]].shape} (the same --store-capacity and --store-archive are "
                "needed)"
            )
    for name, array in arrays.items():
        ps[index[name]][...] = array


def read_rings(path: Path) -> tuple[str, dict[str, np.ndarray]]:
    """The fingerprint and arrays of a file of :func:`save_rings` (``ValueError`` if it is
    not one)."""
    try:
        with np.load(path) as data:
            if "fingerprint" not in data.files or any(name not in data.files for name in RING):
                raise ValueError(f"{path}: not a proofs file")
            names = [name for name in {**RING, **ARCHIVE} if name in data.files]
            return str(data["fingerprint"]), {name: data[name] for name in names}
    except (OSError, EOFError, zipfile.BadZipFile, zlib.error) as error:
        raise ValueError(f"{path}: not a proofs file ({error})") from None


def ring_entries(arrays: dict[str, np.ndarray], names: list[str], u: int) -> list[tuple]:
    """Unit ``u``'s stored proofs in one ring, oldest first, each as a tuple of its rows
    (need, win, value, R, W) as bytes."""
    need, win, value, ring_r, ring_w, count = (arrays[name] for name in names)
    capacity, stored = need.shape[1], int(count[u])
    order = (
        range(stored) if stored <= capacity else [(stored + i) % capacity for i in range(capacity)]
    )
    return [
        (
            need[u, k].tobytes(),
            win[u, k].tobytes(),
            int(value[u, k]),
            ring_r[u, k].tobytes(),
            ring_w[u, k].tobytes(),
        )
        for k in order
    ]


def merge_ring_files(paths: list[Path], out: Path) -> dict[str, int]:
    """Write to ``out`` the stored proofs of several files of :func:`save_rings` of one
    reduced game and store size, e.g. of searches of one hinge's answers run side by side
    from one file. Per unit and ring, each distinct proof is kept once; when they are more
    than the ring holds, each file keeps an equal share of its newest (any stored proof is
    valid, so this only chooses which to keep). Raises ``ValueError`` naming the first file
    of another game or size. Returns the proofs kept and dropped."""
    files = [read_rings(Path(path)) for path in paths]
    fingerprint, first = files[0]
    for path, (other_print, arrays) in zip(paths[1:], files[1:], strict=True):
        if other_print != fingerprint:
            raise ValueError(f"{path}: its proofs are of another reduced game than {paths[0]}'s")
        if arrays.keys() != first.keys() or any(
            arrays[name].shape != first[name].shape for name in first
        ):
            raise ValueError(f"{path}: another ring or archive size than {paths[0]}")
    merged = {name: np.zeros_like(array) for name, array in first.items()}
    kept = dropped = 0
    rings = [list(RING)] + ([list(ARCHIVE)] if "archive_count" in first else [])
    for names in rings:
        capacity = first[names[0]].shape[1]
        for u in range(first[names[0]].shape[0]):
            seen: set[tuple] = set()
            per_file = []
            for _, arrays in files:
                fresh = []
                for entry in ring_entries(arrays, names, u):
                    if entry not in seen:
                        seen.add(entry)
                        fresh.append(entry)
                per_file.append(fresh)
            share, chosen = capacity // len(files), []
            for fresh in per_file:  # the newest `share` of each file, then fill up
                chosen.append(fresh[-share:] if share else [])
            room = capacity - sum(map(len, chosen))
            for index, fresh in enumerate(per_file):
                extra = fresh[: len(fresh) - len(chosen[index])][-room:] if room > 0 else []
                chosen[index] = extra + chosen[index]
                room -= len(extra)
            entries = [entry for part in chosen for entry in part]
            kept += len(entries)
            dropped += sum(map(len, per_file)) - len(entries)
            need, win, value, ring_r, ring_w, count = (merged[name] for name in names)
            for k, (need_row, win_row, won_by, r_row, w_row) in enumerate(entries):
                need[u, k] = np.frombuffer(need_row, dtype=np.uint64)
                win[u, k] = np.frombuffer(win_row, dtype=np.uint64)
                value[u, k] = won_by
                ring_r[u, k] = np.frombuffer(r_row, dtype=np.uint64)
                ring_w[u, k] = np.frombuffer(w_row, dtype=np.uint64)
            count[u] = len(entries)
    _write_rings(Path(out), fingerprint, merged)
    return {"kept": kept, "dropped": dropped}
