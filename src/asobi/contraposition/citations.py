"""Where each Contraposition claim is made: the article's section, a short verbatim passage
and the conditions the article attaches, in our words (:data:`CITATIONS`, keys =
:data:`CLAIM_IDS`, the order of the claims table). Every builder makes its claim through
:func:`cited`.

Source: "Contraposition : 最大グループゲームの「対偶」" (note.com, Abstract Game Advent
Calendar 2023; shared/articles/contraposition.txt).
"""

from __future__ import annotations

from typing import Any

from asobi.core.claims import Claim
from asobi.core.sources import Citation

GAME = "contraposition"
SOURCE = (
    "Contraposition : 最大グループゲームの「対偶」 (note.com, Abstract Game Advent Calendar 2023)"
)


def cited(claim_id: str, **fields: Any) -> Claim:
    """The claim ``contraposition.<claim_id>`` built from its citation in :data:`CITATIONS`
    (every builder makes its claim here, so the table and the citations cannot disagree);
    ``fields`` are those of :meth:`~asobi.core.claims.Claim.cited`."""
    full_id = f"{GAME}.{claim_id}"
    return Claim.cited(full_id, GAME, CITATIONS[full_id], **fields)


def _cite(section: str, passage: str, conditions: str) -> Citation:
    return Citation(f"{SOURCE}, {section}", passage, conditions)


CITATIONS: dict[str, Citation] = {
    f"{GAME}.winning_rule_statements_agree": _cite(
        "勝利条件",
        "これは以下の条件と等価です。",
        "full boards of any size, either protocol; the rule 'fewer groups at the smallest "
        "size where the counts differ wins' against 'compare the sorted size lists'",
    ),
    f"{GAME}.ludii_score_agrees": _cite(
        "ゲームデータ",
        "得点は同サイズのグループを相手より多く作った最小のグループのサイズ",
        "full boards of any size, either protocol; the score as the article states Ludii "
        "defines it (none = 10^9), the higher score wins",
    ),
    f"{GAME}.no_draws": _cite(
        "勝利条件",
        "引き分けは起こりません。",
        "any board size (hexagonal, 3s(s-1)+1 cells), either protocol",
    ),
    f"{GAME}.final_board_example": _cite(
        "終局例",
        "白はサイズ3のグループを持っているが黒は持っていないので黒の勝利",
        "the article's final-board example as its caption describes it (no size-1 group, "
        "equal numbers of size-2 groups, a size-3 group for White only); the picture is "
        "not in the saved text",
    ),
    f"{GAME}.stones_per_colour": _cite(
        "コンポーネント",
        "それぞれマス数の半分、バリアントを採用する場合は2/3程度です。",
        "stones each colour may need, as a share of the cells: half under the basic "
        "protocol, about 2/3 under the 12? variant; any board size (side 5 recommended)",
    ),
    f"{GAME}.basic_white_places_last": _cite(
        "先手有利の相殺",
        "基本ルールでは先手が最後に配置するためです。",
        "the basic protocol (one stone a turn, White first), any board size",
    ),
    f"{GAME}.basic_first_player_advantage_offset": _cite(
        "先手有利の相殺",
        "これによって先手の優位性は大幅に緩和されていて、追加のバランス調整は不要であると考えています。",
        "the basic protocol, White placing the last stone; no board size or level of play "
        "named (side 5 recommended: each side its own reading); neither 'greatly' (大幅に) "
        "nor 'no further balancing' has a measure: judged under every reading (greatly "
        "mitigated against the mirror strategy's certain White win; balanced, two-sided; not "
        "improved by the 12* balancing the passage names), at the strongest agent's top "
        "rung of a strength ladder (same-agent self-play)",
    ),
    f"{GAME}.onetwo_first_player_advantage_offset": _cite(
        "12?プロトコル",
        "序盤は12*プロトコルと同様であるので先手有利は緩和されています",
        "the 12? protocol, its opening like the 12* protocol's; no board size or level of "
        "play named (each side its own reading); no measure of the mitigation: judged under "
        "every reading (against the mirror strategy's certain White win; balanced, "
        "two-sided; no less balanced than the basic protocol), at the strongest agent's top "
        "rung of a strength ladder (same-agent self-play)",
    ),
    f"{GAME}.onetwo_last_placer_count_game": _cite(
        "12?プロトコル",
        "片方のプレイヤーはそうでないプレイヤーが最後に駒を置くことを強制させることができます",
        "the 12? protocol, any board size; the count of stones only (as in a count game), "
        "not the groups",
    ),
    f"{GAME}.onetwo_single_stone_matters": _cite(
        "12?プロトコル",
        "終盤には1個だけ置くという行為が意味を持ちます",
        "the 12? protocol, late in the game (a few empty cells); no board size named; an "
        "existence: some endgame where only one-stone turns win",
    ),
    f"{GAME}.several_eyes_force_a_fill": _cite(
        "ボードを埋めるゲーム",
        "自身の駒に完全に囲まれた「眼」を複数作っておけばそのいずれかに相手の駒を置くことを強制",
        "an eye is an empty cell all of whose neighbours hold the owner's stones; the owner "
        "never fills its own eyes while another cell is empty; no protocol named (both "
        "checked)",
    ),
    f"{GAME}.single_eye_parity": _cite(
        "先手有利の相殺",
        "後手がサイズ1の眼を1個だけ作り、それを埋めなければ先手にサイズ1のグループを作らせることができます",
        "the basic protocol, size-1 eyes; the owner leaves its eye empty",
    ),
    f"{GAME}.centre_restriction_blocks_mirroring": _cite(
        "懸念点 (配置システム), with ゲームプレイ (中央以外)",
        "初手の配置制限(ミラー戦略防止)",
        "the basic protocol without its centre rule: White opens on the centre and answers "
        "each black stone by point reflection; any board size",
    ),
    f"{GAME}.onetwo_needs_no_centre_rule": _cite(
        "懸念点 (配置システム)",
        "12?プロトコルはこれはこれで興味深く、初手の配置制限(ミラー戦略防止)も不要",
        "the 12? protocol, whose first stone may go anywhere; the restriction's purpose, "
        "stopping the mirror strategy; any board size",
    ),
    f"{GAME}.grave_strong": _cite(
        "ゲームデータ",
        "AIはMC-GRAVEが強いです。",
        "the AIs of Ludii, where the article's game data lives; no opponent, budget or "
        "board named: judged as an order, GRAVE rated above the other agent (UCT) at the "
        "same playout budget, at every budget of a round-robin between both agents",
    ),
}

CLAIM_IDS = tuple(CITATIONS)
