"""The MCTS-Solver player, and games played decision by decision (recorded, any agents).

The ``mcsolver`` agent is GRAVE (:mod:`asobi.contraposition.mcts`) with three additions:

* **proven values in the tree** (Winands, Björnsson and Saito 2008, "Monte-Carlo Tree
  Search Solver"): a node is proven won or lost for its mover when the board is full, when
  the exact endgame search (:mod:`asobi.contraposition.endgame`) settles it, or from its
  children: won when one child is won for this mover (under 12? the same player moves
  again after a first stone), lost when every child is lost for it. Proven-lost children
  are never selected; a playout that reaches a proven node takes its winner without a
  random fill (and then updates no all-moves-as-first statistic).
* **exact play within reach**: every node the descent reaches with at most ``horizon``
  empty cells is searched exactly with a budget of ``solve_nodes`` nodes, the root with
  ``root_solve_nodes``; a root proven won is played by a move proven to win, at once; at a
  root proven lost every move loses against perfect play, and the move is plain GRAVE's
  with the playouts left (:func:`asobi.contraposition.proven.resisting_action`: the
  fallible opponent may still err), not an arbitrary proven-lost child.
  When a budget runs out the node stays unproven and is played by the playouts.
* **tree reuse**: the tree (and the endgame transposition table) is kept from one decision
  to the next; after each action the root moves to that child, and the tree is compacted
  (the root's subtree copied) when the next search might not fit.

Games are played here one decision at a time from Python (:func:`play_recorded`): the same
seed gives the same game, UCT and GRAVE decide exactly as in :func:`mcts.play_game` (the
same random stream), and the decisions can be recorded (positions from real games for the
solver's reach and the calibration).
"""

from __future__ import annotations

from dataclasses import dataclass

import numba as nb
import numpy as np

from asobi.contraposition.board import cell_count, centre
from asobi.contraposition.contraposition import Protocol, Rules
from asobi.contraposition.endgame import (
    DEBRUIJN_CELLS,
    EndgameTable,
    endgame_search,
    neighbour_masks,
)
from asobi.contraposition.kernels import evaluate, neighbour_table
from asobi.contraposition.mcts import (
    Agent,
    GameRecord,
    after_stone,
    choose_action,
    list_actions,
    random_playout,
    self_play,
)
from asobi.contraposition.proven import board_masks, resisting_action, settle, wins_for
from asobi.core.errors import InputError

# settings of the agent array (mcts.Agent.as_array)
_KIND, _PLAYOUTS, _EXPLORATION, _REF, _BIAS, _HORIZON, _SOLVE_NODES, _ROOT_SOLVE_NODES = range(8)


@nb.njit(cache=True)
def seed_random(seed: int) -> None:
    """Seed numba's random stream (the one the players' kernels draw from)."""
    np.random.seed(seed)


