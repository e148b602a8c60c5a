"""The chopsticks claims' ids and citations: every claim's source, the short verbatim
passage that locates it and its conditions in our words (:data:`CITATIONS`, keys
:data:`CLAIM_IDS`), and :func:`cited`, which builds a claim from its citation.

The sources are the article 「子供の時に遊んだ「アレ」の欠陥」 (its sections, its printed
lines of play and side remarks in ``article_lines.yaml``, the rules each section states) and
two statements of English Wikipedia. The start-outcome claims (:class:`OutcomeClaim`) are
declared here with the section, passage and options they come from; their builders are in
:mod:`asobi.chopsticks.claims`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asobi.chopsticks.chopsticks import ARTICLE_SWITCHES
from asobi.chopsticks.lines import load_argument, load_lines, load_remarks
from asobi.core.claims import Claim
from asobi.core.sources import ARTICLES, Citation

GAME = "chopsticks"
TITLE = ARTICLES[GAME].title

OPTION_NAMES = {
    "split": "分身 (split)",
    "revive": "復活 (revive)",
    "fusion": "融合 (fusion)",
    "swap": "交換 (swap)",
    "reaction": "再行動 (re-action)",
}


def article_source(section: str) -> str:
    """The ``source`` of an article claim: the article's title and the section."""
    return f"「{TITLE}」, {section}"


def rules_conditions(stated: Mapping[str, bool]) -> str:
    """The article's rules with a section's stated options, in our words."""
    base = (
        "the article's base rules (a hand of 5 or more is out, roll-over set aside; only a "
        "hand of 2 or more splits)"
    )
    if not stated.get("split", False):
        return (
            f"{base} without 分身 (attacks only); 「6で戦闘不能」 not settled; the opponent "
            "moves first"
        )
    named = ", ".join(OPTION_NAMES[k] for k, v in stated.items() if v)
    unnamed = ", ".join(OPTION_NAMES[k] for k in ARTICLE_SWITCHES if k not in stated)
    return (
        f"{base} with {named}; {unnamed} and 「6で戦闘不能」 not settled; the opponent moves first"
    )


@dataclass(frozen=True)
class OutcomeClaim:
    """A claim about the start position under some stated options."""

    claim_id: str
    section: str
    passage: str
    statement: str
    stated: Mapping[str, bool]
    holds: frozenset[str]  # start outcomes that make the claim true
    wanted: str  # the claim in words, for ``formal``

    @property
    def citation(self) -> Citation:
        return Citation(article_source(self.section), self.passage, rules_conditions(self.stated))


SPLIT_FUSION_REACTION = OutcomeClaim(
    "chopsticks.split_fusion_reaction_first_wins",
    "小学生のときにやられたクソルール",
    "以下のクソルールの場合、先攻が勝つ",
    "With splitting, fusion and re-action allowed, the player who moves first can force a win.",
    {"split": True, "fusion": True, "reaction": True},
    frozenset({"first"}),
    "start_outcome == 'first'",
)
NO_SPLIT = OutcomeClaim(
    "chopsticks.no_split_second_wins",
    "分身なしルール",
    "分身なしルールの場合、後攻が勝つ",
    "Without splitting (attacks only), the player who moves second can force a win.",
    {"split": False},
    frozenset({"second"}),
    "start_outcome == 'second'",
)
SPLIT_REVIVE_SWAP = OutcomeClaim(
    "chopsticks.split_revive_swap_second_never_loses",
    "終わらないゲーム",
    "以下のルールの場合、後攻は負けない",
    "With splitting, revival and swapping allowed, the second player can always avoid losing.",
    {"split": True, "revive": True, "swap": True},
    frozenset({"second", "draw"}),
    "start_outcome in ('second', 'draw')",
)
SPLIT_REVIVE_SWAP_FIRST = OutcomeClaim(
    "chopsticks.split_revive_swap_first_can_prolong",
    "終わらないゲーム",
    "先攻のプレイイングによってはゲームも終わらない",
    "With splitting, revival and swapping allowed, the first player can play so that the "
    "game never ends: the first player too can avoid losing.",
    {"split": True, "revive": True, "swap": True},
    frozenset({"first", "draw"}),
    "start_outcome in ('first', 'draw')",
)
OUTCOME_CLAIMS = (SPLIT_FUSION_REACTION, NO_SPLIT, SPLIT_REVIVE_SWAP, SPLIT_REVIVE_SWAP_FIRST)
SECOND_FAVOURED = "chopsticks.split_some_rules_favour_second"
SEALING_REACTION = "chopsticks.sealing_reaction_removes_first_win"
#: The article's proofs whose case analysis is checked: (claim id, line id prefix, remark id,
#: passage).
PROOFS = (
    (
        "chopsticks.split_fusion_reaction_cases_complete",
        "split_fusion_reaction_line",
        "split_fusion_reaction",
        "1,2のどちらで攻撃するかで場合分けをします",
    ),
    ("chopsticks.no_split_cases_complete", "no_split_line", "no_split", "相手の先攻とします"),
)
LINE_CLAIM_IDS = tuple(f"chopsticks.line_{line['id']}" for line in load_lines())
REMARK_CLAIM_IDS = tuple(f"chopsticks.remark_{remark['id']}" for remark in load_remarks())
ARGUMENT = "chopsticks.endless_game_argument_positions"
PUBLIC_CUTOFF = "chopsticks.public_cutoff_first_wins"
PUBLIC_ROLLOVER = "chopsticks.public_rollover_endless"
CLAIM_IDS = (
    *(claim.claim_id for claim in OUTCOME_CLAIMS),
    SECOND_FAVOURED,
    SEALING_REACTION,
    *LINE_CLAIM_IDS,
    *REMARK_CLAIM_IDS,
    *(proof[0] for proof in PROOFS),
    ARGUMENT,
    PUBLIC_CUTOFF,
    PUBLIC_ROLLOVER,
)

