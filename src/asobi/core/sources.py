"""Where a claim comes from: the five articles, and the citation every claim carries.

A claim is the source's question, so each one names its source (the article's title and
section, or a public reference with the revision or date read), a short verbatim
``passage`` that locates it there (at most about 60 characters: a citation, not a copy),
and the ``conditions`` and scope the source attaches, in our words. Each game declares its
citations in one mapping ``CITATIONS`` (claim id → :class:`Citation`) in its claims module,
so that they can be checked without a run: :func:`check_passages` finds every article
passage verbatim in the article texts (``asobi claims check-sources DIR``).

>>> ARTICLES["fivelines"].file
'gosen_hisshouhou.txt'
>>> article_of("「五線の必勝法」, 定理").game
'fivelines'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from asobi.core.errors import DataError

#: A passage longer than this is a copy, not a citation ("at most about 60 characters").
PASSAGE_MAX = 64


@dataclass(frozen=True)
class Article:
    """One of the five articles whose claims are audited; ``file`` is its text's name in
    the articles folder (``../shared/articles``)."""

    game: str
    heading: str
    title: str
    file: str


ARTICLES = {
    "fivelines": Article("fivelines", "五線 (five lines)", "五線の必勝法", "gosen_hisshouhou.txt"),
    "chopsticks": Article(
        "chopsticks",
        "数字を増やす遊び (chopsticks)",
        "子供の時に遊んだ「アレ」の欠陥",
        "chopsticks_are-no-kekkan.txt",
    ),
    "contraposition": Article(
        "contraposition",
        "Contraposition",
        "Contraposition : 最大グループゲームの「対偶」",
        "contraposition.txt",
    ),
    "daifugo": Article(
        "daifugo",
        "素数大富豪 (prime daifugō)",
        "[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し",
        "sosu-daifugo_ramanujan_shisuu.txt",
    ),
    "shiritori": Article(
        "shiritori",
        "ようかいしりとり (yokai shiritori)",
        "もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析",
        "youkai-shiritori_kanzen-kaiseki.txt",
    ),
}


def article_of(source: str) -> Article | None:
    """The article a claim's ``source`` cites (its title appears in it), or ``None`` for a
    public reference (Wikipedia, a players' blog) or our own finding."""
    found = [article for article in ARTICLES.values() if article.title in source]
    return found[0] if found else None


@dataclass(frozen=True)
class Citation:
    """Where a claim is made and under what conditions.

    ``source``: the article's title and section, or a public reference with the revision
    or date read; ``passage``: a short verbatim quote in the source's language that finds
    the place (for an article it must occur in the article's text); ``conditions``: the
    conditions and scope the source attaches, in our words ("at most 53 cards", "the
    article's rules").

    >>> Citation("「五線の必勝法」, 定理", "x" * 80, "normal play")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    asobi.core.errors.DataError: citation from ...: the passage has 80 characters (at most 64)
    """

    source: str
    passage: str
    conditions: str

    def __post_init__(self) -> None:
        for name in ("source", "passage", "conditions"):
            if not str(getattr(self, name)).strip():
                raise DataError(f"citation from {self.source or '?'}: {name} is empty")
        if len(self.passage) > PASSAGE_MAX:
            raise DataError(
                f"citation from {self.source}: the passage has {len(self.passage)} characters "
                f"(at most {PASSAGE_MAX})"
            )

    @property
    def article(self) -> Article | None:
        """The article the passage is from (``None`` for a public reference)."""
        return article_of(self.source)


@dataclass(frozen=True)
class PassageCheck:
    """One citation checked against the article texts: ``found`` is ``None`` when the
    source is not one of the articles (nothing to check it against)."""

    claim_id: str
    source: str
    passage: str
    found: bool | None


def check_passages(
    citations: Mapping[str, Citation] | Iterable[tuple[str, Citation]],
    articles_dir: str | os.PathLike[str],
) -> list[PassageCheck]:
    """Look every article passage up verbatim in the article texts saved in
    ``articles_dir`` (one file per article, :attr:`Article.file`).

    A passage must occur in its article's text exactly as written (it may not run across a
    line break: the articles hold one paragraph per line). A missing article file is a
    :class:`DataError` naming it.
    """
    folder = Path(articles_dir)
    if not folder.is_dir():
        raise DataError(f"{folder} is not a folder of article texts")
    items = citations.items() if isinstance(citations, Mapping) else citations
    texts: dict[str, str] = {}
    checks = []
    for claim_id, citation in items:
        article = citation.article
        if article is None:
            checks.append(PassageCheck(claim_id, citation.source, citation.passage, None))
            continue
        if article.file not in texts:
            path = folder / article.file
            if not path.is_file():
                raise DataError(f"{path}: the text of 「{article.title}」 is missing")
            texts[article.file] = path.read_text(encoding="utf-8")
        found = citation.passage in texts[article.file]
        checks.append(PassageCheck(claim_id, citation.source, citation.passage, found))
    return checks


def declared_citations() -> dict[str, Citation]:
    """Every claim's citation, as the games declare them (``CITATIONS`` in each game's
    claims module, in the registry's order); a claim id declared twice is an error."""
    import importlib

    from asobi.core.games import GAMES

    citations: dict[str, Citation] = {}
    for game in GAMES:
        module = importlib.import_module(f"asobi.{game}.claims")
        for claim_id, citation in getattr(module, "CITATIONS", {}).items():
            if claim_id in citations:
                raise DataError(f"claim {claim_id!r} is cited twice")
            citations[claim_id] = citation
    return citations