@nb.njit(cache=True)
def solver_search(
    root: int,
    node_count: int,
    row_count: int,
    first_child: np.ndarray,
    child_count: np.ndarray,
    action_of: np.ndarray,
    mover_of: np.ndarray,
    visits: np.ndarray,
    wins: np.ndarray,
    expanded_row: np.ndarray,
    proof: np.ndarray,
    tried: np.ndarray,
    amaf_visits: np.ndarray,
    amaf_wins: np.ndarray,
    root_board: np.ndarray,
    root_half: int,
    onetwo: bool,
    forbid_centre: int,
    nbr: np.ndarray,
    nbr_masks: np.ndarray,
    agent: np.ndarray,
    balance: np.ndarray,
    tw: np.ndarray,
    tb: np.ndarray,
    tv: np.ndarray,
    td: np.ndarray,
    history: np.ndarray,
    stats: np.ndarray,
) -> tuple[int, int, int]:
    """One decision of the MCTS-Solver from the tree's ``root`` (its mover is
    ``mover_of[root]``): returns ``(action, node_count, row_count)``."""
    n = root_board.shape[0]
    playouts = int(agent[_PLAYOUTS])
    exploration = agent[_EXPLORATION]
    ref = agent[_REF]
    bias = agent[_BIAS]
    horizon = int(agent[_HORIZON])
    solve_nodes = int(agent[_SOLVE_NODES])
    root_solve_nodes = int(agent[_ROOT_SOLVE_NODES])
    root_mover = mover_of[root]

    board = np.empty(n, dtype=np.int8)
    path = np.empty(n * 2 + 4, dtype=np.int64)
    path_movers = np.empty(n * 2 + 4, dtype=np.int64)
    path_empty = np.empty((n * 2 + 4, n), dtype=np.int8)
    actions = np.empty(n + 1, dtype=np.int64)
    empties = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    seen = np.empty(n, dtype=np.int8)
    counts = np.zeros((2, n + 1), dtype=np.int64)

    root_empties = 0
    for cell in range(n):
        if root_board[cell] == 0:
            root_empties += 1
    root_opening = root_empties == n

    # the root within reach: solve it with the root's budget (even when a smaller budget
    # failed on it as a tree node), and play a move proven to win
    if not root_opening and root_empties <= horizon and proof[root] == 0:
        white, black = board_masks(root_board)
        value = endgame_search(
            white, black, root_mover, root_half, onetwo, n, root_solve_nodes, 3,
            nbr_masks, DEBRUIJN_CELLS, balance, tw, tb, tv, td, history, stats,
        )  # fmt: skip
        if value < 0:
            tried[root] = 1
        else:
            proof[root] = 1 if value == 1 else -1
    if proof[root] == 1:
        white, black = board_masks(root_board)
        count = list_actions(root_board, root_half, onetwo, -1, actions)
        for k in range(count):
            a = actions[k]
            w, b, m, h = white, black, 3 - root_mover, 0
            if a < n:
                w = white | (1 << a) if root_mover == 1 else white
                b = black | (1 << a) if root_mover == 2 else black
                m, h = after_stone(root_mover, root_half, onetwo, False)
            if w | b == (1 << n) - 1:
                board[:] = root_board
                board[a] = root_mover
                winner, _, _, _ = evaluate(board, nbr, stack, seen, counts)
                if winner == root_mover:
                    return a, node_count, row_count
                continue
            value = endgame_search(
                w, b, m, h, onetwo, n, root_solve_nodes, 3,
                nbr_masks, DEBRUIJN_CELLS, balance, tw, tb, tv, td, history, stats,
            )  # fmt: skip
            if value >= 0 and (value == 1) == (m == root_mover):
                return a, node_count, row_count

    done = 0
    for done in range(playouts + 1):
        if done == playouts or proof[root] == -1 or (proof[root] == 1 and first_child[root] >= 0):
            break
        board[:] = root_board
        white, black = board_masks(root_board)
        mover, half = root_mover, root_half
        opening = root_opening
        node = root
        depth = 0
        ref_row = -1
        winner = 0
        proven_here = False
        while True:
            path[depth] = node
            path_movers[depth] = mover
            filled = 0
            for cell in range(n):
                path_empty[depth, cell] = 1 if board[cell] == 0 else 0
                filled += board[cell] != 0
            depth += 1
            if proof[node] != 0 and node != root:
                winner = mover if proof[node] == 1 else 3 - mover
                break
            if filled == n:
                winner, _, _, _ = evaluate(board, nbr, stack, seen, counts)
                proof[node] = 1 if winner == mover else -1
                proven_here = True
                break
            if (
                node != root
                and not opening
                and n - filled <= horizon
                and tried[node] == 0
                and proof[node] == 0
            ):
                value = endgame_search(
                    white, black, mover, half, onetwo, n, solve_nodes, 3,
                    nbr_masks, DEBRUIJN_CELLS, balance, tw, tb, tv, td, history, stats,
                )  # fmt: skip
                if value >= 0:
                    proof[node] = 1 if value == 1 else -1
                    winner = mover if value == 1 else 3 - mover
                    proven_here = True
                    break
                tried[node] = 1
            if first_child[node] < 0:
                if visits[node] > 0 or node == root:
                    count = list_actions(
                        board, half, onetwo, forbid_centre if opening else -1, actions
                    )
                    start = node_count
                    for k in range(count):
                        child = start + k
                        a = actions[k]
                        action_of[child] = a
                        if a == n:
                            mover_of[child] = 3 - mover
                        else:
                            mover_of[child], _ = after_stone(mover, half, onetwo, opening)
                        first_child[child] = -1
                        child_count[child] = 0
                        visits[child] = 0.0
                        wins[child] = 0.0
                        expanded_row[child] = -1
                        proof[child] = 0
                        tried[child] = 0
                    first_child[node] = start
                    child_count[node] = count
                    node_count += count
                    expanded_row[node] = row_count
                    amaf_visits[row_count] = 0.0
                    amaf_wins[row_count] = 0.0
                    row_count += 1
                else:
                    break
            row = expanded_row[node]
            if visits[node] > ref:
                ref_row = row
            if ref_row < 0:
                ref_row = row
            best_value = -1e300
            best = -1
            log_n = np.log(visits[node] + 1.0)
            start = first_child[node]
            for child in range(start, start + child_count[node]):
                if proof[child] != 0:
                    if wins_for(proof[child], mover_of[child], mover):
                        best = child
                        break
                    continue
                a = action_of[child]
                nv = visits[child]
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
            if best < 0:  # every child is lost for the mover
                proof[node] = -1
                winner = 3 - mover
                proven_here = True
                break
            node = best
            a = action_of[best]
            if a == n:
                mover, half = 3 - mover, 0
            else:
                board[a] = mover
                if mover == 1:
                    white |= 1 << a
                else:
                    black |= 1 << a
                mover, half = after_stone(mover, half, onetwo, opening)
                opening = False
        played_out = winner == 0
        if played_out:
            random_playout(board, mover, half, onetwo, empties)
            winner, _, _, _ = evaluate(board, nbr, stack, seen, counts)
        for d in range(depth):
            nd = path[d]
            visits[nd] += 1.0
            if d > 0 and path_movers[d - 1] == winner:
                wins[nd] += 1.0
            row = expanded_row[nd]
            if played_out and row >= 0:
                for cell in range(n):
                    if path_empty[d, cell]:
                        colour = board[cell]
                        amaf_visits[row, colour - 1, cell] += 1.0
                        if colour == winner:
                            amaf_wins[row, colour - 1, cell] += 1.0
        if proven_here:
            for d in range(depth - 2, -1, -1):
                if not settle(path[d], first_child, child_count, proof, mover_of):
                    break

    if proof[root] == -1:
        return (
            resisting_action(
                root_board, root_mover, root_half, onetwo, forbid_centre, nbr, agent,
                playouts - done,
            ),
            node_count,
            row_count,
        )  # fmt: skip
    # the move: one proven to win, else the most visited child not proven lost
    start = first_child[root]
    best = -1
    most = -1.0
    for child in range(start, start + child_count[root]):
        if proof[child] != 0 and wins_for(proof[child], mover_of[child], root_mover):
            return action_of[child], node_count, row_count
    for losing_allowed in range(2):
        for child in range(start, start + child_count[root]):
            lost = proof[child] != 0 and not wins_for(proof[child], mover_of[child], root_mover)
            if (losing_allowed == 1 or not lost) and visits[child] > most:
                most = visits[child]
                best = child
        if best >= 0:
            break
    return action_of[best], node_count, row_count


