"""Proven values in the MCTS-Solver's tree (:mod:`asobi.contraposition.mcts_solver`): whom a
proven child wins for, a node settled from its children, and the move at a root proven lost.

A proof is +1 (won) or -1 (lost) for the node's own mover; under 12? a child's mover may be
the parent's (a first stone of a turn), so a child's proof is read through its mover.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from asobi.contraposition.mcts import GRAVE, choose_action


@nb.njit(cache=True)
def board_masks(board: np.ndarray) -> tuple[int, int]:
    """``(white mask, black mask)`` of a board array (bit i = cell i)."""
    white, black = 0, 0
    for cell in range(board.shape[0]):
        if board[cell] == 1:
            white |= 1 << cell
        elif board[cell] == 2:
            black |= 1 << cell
    return white, black


@nb.njit(cache=True)
def wins_for(proof: int, child_mover: int, mover: int) -> bool:
    """Is a proven child (``proof`` +1/-1 for its own mover) a win for ``mover``?"""
    return (proof == 1) == (child_mover == mover)


@nb.njit(cache=True)
def settle(
    node: int,
    first_child: np.ndarray,
    child_count: np.ndarray,
    proof: np.ndarray,
    mover_of: np.ndarray,
) -> bool:
    """Prove ``node`` from its children if they allow it; True when it is (now) proven."""
    if proof[node] != 0:
        return True
    if first_child[node] < 0:
        return False
    mover = mover_of[node]
    every_child_lost = True
    start = first_child[node]
    for child in range(start, start + child_count[node]):
        if proof[child] == 0:
            every_child_lost = False
        elif wins_for(proof[child], mover_of[child], mover):
            proof[node] = 1
            return True
    if every_child_lost:
        proof[node] = -1
        return True
    return False


@nb.njit(cache=True)
def resisting_action(
    board: np.ndarray,
    mover: int,
    half: int,
    onetwo: bool,
    forbid_centre: int,
    nbr: np.ndarray,
    agent: np.ndarray,
    playouts: int,
) -> int:
    """The move at a state proven lost for ``mover``: every move loses against perfect play,
    so play the one plain GRAVE prefers with ``playouts`` playouts (at least one), the move
    that wins most random continuations, which a fallible opponent may still misplay."""
    grave = agent.copy()
    grave[0] = GRAVE  # the kind and playouts slots of Agent.as_array
    grave[1] = max(playouts, 1)
    return choose_action(board, mover, half, onetwo, forbid_centre, nbr, grave)
