"""Every claim names its source, a passage that is really there, and its conditions.

The games declare their citations (``CITATIONS``) beside their claim ids; every article
passage must occur verbatim in the article's text (``../shared/articles``, beside the
repository, as in CI). ``asobi claims check-sources`` reports a passage that is not there.
README's claim counts follow the declared claims and, when a default run is present,
``results/claims.parquet``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pandas as pd
import pytest

from asobi.cli import main
from asobi.core.claims import Claim, Verdict, claims_frame, write_claims
from asobi.core.errors import DataError
from asobi.core.games import GAMES
from asobi.core.sources import (
    ARTICLES,
    PASSAGE_MAX,
    Citation,
    article_of,
    check_passages,
    declared_citations,
)

ROOT = Path(__file__).resolve().parent.parent
ARTICLES_DIR = ROOT.parent / "shared" / "articles"
RESULTS_CLAIMS = ROOT / "results" / "claims.parquet"
needs_articles = pytest.mark.skipif(
    not ARTICLES_DIR.is_dir(), reason="the articles are not beside the repository"
)


def _claims_module(game: str):
    return importlib.import_module(f"asobi.{game}.claims")


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_claim_has_a_citation(game):
    module = _claims_module(game)
    assert set(module.CITATIONS) == set(module.CLAIM_IDS)


@pytest.mark.parametrize("game", GAMES)
def test_article_citations_name_the_games_own_article(game):
    for claim_id, citation in _claims_module(game).CITATIONS.items():
        article = citation.article
        assert article is None or article.game == game, claim_id


@needs_articles
def test_every_article_passage_is_in_its_article():
    checks = check_passages(declared_citations(), ARTICLES_DIR)
    missing = [(c.claim_id, c.passage) for c in checks if c.found is False]
    assert missing == []
    assert sum(c.found is True for c in checks) > 0


@needs_articles
def test_check_sources_passes_on_the_articles(capsys):
    assert main(["claims", "check-sources", str(ARTICLES_DIR)]) == 0
    assert "article passages found" in capsys.readouterr().out


def _one_article_folder(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / ARTICLES["fivelines"].file).write_text(text, encoding="utf-8")
    return folder


FIVELINES = f"「{ARTICLES['fivelines'].title}」, 定理"


def test_a_passage_not_in_the_article_is_reported(tmp_path):
    folder = _one_article_folder(tmp_path, "最後の棒を消した人が勝ち。\n")
    checks = check_passages(
        {
            "fivelines.a": Citation(FIVELINES, "最後の棒を消した人が勝ち", "normal play"),
            "fivelines.b": Citation(FIVELINES, "最後の棒を消した人が負け", "misère"),
            "chopsticks.wiki": Citation("Wikipedia, rev. 1", "cutoff", "x"),
        },
        folder,
    )
    assert [(c.claim_id, c.found) for c in checks] == [
        ("fivelines.a", True),
        ("fivelines.b", False),
        ("chopsticks.wiki", None),
    ]


def test_a_passage_may_not_run_across_a_line_break(tmp_path):
    folder = _one_article_folder(tmp_path, "最後の棒を\n消した人が勝ち。\n")
    [check] = check_passages([("f.a", Citation(FIVELINES, "最後の棒を消した", "c"))], folder)
    assert check.found is False


def test_a_missing_article_text_is_one_clear_error(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    with pytest.raises(DataError, match="gosen_hisshouhou.txt"):
        check_passages([("f.a", Citation(FIVELINES, "棒", "c"))], folder)


def _claim(claim_id: str, passage: str) -> Claim:
    return Claim.cited(
        claim_id,
        "fivelines",
        Citation(FIVELINES, passage, "normal play"),
        statement="s",
        formal="f",
        verdict=Verdict.CONFIRMED,
        evidence="e",
    )


def test_check_sources_names_the_claim_whose_passage_is_missing(tmp_path, capsys):
    folder = _one_article_folder(tmp_path, "最後の棒を消した人が勝ち。\n")
    claims_file = tmp_path / "claims.parquet"
    write_claims(
        [_claim("fivelines.a", "最後の棒"), _claim("fivelines.b", "最初の棒")],
        claims_file,
        game="fivelines",
    )
    status = main(["claims", "check-sources", str(folder), "--claims", str(claims_file)])
    out = capsys.readouterr().out
    assert status == 1
    assert "fivelines.b: 最初の棒" in out
    assert "fivelines.a" not in out
    assert "1 of 2 article passages found" in out


def test_check_sources_refuses_a_claims_table_without_passages(tmp_path, capsys):
    folder = _one_article_folder(tmp_path, "x\n")
    old = tmp_path / "old.parquet"
    claims_frame([_claim("fivelines.a", "x")]).drop(columns=["passage"]).to_parquet(old)
    assert main(["claims", "check-sources", str(folder), "--claims", str(old)]) == 2
    assert "no column passage" in capsys.readouterr().err


def test_a_claim_needs_a_passage_and_conditions():
    with pytest.raises(DataError, match="passage"):
        _claim("fivelines.a", " ")
    with pytest.raises(DataError, match="conditions"):
        Claim("f.a", "fivelines", FIVELINES, "s", "f", Verdict.CONFIRMED, "e", passage="p")


def test_a_passage_is_a_citation_not_a_copy():
    with pytest.raises(DataError, match=f"at most {PASSAGE_MAX}"):
        Citation(FIVELINES, "棒" * (PASSAGE_MAX + 1), "c")


def test_the_claims_table_has_passage_and_conditions_beside_the_source():
    frame = claims_frame([_claim("fivelines.a", "最後の棒")])
    assert list(frame.columns[:5]) == ["claim_id", "game", "source", "passage", "conditions"]
    assert frame.loc[0, "conditions"] == "normal play"


def test_article_of_finds_the_article_by_title():
    assert article_of(FIVELINES) is ARTICLES["fivelines"]
    assert article_of("Wikipedia, Chopsticks (hand game), revision of 2026-01-01") is None


# --- README's counts ------------------------------------------------------------------------

SENTENCE = re.compile(r"Of the (\d+) claims, ([^.]*)\.")
VERDICT_COUNTS = {
    "confirmed": re.compile(r"(\d+|none) (?:are |is )?confirmed"),
    "refuted": re.compile(r"(\d+|none) (?:are |is )?refuted"),
    "depends": re.compile(r"(\d+|none) (?:depends?|turn on) on the reading"),
    "undecided": re.compile(r"(\d+|none) (?:are |is )?undecided"),
}


def _readme_counts() -> dict[str, int]:
    """The counts in README's sentence "Of the N claims, A are confirmed, ..."."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    sentence = SENTENCE.search(text)
    assert sentence, "README.md lost its sentence 'Of the N claims, ...'"
    counts = {"total": int(sentence.group(1))}
    for verdict, pattern in VERDICT_COUNTS.items():
        found = pattern.search(sentence.group(2))
        counts[verdict] = 0 if found is None or found.group(1) == "none" else int(found.group(1))
    return counts


def test_readme_counts_every_declared_claim():
    declared = sum(len(_claims_module(game).CLAIM_IDS) for game in GAMES)
    counts = _readme_counts()
    assert counts["total"] == declared
    assert sum(v for k, v in counts.items() if k != "total") == declared


@pytest.mark.skipif(not RESULTS_CLAIMS.exists(), reason="no default run in results/")
def test_readme_counts_are_those_of_the_default_run():
    verdicts = pd.read_parquet(RESULTS_CLAIMS, columns=["verdict"])["verdict"]
    counts = _readme_counts()
    assert counts["total"] == len(verdicts)
    for verdict in ("confirmed", "refuted", "depends", "undecided"):
        assert counts[verdict] == int((verdicts == verdict).sum()), verdict


@pytest.mark.skipif(not RESULTS_CLAIMS.exists(), reason="no default run in results/")
def test_the_default_run_cites_what_the_games_declare():
    frame = pd.read_parquet(RESULTS_CLAIMS, columns=["claim_id", "source", "passage", "conditions"])
    declared = declared_citations()
    for row in frame.itertuples(index=False):
        assert Citation(row.source, row.passage, row.conditions) == declared[row.claim_id]