@nb.njit(cache=True)
def copy_subtree(
    root: int,
    source: tuple,
    target: tuple,
) -> tuple[int, int]:
    """Copy the subtree of ``root`` into ``target`` (the arrays of :class:`_Tree`; root at
    0, children blocks in breadth-first order); returns ``(node_count, row_count)``."""
    fc, cc, act, mov, vis, win, row, prf, tri, av, aw = source
    tfc, tcc, tact, tmov, tvis, twin, trow, tprf, ttri, tav, taw = target
    queue = np.empty(fc.shape[0], dtype=np.int64)  # old index of each new node
    queue[0] = root
    nodes = 1
    rows = 0
    head = 0
    while head < nodes:
        old = queue[head]
        tact[head], tmov[head], tvis[head] = act[old], mov[old], vis[old]
        twin[head], tprf[head], ttri[head] = win[old], prf[old], tri[old]
        if row[old] >= 0:
            trow[head] = rows
            tav[rows] = av[row[old]]
            taw[rows] = aw[row[old]]
            rows += 1
        else:
            trow[head] = -1
        if fc[old] >= 0:
            tfc[head] = nodes
            tcc[head] = cc[old]
            for k in range(cc[old]):
                queue[nodes + k] = fc[old] + k
            nodes += cc[old]
        else:
            tfc[head] = -1
            tcc[head] = 0
        head += 1
    return nodes, rows


