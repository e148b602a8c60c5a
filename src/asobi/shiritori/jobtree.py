"""The driver's tree of job-level proof-number search (``asobi shiritori jobs``).

Per open (variant, start word) pair the driver keeps a small tree of positions near the
root. A position is a *line*: the yokai's start word, then the words said after it; the
player to move there answers the last word. Numbers are negamax proof numbers for the player
to move: ``pn`` is the cost of proving that the mover wins, ``dn`` of proving that it loses;
``(0, INF)`` is a proven win, ``(INF, 0)`` a proven loss. An expanded position has
``pn = min(child.dn)`` and ``dn = sum(child.pn)`` (capped at :data:`INF`).

Each round :func:`select_leaves` picks up to ``slots`` leaves across all pairs: repeatedly the
pair whose root is nearest to a decision (smallest ``min(pn, dn)``) and in it the
most-proving leaf (from the root, always the child with the smallest ``dn``). A picked leaf
is then set aside for the rest of the round (numbers infinite both ways, as a job in flight:
its parent's ``dn`` becomes infinite and its ``pn`` the best sibling's), so the next pick is
the next most-proving leaf of the same pair, a sibling or an alternative line, or the leaf
of another pair once this pair's root is further from a decision than that pair's. A job
searches one leaf with a node budget and returns either its verdict or its children with
their numbers (:func:`apply_result`).

Nothing here decides a pair by itself: a root proven here only makes the driver ask for its
certificate, and the pair counts as decided once that certificate passes the rules-only
verifier (:mod:`asobi.shiritori.jobs`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

INF = 1 << 40  # the compiled df-pn's infinity (asobi.shiritori.dfpn.INF)


@dataclass
class Node:
    """One position of a pair's tree."""

    line: list[str]
    parent: int = -1
    children: list[int] = field(default_factory=list)
    pn: int = 1
    dn: int = 1
    expanded: bool = False
    searched_nodes: int = 0  # compiled nodes the jobs spent on this position
    source: str = ""  # how a decided leaf was decided: "job", "table" (a parent's job)

    @property
    def decided(self) -> bool:
        return self.pn == 0 or self.dn == 0


@dataclass
class PairTree:
    """The tree of one (variant, start word) pair; node 0 is the start word."""

    variant: str
    start: str
    nodes: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.nodes:
            self.nodes.append(Node([self.start]))

    @property
    def key(self) -> str:
        return pair_key(self.variant, self.start)

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def root_winner(self) -> str | None:
        """Who the tree says wins ("human" answers the start word), or None while open."""
        if self.root.pn == 0:
            return "human"
        if self.root.dn == 0:
            return "yokai"
        return None

    def leaves(self) -> list[int]:
        return [i for i, node in enumerate(self.nodes) if not node.expanded]

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "start": self.start,
            "nodes": [asdict(n) for n in self.nodes],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PairTree:
        return cls(data["variant"], data["start"], [Node(**node) for node in data["nodes"]])


def pair_key(variant: str, start: str) -> str:
    return f"{variant}/{start}"


def capped(value: int) -> int:
    return min(value, INF)


def numbers_of(tree: PairTree, index: int) -> tuple[int, int]:
    """The numbers of an expanded node from its children's."""
    children = [tree.nodes[c] for c in tree.nodes[index].children]
    if not children:  # no reply: the mover loses
        return INF, 0
    return min(child.dn for child in children), capped(sum(child.pn for child in children))


def update_ancestors(tree: PairTree, index: int) -> None:
    """Recompute the numbers from ``index``'s parent up to the root."""
    parent = tree.nodes[index].parent
    while parent >= 0:
        node = tree.nodes[parent]
        node.pn, node.dn = numbers_of(tree, parent)
        parent = node.parent


