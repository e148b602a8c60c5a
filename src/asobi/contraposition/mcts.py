"""Monte Carlo tree search players (UCT and GRAVE) and seeded self-play, in numba.

Works on any board side (cells are array entries, not bits). Under the 12? protocol a turn
is two decisions by the same player: a first stone, then "a second stone" or "end the turn"
(the action ``n``, one past the last cell); random playouts end a 12? turn after the first
stone with probability 1/2.

* UCT: children by ``mean + c·sqrt(ln N / n)`` (unvisited children first).
* GRAVE (Cazenave 2015, "Generalized Rapid Action Value Estimation"; the article's
  ゲームデータ names MC-GRAVE as the strongest AI for this game): children by
  ``(1-β)·mean + β·amaf`` with ``β = m / (m + n + bias·m·n)``, where ``amaf`` and ``m``
  come from the deepest node on the path with more than ``ref`` playouts. In this game a
  cell is filled only once, so the all-moves-as-first statistic of "player p plays cell c"
  is simply "cell c ended with p's colour".

Rewards are 1 for a win and 0 for a loss (the game has no draws); the move played is the
root child with most visits. Every game is seeded: the same seed gives the same game.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numba as nb
import numpy as np

from asobi.contraposition.board import cell_count, centre
from asobi.contraposition.contraposition import Protocol, Rules
from asobi.contraposition.kernels import evaluate, neighbour_table
from asobi.core.config import validate_config
from asobi.core.errors import ConfigError, InputError

UCT, GRAVE, MCSOLVER = 0, 1, 2
AGENT_KINDS = {"uct": UCT, "grave": GRAVE, "mcsolver": MCSOLVER}
"""The agent kinds; ``mcsolver`` (GRAVE with proven values and exact endgames) is played by
:mod:`asobi.contraposition.mcts_solver`, the others by :func:`choose_action`."""


@dataclass(frozen=True)
class Agent:
    """An MCTS player: kind (``uct``/``grave``), playouts per decision and its constants.

    ``ref`` and ``bias`` are GRAVE's (a UCT agent has none); an ``mcsolver`` has GRAVE's
    and its exact search's: ``horizon`` (nodes with at most this many empty cells are
    searched exactly), ``solve_nodes`` (the node budget of one such search) and
    ``root_solve_nodes`` (of the root's). No constant has a default
    here: the config schema holds the defaults (``contraposition.agents``), read by
    :meth:`default`.

    >>> Agent.default("grave", playouts=40).name
    'grave40'
    """

    kind: str
    playouts: int
    exploration: float
    ref: int | None = None
    bias: float | None = None
    horizon: int | None = None
    solve_nodes: int | None = None
    root_solve_nodes: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in AGENT_KINDS:
            raise InputError(f"unknown agent {self.kind!r}; choose from {sorted(AGENT_KINDS)}")
        if self.playouts < 1:
            raise InputError(f"an agent needs at least one playout, got {self.playouts}")
        if self.kind in ("grave", "mcsolver") and (self.ref is None or self.bias is None):
            raise InputError(f"a {self.kind} agent needs its constants ref and bias")
        exact = (self.horizon, self.solve_nodes, self.root_solve_nodes)
        if self.kind == "mcsolver" and None in exact:
            raise InputError("an mcsolver agent needs horizon, solve_nodes and root_solve_nodes")

    @classmethod
    def from_config(cls, kind: str, agents: Mapping[str, Mapping[str, Any]]) -> Agent:
        """The agent ``kind`` with its settings from the config block ``contraposition.agents``."""
        if kind not in agents:
            raise ConfigError(f"contraposition: no settings for agent {kind!r}")
        settings = agents[kind]
        return cls(
            kind=kind,
            playouts=int(settings["playouts"]),
            exploration=float(settings["exploration"]),
            ref=int(settings["ref"]) if "ref" in settings else None,
            bias=float(settings["bias"]) if "bias" in settings else None,
            **{
                key: int(settings[key])
                for key in ("horizon", "solve_nodes", "root_solve_nodes")
                if key in settings
            },
        )

    @classmethod
    def default(cls, kind: str, **changes: Any) -> Agent:
        """The agent ``kind`` with the config schema's default settings, and ``changes``."""
        agents = validate_config({"contraposition": {}})["contraposition"]["agents"]
        return dataclasses.replace(cls.from_config(kind, agents), **changes)

    @property
    def name(self) -> str:
        return f"{self.kind}{self.playouts}"

    def as_array(self) -> np.ndarray:
        """The settings as the kernels read them: kind, playouts, exploration, ref, bias,
        horizon, solve_nodes, root_solve_nodes."""
        return np.array(
            [
                AGENT_KINDS[self.kind],
                self.playouts,
                self.exploration,
                self.ref or 0,
                self.bias or 0.0,
                self.horizon or 0,
                self.solve_nodes or 0,
                self.root_solve_nodes or 0,
            ],
            dtype=np.float64,
        )


# --- state helpers ---------------------------------------------------------------------


@nb.njit(cache=True)
def after_stone(mover: int, half_turn: int, onetwo: bool, opening: bool) -> tuple[int, int]:
    """(mover, half_turn) after the mover places a stone."""
    if onetwo and half_turn == 0 and not opening:
        return mover, 1
    return 3 - mover, 0


@nb.njit(cache=True)
def list_actions(
    board: np.ndarray, half_turn: int, onetwo: bool, forbid_centre: int, out: np.ndarray
) -> int:
    """Legal actions into ``out``; returns their number. Action ``n`` ends a 12? turn."""
    n = board.shape[0]
    opening = True
    for cell in range(n):
        if board[cell] != 0:
            opening = False
            break
    count = 0
    for cell in range(n):
        if board[cell] == 0 and not (opening and cell == forbid_centre):
            out[count] = cell
            count += 1
    if onetwo and half_turn == 1 and count > 0:
        out[count] = n
        count += 1
    return count


@nb.njit(cache=True)
def random_playout(
    board: np.ndarray, mover: int, half_turn: int, onetwo: bool, empties: np.ndarray
) -> None:
    """Fill the board at random (in place) from a non-opening position."""
    n = board.shape[0]
    count = 0
    for cell in range(n):
        if board[cell] == 0:
            empties[count] = cell
            count += 1
    while count > 0:
        if onetwo and half_turn == 1 and np.random.random() < 0.5:
            mover, half_turn = 3 - mover, 0
            continue
        pick = np.random.randint(count)
        cell = empties[pick]
        count -= 1
        empties[pick] = empties[count]
        board[cell] = mover
        mover, half_turn = after_stone(mover, half_turn, onetwo, False)


# --- one search ------------------------------------------------------------------------


@nb.njit(cache=True)
def choose_action(
    root_board: np.ndarray,
    root_mover: int,
    root_half: int,
    onetwo: bool,
    forbid_centre: int,
    nbr: np.ndarray,
    agent: np.ndarray,
) -> int:
    """Run one MCTS search from the given state and return the chosen action."""
    n = root_board.shape[0]
    kind = int(agent[0])
    playouts = int(agent[1])
    exploration = agent[2]
    ref = agent[3]
    bias = agent[4]
    max_nodes = (playouts + 1) * (n + 2) + 1
    max_expanded = playouts + 2
    first_child = -np.ones(max_nodes, dtype=np.int64)
    child_count = np.zeros(max_nodes, dtype=np.int64)
    action_of = np.zeros(max_nodes, dtype=np.int64)
    visits = np.zeros(max_nodes, dtype=np.float64)
    wins = np.zeros(max_nodes, dtype=np.float64)
    expanded_row = -np.ones(max_nodes, dtype=np.int64)
    amaf_visits = np.zeros((max_expanded, 2, n + 1), dtype=np.float64)
    amaf_wins = np.zeros((max_expanded, 2, n + 1), dtype=np.float64)
    node_count = 1
    expanded_count = 0

    board = np.empty(n, dtype=np.int8)
    path = np.empty(n * 2 + 4, dtype=np.int64)
    path_movers = np.empty(n * 2 + 4, dtype=np.int64)
    path_empty = np.empty((n * 2 + 4, n), dtype=np.int8)
    actions = np.empty(n + 1, dtype=np.int64)
    empties = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    seen = np.empty(n, dtype=np.int8)
    counts = np.zeros((2, n + 1), dtype=np.int64)

    root_opening = True
    for cell in range(n):
        if root_board[cell] != 0:
            root_opening = False

    for _ in range(playouts):
        board[:] = root_board
        mover, half = root_mover, root_half
        opening = root_opening
        node = 0
        depth = 0
        ref_row = -1
        while True:
            path[depth] = node
            path_movers[depth] = mover
            for cell in range(n):
                path_empty[depth, cell] = 1 if board[cell] == 0 else 0
            depth += 1
            full = True
            for cell in range(n):
                if board[cell] == 0:
                    full = False
                    break
            if full:
                break
            if first_child[node] < 0:
                if visits[node] > 0 or node == 0:
                    count = list_actions(
                        board, half, onetwo, forbid_centre if opening else -1, actions
                    )
                    first_child[node] = node_count
                    child_count[node] = count
                    for k in range(count):
                        action_of[node_count + k] = actions[k]
                    node_count += count
                    expanded_row[node] = expanded_count
                    expanded_count += 1
                else:
                    break
            row = expanded_row[node]
            if kind == GRAVE and visits[node] > ref:
                ref_row = row
            if ref_row < 0:
                ref_row = row
            # select a child
            best_value = -1e300
            best = -1
            log_n = np.log(visits[node] + 1.0)
            start = first_child[node]
            for k in range(child_count[node]):
                child = start + k
                a = action_of[child]
                nv = visits[child]
                if kind == UCT:
                    if nv == 0:
                        value = 1e9 + np.random.random()
                    else:
                        value = wins[child] / nv + exploration * np.sqrt(log_n / nv)
                else:
                    m = amaf_visits[ref_row, mover - 1, a]
                    if nv == 0 and m == 0:
                        value = 1e9 + np.random.random()
                    else:
                        beta = m / (m + nv + bias * m * nv)
                        mean = wins[child] / nv if nv > 0 else 0.0
                        amaf = amaf_wins[ref_row, mover - 1, a] / m if m > 0 else 0.0
                        value = (1.0 - beta) * mean + beta * amaf
                        if exploration > 0 and nv > 0:
                            value += exploration * np.sqrt(log_n / nv)
                if value > best_value:
                    best_value = value
                    best = child
            node = best
            a = action_of[best]
            if a == n:
                mover, half = 3 - mover, 0
            else:
                board[a] = mover
                mover, half = after_stone(mover, half, onetwo, opening)
                opening = False
        random_playout(board, mover, half, onetwo, empties)
        winner, _, _, _ = evaluate(board, nbr, stack, seen, counts)
        # back-propagate: a node's wins count for the player who moved into it
        for d in range(depth):
            nd = path[d]
            visits[nd] += 1.0
            if d > 0 and path_movers[d - 1] == winner:
                wins[nd] += 1.0
            row = expanded_row[nd]
            if row >= 0 and kind == GRAVE:
                for cell in range(n):
                    if path_empty[d, cell]:
                        colour = board[cell]
                        amaf_visits[row, colour - 1, cell] += 1.0
                        if colour == winner:
                            amaf_wins[row, colour - 1, cell] += 1.0
    best = -1
    most = -1.0
    start = first_child[0]
    for k in range(child_count[0]):
        if visits[start + k] > most:
            most = visits[start + k]
            best = start + k
    return action_of[best]


@nb.njit(cache=True)
def play_game(
    n: int,
    onetwo: bool,
    forbid_centre: int,
    nbr: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    seed: int,
    board: np.ndarray,
) -> tuple[int, int, int, int]:
    """One seeded game between two agents; the final board is left in ``board``."""
    np.random.seed(seed)
    board[:] = 0
    mover, half = 1, 0
    opening = True
    filled = 0
    while filled < n:
        agent = white if mover == 1 else black
        action = choose_action(board, mover, half, onetwo, forbid_centre, nbr, agent)
        if action == n:
            mover, half = 3 - mover, 0
            continue
        board[action] = mover
        filled += 1
        mover, half = after_stone(mover, half, onetwo, opening)
        opening = False
    stack = np.empty(n, dtype=np.int64)
    seen = np.empty(n, dtype=np.int8)
    counts = np.zeros((2, n + 1), dtype=np.int64)
    return evaluate(board, nbr, stack, seen, counts)


def game_seed(base_seed: int, side: int, protocol: str, white: str, black: str, game: int) -> int:
    """A stable 31-bit seed for one game, from the base seed and the game's identity (so a
    game does not depend on how the games are sharded into batches).

    >>> game_seed(2023, 4, "basic", "uct300", "grave300", 0)
    1869688572
    """
    text = f"{base_seed}/{side}/{protocol}/{white}/{black}/{game}"
    return zlib.crc32(text.encode()) & 0x7FFFFFFF


@dataclass(frozen=True)
class GameRecord:
    """The end of one self-play game."""

    seed: int
    winner: int  # 1 white, 2 black
    deciding_size: int
    white_score: int
    black_score: int
    board: tuple[int, ...]


def self_play(rules: Rules, white: Agent, black: Agent, seeds: list[int]) -> list[GameRecord]:
    """Play one game per seed, White = ``white``."""
    n = cell_count(rules.side)
    forbid = centre(rules.side) if rules.protocol is Protocol.BASIC else -1
    nbr = neighbour_table(rules.side)
    onetwo = rules.protocol is Protocol.ONE_TWO
    board = np.zeros(n, dtype=np.int8)
    records = []
    for seed in seeds:
        winner, deciding, ws, bs = play_game(
            n, onetwo, forbid, nbr, white.as_array(), black.as_array(), int(seed), board
        )
        records.append(
            GameRecord(
                int(seed),
                int(winner),
                int(deciding),
                int(ws),
                int(bs),
                tuple(int(v) for v in board),
            )
        )
    return records
