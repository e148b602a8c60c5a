"""The fast solver against plain exhaustive search, and the article's examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shiritori_tools import dense_game

from asobi.core.game import mover_wins
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import (
    ALL_RULES,
    DEFAULT_RULES,
    LOSING_UNIT,
    Lexicon,
    Position,
    Rules,
    Shiritori,
)
from asobi.shiritori.solver import KERNEL_BUDGET, Solver

REPO = Path(__file__).resolve().parents[1]
TSV = REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"
CLEAN = load_clean(TSV)
ALL_WORDS = CLEAN.words


@pytest.fixture(scope="module")
def default_solver():
    return Solver(Shiritori(CLEAN.lexicon, DEFAULT_RULES))


def plain_winner(game: Shiritori, start: str) -> str:
    """``yokai`` or ``human`` for ``start`` by the plain reference negamax."""
    return "human" if mover_wins(game, game.opening(start)) else "yokai"


def check_line(game: Shiritori, line: tuple[str, ...], winner: str) -> None:
    """The line is legal and ends with the loser unable to go on (or saying a ン word)."""
    position = game.opening(line[0])
    for word in line[1:]:
        position = game.play(position, word)
    loser = "human" if len(line) % 2 == 1 else "yokai"  # odd length: human to move
    if position.letter == LOSING_UNIT:
        loser = "yokai" if len(line) % 2 == 1 else "human"  # the last speaker lost
    else:
        assert all(game.last[game.word_index(w)] == LOSING_UNIT for w in game.legal_moves(position))
    assert winner != loser


def test_azukiarai_is_a_human_win(default_solver):
    result = default_solver.solve("アズキアライ")
    assert result.winner == "human"
    check_line(default_solver.game, result.line, "human")


def test_azukitogi_is_a_yokai_win(default_solver):
    result = default_solver.solve("アズキトギ")
    assert result.winner == "yokai"
    check_line(default_solver.game, result.line, "yokai")


def test_rokurokubi_is_a_yokai_win_and_the_article_line_wins(default_solver):
    game = default_solver.game
    assert default_solver.solve("ロクロクビ").winner == "yokai"
    position = game.opening("ロクロクビ")
    for ply, word in enumerate(["ビシャガツク", "クツツラ", "ラプシヌプルクル", "ルルコシンプ"], 1):
        position = game.play(position, word)
        if ply % 2 == 0:  # the yokai's words leave the human lost
            assert default_solver.choose(position)[1] in {"loss", "stuck"}
    assert game.legal_moves(position) == ()


def test_only_one_word_starts_with_ru_and_none_with_pu():
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    assert [w for i, w in enumerate(game.words) if game.first[i] == "ル"] == ["ルルコシンプ"]
    assert not [w for i, w in enumerate(game.words) if game.first[i] == "プ"]


def test_only_zunbera_bou_starts_with_zu():
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    assert [w for i, w in enumerate(game.words) if game.first[i] == "ズ"] == ["ズンベラボウ"]


def test_start_word_ending_in_n_loses_at_once(default_solver):
    result = default_solver.solve("ビローン")
    assert (result.winner, result.line) == ("human", ("ビローン",))


def test_budget_exhausted_is_unknown_not_a_guess():
    solver = Solver(Shiritori(CLEAN.lexicon, Rules(dakuten="free")))
    result = solver.solve("アカシサマ", node_budget=50, proof_budget=50)
    assert result.winner == "unknown" and result.nodes > 100


def test_proof_number_search_decides_where_depth_first_gives_up():
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    assert Solver(game).solve("イタオニ", node_budget=3000).winner == "unknown"
    result = Solver(game).solve("イタオニ", node_budget=3000, proof_budget=100_000)
    assert result.winner == "human"
    check_line(game, result.line, "human")


def test_example_tree_of_the_article():
    words = [
        "アカアシ",
        "アカエイ",
        "イガボウ",
        "イタオニ",
        "ウシゴゼン",
        "ウバガビ",
        "シカヒメ",
        "シキガミ",
        "ニクジン",
        "ニタッラサンペ",
        "ミツメハチメン",
        "ミョウタラテン",
        "メロリカンノン",
        "メンレイキ",
    ]
    game = Shiritori(Lexicon.from_pairs((w, ()) for w in words))
    root = Position(0, "ア")
    assert mover_wins(game, root)
    assert not mover_wins(game, game.play(root, "アカエイ"))
    assert mover_wins(game, game.play(root, "アカアシ"))
    assert Solver(game).choose(root)[0] == "アカエイ"


# -- fast solver == plain exhaustive search -------------------------------------------------

rules_strategy = st.sampled_from(ALL_RULES)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    indices=st.lists(st.integers(0, len(ALL_WORDS) - 1), min_size=2, max_size=14, unique=True),
    rules=rules_strategy,
)
def test_solver_agrees_with_plain_search_on_sub_dictionaries_of_the_list(indices, rules):
    words = [ALL_WORDS[i] for i in sorted(indices)]
    lexicon = Lexicon.from_pairs((w, CLEAN.aliases.get(w, ())) for w in words)
    game = Shiritori(lexicon, rules)
    solver = Solver(game)
    for start in words:
        result = solver.solve(start)
        assert result.winner == plain_winner(game, start), start
        check_line(game, result.line, result.winner)


# Dense synthetic lexicons: few units, many self-loops and 2-cycles (mirror pairs), aliases.
KANA = "アイウダタン"
synthetic_word = st.tuples(
    st.sampled_from(KANA[:5]), st.sampled_from("カキクケコ"), st.sampled_from(KANA)
).map("".join)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=12, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=3),
    rules=rules_strategy,
    proof_number=st.booleans(),
    epsilon_percent=st.sampled_from([0, 25, 100]),
)
def test_solver_agrees_with_plain_search_on_dense_lexicons(
    words, alias_pairs, rules, proof_number, epsilon_percent
):
    game = dense_game(words, alias_pairs, rules)
    solver = Solver(game, epsilon_percent=epsilon_percent)
    # proof_number: the depth-first search gives up at once, df-pn decides (its kernel's
    # largest budget: more than these games need).
    budgets = {"node_budget": 1, "proof_budget": KERNEL_BUDGET} if proof_number else {}
    for start in words:
        result = solver.solve(start, **budgets)
        assert result.winner == plain_winner(game, start), start
        check_line(game, result.line, result.winner)
        position = game.opening(start)
        if position.letter != LOSING_UNIT and game.legal_moves(position):
            move, status = solver.choose(position, **budgets)
            assert (status == "win") == mover_wins(game, position)
            if status == "win":
                assert not mover_wins(game, game.play(position, move))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=12, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=4),
    rules=rules_strategy,
    moves=st.lists(st.integers(0, 30), max_size=6),
)
def test_peek_tells_what_playing_the_class_would_leave(words, alias_pairs, rules, moves):
    # peek() computes the used words and the replies after a move (its aliases banned)
    # without making it: the same as play(), then reading, then unplay()
    solver = Solver(dense_game(words, alias_pairs, rules))
    if not solver.class_words:
        return
    solver.load(0)
    for move in moves:  # a few moves deep, wherever they lead
        left = [c for c in range(len(solver.class_words)) if solver.remaining[c]]
        if not left:
            break
        solver.play(left[move % len(left)])
    for c in range(len(solver.class_words)):
        if not solver.remaining[c]:
            continue
        before = (solver.used, list(solver.remaining), list(solver.avail))
        peeked = solver.peek(c)
        assert (solver.used, solver.remaining, solver.avail) == before
        banned = solver.play(c)
        assert peeked == (solver.used, solver.avail[solver.end[c]])
        solver.unplay(c, banned)
        assert (solver.used, solver.remaining, solver.avail) == before


def test_mirror_pairs_are_found_and_do_not_change_results():
    words = ["アカア", "アキア", "アクイ", "イカア", "イキウ", "ウカウ", "ウキア"]
    game = Shiritori(Lexicon.from_pairs((w, ()) for w in words))
    reduced, plain = Solver(game), Solver(game, reduce_mirror_pairs=False)
    assert reduced.mirror_pairs
    for start in words:
        assert reduced.solve(start).winner == plain.solve(start).winner == plain_winner(game, start)


def test_mirror_pairs_under_free_voicing_may_answer_to_a_narrower_unit():
    # タカア can be said after タ or ダ; answering it with アカタ leaves the opponent at タ,
    # which accepts fewer words than ダ: still a mirror pair (the exact pair rule misses it).
    words = ["アカダ", "アカタ", "ダカン", "タカア", "イカダ", "ダキイ"]
    game = Shiritori(Lexicon.from_pairs((w, ()) for w in words), Rules(dakuten="free"))
    reduced, plain = Solver(game), Solver(game, reduce_mirror_pairs=False)
    paired = {game.words[reduced.class_words[c][0]] for pair in reduced.mirror_pairs for c in pair}
    assert {"アカタ", "タカア"} <= paired
    for start in words:
        result = reduced.solve(start)
        assert result.winner == plain.solve(start).winner == plain_winner(game, start)
        check_line(game, result.line, result.winner)


def solve_every_start(solver: Solver, words: list[str], **budgets: int) -> tuple:
    """Every start word solved in turn on one solver, and what the solver keeps after."""
    results = [solver.solve(start, **budgets) for start in words]
    return results, dict(solver.table), solver.nodes, list(solver.killer)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=14, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 13)), max_size=4),
    rules=rules_strategy,
    node_budget=st.integers(1, 60),
    proof_budget=st.integers(0, 400),
    table_limit=st.sampled_from([3, 17, 4_000_000]),
)
def test_the_kernels_make_the_python_search_node_for_node(
    words, alias_pairs, rules, node_budget, proof_budget, table_limit
):
    # The same verdicts, lines and node counts, and the same table and killer moves left
    # for the next start word; small limits empty the tables in mid-search (and make the
    # lines search again), budgets run out at every depth.
    game = dense_game(words, alias_pairs, rules)
    budgets = {"node_budget": node_budget, "proof_budget": proof_budget}
    fast, plain = (
        solve_every_start(Solver(game, kernels=kernels, table_limit=table_limit), words, **budgets)
        for kernels in (True, False)
    )
    assert fast == plain


def test_the_kernels_make_the_python_search_on_a_dense_variant_of_the_list():
    game = Shiritori(CLEAN.lexicon, Rules(small_kana="enlarge", dakuten="free", aliases="ban"))
    words = game.words[::16]
    budgets = {"node_budget": 1000, "proof_budget": 5000}  # the default run's
    fast = solve_every_start(Solver(game), words, **budgets)
    plain = solve_every_start(Solver(game, kernels=False), words, **budgets)
    assert sum(result.winner == "unknown" for result in fast[0]) > 0  # budgets ran out too
    assert fast == plain