class _Tree:
    """The arrays of one search tree (node fields and all-moves-as-first rows)."""

    def __init__(self, nodes: int, rows: int, n: int) -> None:
        self.arrays = (
            -np.ones(nodes, dtype=np.int64),  # first child
            np.zeros(nodes, dtype=np.int64),  # child count
            np.zeros(nodes, dtype=np.int64),  # action leading here
            np.zeros(nodes, dtype=np.int64),  # mover at the node
            np.zeros(nodes, dtype=np.float64),  # visits
            np.zeros(nodes, dtype=np.float64),  # wins of the player who moved here
            -np.ones(nodes, dtype=np.int64),  # expanded row
            np.zeros(nodes, dtype=np.int8),  # proof: +1 won / -1 lost for the node's mover
            np.zeros(nodes, dtype=np.int8),  # exact search tried and out of budget
            np.zeros((rows, 2, n + 1), dtype=np.float64),  # AMAF visits
            np.zeros((rows, 2, n + 1), dtype=np.float64),  # AMAF wins
        )


class SolverPlayer:
    """An ``mcsolver`` agent over one game: its tree and endgame table live between moves.

    Call :meth:`choose` when it is to move and :meth:`observe` with every action played
    (its own and the opponent's), in order.
    """

    def __init__(self, rules: Rules, agent: Agent, tt_bits: int = 18) -> None:
        if agent.kind != "mcsolver":
            raise InputError(f"a SolverPlayer plays the mcsolver agent, not {agent.kind}")
        self.rules = rules
        self.agent = agent.as_array()
        self.n = rules.cell_count
        self.onetwo = rules.protocol is Protocol.ONE_TWO
        self.forbid = centre(rules.side) if rules.protocol is Protocol.BASIC else -1
        self.nbr = neighbour_table(rules.side)
        self.nbr_masks = neighbour_masks(rules.side)
        self.per_decision_nodes = (agent.playouts + 1) * (self.n + 2) + 1
        self.per_decision_rows = agent.playouts + 2
        nodes, rows = 2 * self.per_decision_nodes, 2 * self.per_decision_rows
        self.tree, self.spare = _Tree(nodes, rows, self.n), _Tree(nodes, rows, self.n)
        self.root, self.node_count, self.row_count = 0, 0, 0
        self.table = EndgameTable(self.n, tt_bits)

    def _make_room(self, mover: int) -> None:
        arrays = self.tree.arrays
        capacity = arrays[0].shape[0]
        rows = arrays[-1].shape[0]
        if self.node_count == 0:
            self._new_root(mover)
            return
        if (
            self.node_count + self.per_decision_nodes <= capacity
            and self.row_count + self.per_decision_rows <= rows
        ):
            return
        nodes, used_rows = copy_subtree(self.root, arrays, self.spare.arrays)
        self.tree, self.spare = self.spare, self.tree
        self.root, self.node_count, self.row_count = 0, nodes, used_rows
        if nodes + self.per_decision_nodes > capacity or used_rows + self.per_decision_rows > rows:
            self._new_root(mover)

    def _new_root(self, mover: int) -> None:
        fc, cc, act, mov, vis, win, row, prf, tri, _, _ = self.tree.arrays
        fc[0], cc[0], act[0], mov[0], vis[0], win[0] = -1, 0, -1, mover, 0.0, 0.0
        row[0], prf[0], tri[0] = -1, 0, 0
        self.root, self.node_count, self.row_count = 0, 1, 0

    def choose(self, board: np.ndarray, mover: int, half: int) -> int:
        """The action (a cell, or ``cells`` to end a 12? turn) at this state."""
        self._make_room(mover)
        action, self.node_count, self.row_count = solver_search(
            self.root,
            self.node_count,
            self.row_count,
            *self.tree.arrays,
            board,
            half,
            self.onetwo,
            self.forbid,
            self.nbr,
            self.nbr_masks,
            self.agent,
            *self.table.arrays,
        )
        return int(action)

    def observe(self, action: int) -> None:
        """Move the root to the child of ``action`` (a fresh tree when it was not expanded)."""
        if self.node_count == 0:
            return
        fc, cc, act = self.tree.arrays[:3]
        start = fc[self.root]
        for child in range(start, start + cc[self.root]) if start >= 0 else ():
            if act[child] == action:
                self.root = child
                return
        self.node_count = 0