def most_proving_leaf(tree: PairTree) -> int:
    """The leaf df-pn would expand next: from the root, the child with the smallest ``dn``
    (the one whose refutation proves the mover's win soonest) among the undecided ones."""
    index = 0
    while tree.nodes[index].expanded:
        open_children = [c for c in tree.nodes[index].children if not tree.nodes[c].decided]
        if not open_children:
            raise ValueError(f"{tree.key}: an open node without open children")
        # ties (children in flight: dn infinite) go to the one with open leaves left
        index = min(open_children, key=lambda c: (tree.nodes[c].dn, tree.nodes[c].pn))
    return index


def set_aside(tree: PairTree, index: int) -> None:
    """Mark leaf ``index`` as in flight for the rest of a selection (module docstring)."""
    node = tree.nodes[index]
    node.pn, node.dn = INF, INF
    update_ancestors(tree, index)


def select_leaves(trees: Iterable[PairTree], slots: int) -> list[tuple[str, int]]:
    """Up to ``slots`` (pair key, leaf index) to search this round, most-proving first across
    the open pairs (module docstring); the trees themselves are not changed."""
    pool = {tree.key: copy.deepcopy(tree) for tree in trees if tree.root_winner() is None}
    order = {key: k for k, key in enumerate(pool)}
    picked: list[tuple[str, int]] = []
    while len(picked) < slots and pool:
        key = min(pool, key=lambda k: (min(pool[k].root.pn, pool[k].root.dn), order[k]))
        tree = pool[key]
        leaf = most_proving_leaf(tree)
        if tree.nodes[leaf].pn == INF and tree.nodes[leaf].dn == INF:  # every leaf in flight
            del pool[key]
            continue
        picked.append((key, leaf))
        set_aside(tree, leaf)
    return picked


def apply_result(tree: PairTree, index: int, result: dict[str, Any]) -> None:
    """Apply the result of a leaf job (:func:`asobi.shiritori.jobsearch.search_leaf`): its
    verdict (``"wins"``/``"loses"`` for the player to move) or its children, each with its
    word and numbers. A leaf already expanded or decided is left as it is (a job re-run)."""
    node = tree.nodes[index]
    if node.expanded or node.decided:
        return
    if result["line"] != node.line:
        raise ValueError(f"{tree.key}: a job result for {result['line']} applied to {node.line}")
    node.searched_nodes += int(result["nodes"])
    verdict = result["verdict"]
    if verdict in ("wins", "loses"):
        node.pn, node.dn = (0, INF) if verdict == "wins" else (INF, 0)
        node.source = "job"
    elif verdict == "open":
        children = result["children"]
        if not children:
            raise ValueError(f"{tree.key}: an open position without replies")
        for child in children:
            pn, dn = capped(int(child["pn"])), capped(int(child["dn"]))
            tree.nodes.append(
                Node(
                    [*node.line, child["word"]],
                    parent=index,
                    pn=pn,
                    dn=dn,
                    source="table" if pn == 0 or dn == 0 else "",
                )
            )
            node.children.append(len(tree.nodes) - 1)
        node.expanded = True
        # a reply the table holds decided can decide the node (the budget ran out before
        # df-pn carried the proof up)
        node.pn, node.dn = numbers_of(tree, index)
    else:
        raise ValueError(f"{tree.key}: unknown verdict {verdict!r}")
    update_ancestors(tree, index)


def proof_lines(tree: PairTree) -> list[list[str]]:
    """The decided leaves a proven root rests on (for a won node one refuted child, for a
    lost node every child), deepest first: the positions to search again, first, in the job
    that builds the pair's certificate."""
    if tree.root_winner() is None:
        raise ValueError(f"{tree.key} is not proven")
    lines: list[list[str]] = []

    def walk(index: int) -> None:
        node = tree.nodes[index]
        if not node.expanded:
            lines.append(node.line)
            return
        if node.pn == 0:  # the mover wins: one child whose mover loses
            best = min(
                (c for c in node.children if tree.nodes[c].dn == 0),
                key=lambda c: tree.nodes[c].searched_nodes,
            )
            walk(best)
        else:
            for c in node.children:
                walk(c)

    walk(0)
    return sorted(lines, key=len, reverse=True)