WIKIPEDIA_PAGE = 'English Wikipedia, "Chopsticks (hand game)", section "Optimal strategy"'
#: The two statements were read in stored copies of different revisions (the stored copies
#: show only the opening of the section; its list of configurations was not in what we read).
WIKIPEDIA_CUTOFF_SOURCE = (
    f"{WIKIPEDIA_PAGE}, as stored in the mirror copy w.owiki.org/wiki/Chopsticks_(hand_game); "
    "the copy shows neither the revision id nor its date, and its retrieval date is not known"
)
WIKIPEDIA_ROLLOVER_SOURCE = (
    f"{WIKIPEDIA_PAGE}, revision oldid=1050340146 (stored copy of "
    "en.m.wikipedia.org/wiki/Chopsticks_(hand_game)?oldid=1050340146; the copy does not show "
    "the revision's date)"
)


def _line_citation(line: Mapping[str, Any]) -> Citation:
    winner = "the opponent (first player)" if line["winner"] == "opponent" else "the author"
    return Citation(
        article_source(line["section"]),
        line["passage"],
        f"{rules_conditions(line['rules'])}; the line as printed, {winner} winning",
    )


def _citations() -> dict[str, Citation]:
    found = {claim.claim_id: claim.citation for claim in OUTCOME_CLAIMS}
    found[SECOND_FAVOURED] = Citation(
        article_source("まとめ"),
        "ルールによっては後攻が有利になる",
        "with 分身 (split) on, some choice of the article's options (its base rule or "
        "「6で戦闘不能」; 復活, 融合, 交換, 再行動 each on or off) gives the second player the "
        "upper hand; only a hand of 2 or more splits",
    )
    found[SEALING_REACTION] = Citation(
        article_source(SPLIT_FUSION_REACTION.section),
        "よって、再行動は封印した方が良いと思います",
        f"{rules_conditions({'split': True, 'fusion': True})}; the section's rule set with "
        "再行動 (re-action) sealed, 分身 and 融合 kept; 良い given no measure",
    )
    for line in load_lines():
        found[f"chopsticks.line_{line['id']}"] = _line_citation(line)
    for remark in load_remarks():
        found[f"chopsticks.remark_{remark['id']}"] = Citation(
            article_source(remark["section"]),
            remark["passage"],
            f"{rules_conditions(remark['rules'])}; the reply the remark sets aside, at the "
            "position before it",
        )
    lines = load_lines()
    for claim_id, prefix, _, passage in PROOFS:
        line = next(x for x in lines if x["id"].startswith(prefix))
        found[claim_id] = Citation(
            article_source(line["section"].split(",")[0]),
            passage,
            f"{rules_conditions(line['rules'])}; the section's proof by cases (its lines and "
            "side remarks); that its cases cover every reply, bar one after which the winner "
            "wins at once, is our test (ours): the article names none",
        )
    narrated = load_argument()
    found[ARGUMENT] = Citation(
        article_source(narrated["section"]),
        "以下の手順を考える",
        f"{rules_conditions(narrated['rules'])}; the author is the second player",
    )
    found[PUBLIC_CUTOFF] = Citation(
        WIKIPEDIA_CUTOFF_SOURCE,
        "Using the cut-off variant, the first player can force a win.",
        "the page's rules with its cut-off variant: a hand of 5 or more dies; a split moves "
        "points between one's hands as desired, onto a dead hand too (revival), never merely "
        "reversing the hands and never killing one's own hand; no re-action",
    )
    found[PUBLIC_ROLLOVER] = Citation(
        WIKIPEDIA_ROLLOVER_SOURCE,
        "two perfect players will play indefinitely",
        "the page's rules in that revision: roll-over is its official set, though one rule "
        "also calls a hand of 5 or more dead; splits as desired, onto a dead hand too; no "
        "suicide; reversing the hands is not forbidden",
    )
    return found


#: Every claim's citation (keys are :data:`CLAIM_IDS`); each builder builds from it.
CITATIONS: dict[str, Citation] = _citations()


def cited(claim_id: str, **fields: Any) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS`."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)