class _MctsPlayer:
    """UCT or GRAVE: a fresh search per decision (:func:`mcts.choose_action`)."""

    def __init__(self, rules: Rules, agent: Agent) -> None:
        self.onetwo = rules.protocol is Protocol.ONE_TWO
        self.forbid = centre(rules.side) if rules.protocol is Protocol.BASIC else -1
        self.nbr = neighbour_table(rules.side)
        self.agent = agent.as_array()

    def choose(self, board: np.ndarray, mover: int, half: int) -> int:
        return int(
            choose_action(board, mover, half, self.onetwo, self.forbid, self.nbr, self.agent)
        )

    def observe(self, action: int) -> None:
        """A fresh search each time: nothing to keep."""


@dataclass(frozen=True)
class Decision:
    """One decision of a game: the state before it and the action chosen (a cell, or
    ``cells`` for "end the turn")."""

    board: tuple[int, ...]
    mover: int
    half: int
    action: int
    agent: str


def play_recorded(
    rules: Rules, white: Agent, black: Agent, seed: int, *, record: bool = False
) -> tuple[GameRecord, list[Decision]]:
    """One seeded game, decision by decision, and (with ``record``) its decisions."""
    n = cell_count(rules.side)
    onetwo = rules.protocol is Protocol.ONE_TWO
    players = {
        colour: SolverPlayer(rules, agent)
        if agent.kind == "mcsolver"
        else _MctsPlayer(rules, agent)
        for colour, agent in ((1, white), (2, black))
    }
    names = {1: white.name, 2: black.name}
    seed_random(int(seed))
    board = np.zeros(n, dtype=np.int8)
    mover, half, opening, filled = 1, 0, True, 0
    decisions = []
    while filled < n:
        action = players[mover].choose(board, mover, half)
        if record:
            decisions.append(
                Decision(tuple(int(v) for v in board), mover, half, action, names[mover])
            )
        for player in players.values():
            player.observe(action)
        if action == n:
            mover, half = 3 - mover, 0
            continue
        board[action] = mover
        filled += 1
        mover, half = after_stone(mover, half, onetwo, opening)
        opening = False
    nbr = neighbour_table(rules.side)
    winner, deciding, white_score, black_score = evaluate(
        board, nbr, np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int8),
        np.zeros((2, n + 1), dtype=np.int64),
    )  # fmt: skip
    record_ = GameRecord(
        int(seed), int(winner), int(deciding), int(white_score), int(black_score),
        tuple(int(v) for v in board),
    )  # fmt: skip
    return record_, decisions


def play_games(rules: Rules, white: Agent, black: Agent, seeds: list[int]) -> list[GameRecord]:
    """One game per seed, White = ``white``: :func:`mcts.self_play` when neither agent is an
    ``mcsolver`` (the same games), else :func:`play_recorded`."""
    if "mcsolver" not in (white.kind, black.kind):
        return self_play(rules, white, black, seeds)
    return [play_recorded(rules, white, black, seed)[0] for seed in seeds]
