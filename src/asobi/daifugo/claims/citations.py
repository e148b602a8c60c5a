"""What a 素数大富豪 claim cites: where it is made (:data:`CITATIONS`), and the tables.

Every claim is the source's question: :data:`CITATIONS` gives, per claim id, the source (the
article's title and section, a players' page with the date read, or our own finding), a
short verbatim passage that finds the place, and the source's conditions in our words.
:func:`daifugo_claim` builds each claim from its citation, so that the claims table and
:data:`CITATIONS` can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable

from asobi.core.claims import Claim, Reading, Verdict
from asobi.core.recheck import Recheck
from asobi.core.sources import ARTICLES, Citation

GAME = "daifugo"
TITLE = ARTICLES[GAME].title
ARTICLE = f"「{TITLE}」 (integers, 2016-12-22)"
EXPONENT = f"{ARTICLE}, section 合成数出しに関する指数表記出し"
REVOLUTION = f"{ARTICLE}, section ラマヌジャン革命"
INTRO = f"{ARTICLE}, introduction"
#: The players' blog series; its progress list (前回までの進捗) heads every entry.
NISEI = (
    "にせいの日記 (nisei.hatenablog.com), series 「素数大富豪素数問題に挑む」, progress list "
    "(〜前回までの進捗〜) at the top of entry sdsp12 「-9日目- 9桁できちゃった」 (the same list "
    "heads sdsp11 「-8日目-」 of 2015-01-14 and sdsp13 「-10日目- 成果発表」); stored copy "
    "read 2026-12-07"
)
ASANGI = (
    "浅葱色の計算用紙 (asangi-a4ac.hateblo.jp), 「最大素数大富豪合成数問題」, 2018-08-09, "
    "first sentence; stored copy read 2026-12-07"
)
OURS = "asobi's finding (ours)"
RULES_ENGINE = "asobi's rules engine (daifugo.judge) and enumerator of composite plays"

NUMBERS = "daifugo/numbers.parquet"
Z3 = "daifugo/z3_crosscheck.parquet"
GENOCCHI = "daifugo/genocchi.parquet"
HAND_ODDS = "daifugo/hand_odds.parquet"
ORDINARY_ODDS = "daifugo/ordinary_odds.parquet"
LARGEST_PRIMES = "daifugo/largest_primes.parquet"
PRIME_TALLY = "daifugo/prime_tally.parquet"
PRIMES = "daifugo/primes.parquet"
RULINGS = "daifugo/rulings.parquet"
CUBE_SUMS = "daifugo/cube_sums.parquet"

_DECK = "one deck: four suits of A…K and two jokers, a joker standing for any card or for 0"
_RULES = f"the article's rules ({_DECK})"
_EXP = f"{_RULES}, with exponent notation (指数表記出し)"
_REV = f"{_RULES}, with the Ramanujan revolution (ラマヌジャン革命)"
_ODDS = (
    "the article's rules; hand size left open by the article (7 or 11 cards usual; we read "
    "5, 7 and 11), the joker rule optional; 'can start' read as 'the dealt hand holds the cards'"
)
#: "More often than ordinary daifugō": the same readings wherever the phrase is used.
_ORDINARY = (
    "'ordinary daifugō' read two ways, each hand apart: four of a kind in a hand of the same "
    "size, and four of a kind in ordinary daifugō as dealt (the whole deck to 3, 4 or 5 "
    "players); hands as dealt, drawing from the deck (山札) left out, as the article does "
    "not say when a player draws"
)
_TALLY = (
    "a prime counts when its digits can be laid from one deck (A…K, 10 as one card, two "
    "jokers standing for any card or 0); primes counted by digit count, not by card count "
    "(「使うカードの枚数は考えず」)"
)


def _article(section: str, passage: str, conditions: str) -> Citation:
    return Citation(section, passage, conditions)


#: Per claim id: where the claim is made and under what conditions.
CITATIONS: dict[str, Citation] = {
    f"{GAME}.{name}": citation
    for name, citation in {
        "example_8": _article(
            EXPONENT,
            "$2$ を四枚捨てる必要がある",
            f"{_RULES}; composite plays as they were before exponent notation",
        ),
        "example_32": _article(EXPONENT, "3, 2, 2, 5 で出すことができる", _EXP),
        "example_88": _article(EXPONENT, "8, 8, 2, 3, J や 8, 8, 2, 3, 1, 1で場に出せる", _EXP),
        "example_64": _article(EXPONENT, "$64=2\\times 2\\times 2 \\times 2^3$", _EXP),
        "example_691": _article(EXPONENT, "$691=691^1$ とみなした出し方", _EXP),
        "example_155": _article(EXPONENT, "$155=5\\times 31^1$ とみなした出し方", _EXP),
        "example_23456": _article(
            EXPONENT, "$23456=2^5\\times 733$ をジョーカーを $5$ として", _EXP
        ),
        "example_1024": _article(EXPONENT, "$1024=2^{10}$ をジョーカーを $0$ として", _EXP),
        "example_1": _article(EXPONENT, "$1=2^0$ とみなして", _EXP),
        "example_6": _article(EXPONENT, "$6=2 \\times 3\\times 691^0$ とみなして", _EXP),
        "example_65536": _article(
            EXPONENT, "$65536=2^{16}$ を $2^{2^4}$ と考えて", f"{_EXP}; towers of up to 3 levels"
        ),
        "example_5187": _article(REVOLUTION, "$5187=3\\times 1729$ において", _REV),
        "ramanujan_not_composite": _article(REVOLUTION, "を合成数出しで出してはならない", _REV),
        "ramanujan_revolution_rules": _article(
            REVOLUTION,
            "パスをして場が流れても革命状態は解除されない。",
            f"{_REV}; every rule of the section's list that a sequence of plays can show, "
            "1729 laid partly with a joker and another player's 1729 among them",
        ),
        "joker_zero_used_in_revolution": _article(
            REVOLUTION,
            "ジョーカーを $0$ として利用してもよいというルールが有効に利用されるケース",
            f"{_REV}; in revolution a four-card play answers 1729 only with a smaller one: "
            "the primes from 1000 to 1728 laid in four cards; 'real use' read as some of them, "
            "and the smallest (the strongest answer), needing a joker as 0",
        ),
        "special_numbers_not_prime": _article(
            REVOLUTION,
            "$1729$ は素数ではないが素数として四枚出しで場に出す",
            "57 and 1729, played as if prime (57 「素数でないのに素数と呼ばれている」), and the "
            "article's factorisations 1729 = 7·13·19 and 5187 = 3·1729 = 3·7·13·19",
        ),
        "smallest_unplayable_composite_without_exponent": _article(
            EXPONENT,
            "$128$ が最小とかなり小さい数でありながら出せない",
            f"{_RULES}, composite plays without exponent notation (the rules before it)",
        ),
        "smallest_eden_prime": _article(
            EXPONENT, "最小のエデンの園素数 $40009$", f"{_RULES}; a prime laid on its own"
        ),
        "ramanujan_smallest_carmichael_four_cards": _article(
            REVOLUTION,
            "「素数大富豪において四枚を必要とする最小の絶対擬素数」",
            f"{_RULES}; Carmichael numbers (絶対擬素数) by Korselt's criterion; fewest cards",
        ),
        "ramanujan_taxicab": _article(
            REVOLUTION,
            "$1729$ はラマヌジャンのタクシー数として有名であり",
            "the taxicab number: the least sum of two positive cubes in two different ways",
        ),
        "ramanujan_looks_prime": _article(
            REVOLUTION,
            "$1729$ は最小の素因数が $7$ なので",
            "a factor seen at a glance: 2, 3 or 5 (last digit, digit sum), as the article "
            "argues for 561 (digit sum 12) and 1105 (ends in 5)",
        ),
        "genocchi_17_only_prime": _article(
            INTRO,
            "「唯一のジェノッキ素数である」",
            "Genocchi numbers G_2n with their sign; a Genocchi prime is a positive prime value",
        ),
        "finding_rescued_by_exponent": _article(
            EXPONENT,
            "これまで全く出すことができなかった数もたくさん出せるようになります",
            f"{_EXP}; 'many' gives no measure: judged as existence, the count is the evidence",
        ),
        "non_square_free_easier": _article(
            EXPONENT,
            "無平方数ではない合成数がこれまでよりは出しやすくなります",
            f"{_EXP}; composites with a square factor above 1 up to the numbers table's "
            "n_max; 'easier' gives no measure: read as more of them playable and as fewer "
            "cards for those playable before, each a reading",
        ),
        "formerly_unplayable_become_playable": _article(
            EXPONENT,
            "このような数達が一挙に出しやすくなるわけですから",
            f"{_EXP}; the composites unplayable before exponent notation (128 the least) up "
            "to the numbers table's n_max, 1729 aside (its own rule); 一挙に read as 128 "
            "itself and as every one of them, each a reading",
        ),
        "non_square_free_several_ways": _article(
            EXPONENT,
            "無平方数ではない合成数の出し方は一般に複数通り生じる",
            f"{_EXP}; composites with a square factor above 1, playable, up to the numbers "
            "table's n_max; 一般に read as 'as a rule' (most, exceptions allowed), a layout "
            "being one play (expression and cards)",
        ),
        "finding_still_unplayable": Citation(
            OURS,
            "これまで全く出すことができなかった数もたくさん出せるようになります",
            f"{_EXP}; composites other than 1729 up to the numbers table's n_max",
        ),
        "finding_primes_needing_joker": Citation(
            OURS,
            "最小のエデンの園素数 $40009$",
            f"{_RULES}; primes below 10^6 laid on their own",
        ),
        "square_free_unchanged": _article(
            EXPONENT,
            "今までの出し方と全く同じです",
            f"{_EXP}; primes and square-free numbers; 'the ways of playing' read as the set "
            "of plays (card layouts), not only whether and with how few cards",
        ),
        "z3_crosscheck": Citation(
            OURS,
            "素因数分解に現れる素数を全て手札から捨てる",
            f"{_EXP}; composites up to z3_max and the article's examples",
        ),
        "revolution_four_cards_too_frequent": _article(
            REVOLUTION,
            "通常の大富豪に比べて頻繁に革命状態になってしまう。",
            f"{_ODDS}; the article's yardstick: ordinary daifugō's revolution (four of a "
            f"kind); {_ORDINARY}",
        ),
        "revolution_1729_composite_too_hard": _article(
            REVOLUTION,
            "出すのがかなり難しくなってしまいます",
            f"{_ODDS}; 'quite hard' gives no measure: judged as harder than the rule adopted "
            "(1729 as if prime), the size is the evidence",
        ),
        "revolution_1729_as_prime_suitable": _article(
            REVOLUTION,
            "出現頻度はある程度適切になると期待できます",
            f"{_ODDS}; 'suitable' gives no measure: read as the band the article's words set, "
            "likelier than the rule it calls too hard (1729 as a composite play) and no "
            "likelier than ordinary daifugō's revolution (the four-card rule's problem); "
            f"{_ORDINARY}",
        ),
        "revolution_1729_overcomes_too_frequent": _article(
            REVOLUTION,
            "という問題点も克服できます",
            f"{_ODDS}; the problem overcome is the article's own yardstick: a revolution "
            f"more frequent than in ordinary daifugō (four of a kind); {_ORDINARY}",
        ),
        "revolution_jokers_somewhat_more_likely": _article(
            REVOLUTION,
            "ジョーカールールを入れることによりもう少し出現しやすくなると思います",
            f"{_ODDS}; 'somewhat' gives no measure: judged as a direction (more likely with "
            "jokers), the size is the evidence",
        ),
        "largest_prime_71_digits": Citation(
            NISEI,
            "最大の数は72桁(実際に出せる数は71桁以下)",
            "a number one can actually play uses at most 53 cards (no hand holds the whole "
            "deck of 54); the list gives a digit count, not the number",
        ),
        "largest_prime_circulating_number": Citation(
            ASANGI,
            "最大素数大富豪素数99998888777766665555444433332222131313131313",
            "the largest prime one can play, at most 53 cards (the opponent holds at least "
            "one); the page gives the whole 71-digit number",
        ),
        "largest_whole_deck_prime_72_digits": Citation(
            OURS,
            "最大の数は72桁",
            "all 54 cards (52 and two jokers) in one play, which no game allows; a joker "
            "stands for any value 0…13 but not a leading 0",
        ),
        "public_all_primes_up_to_4_digits": Citation(
            NISEI, "4桁以下の素数1,229個は全て表現可能", _TALLY
        ),
        "public_tallies_5_to_7_digits": Citation(
            NISEI, "5桁の素数は、8,357個が表現可能", f"{_TALLY}; 5, 6 and 7 digits"
        ),
        "public_tally_8_digits": Citation(
            NISEI,
            "8桁の素数は、5,029,944個が表現可能",
            f"{_TALLY}; the blog reasons about zeros through jokers (+1 per 0, −1 per 10, "
            "at most two lone zeros) and about copies beyond four",
        ),
        "nine_digit_playable_at_least_5253883": Citation(
            NISEI,
            "9桁の素数は、5,253,883個以上",
            f"{_TALLY}; a lower bound (以上) from an unfinished count; the post's own final "
            "figure is not in the copy we read (only the progress lists are)",
        ),
    }.items()
}


def daifugo_claim(
    name: str,
    statement: str,
    formal: str,
    verdict: Verdict | None,
    evidence: str,
    tables: tuple[str, ...] = (),
    caveat: str | None = None,
    recheck: Recheck | None = None,
    readings: Iterable[Reading] = (),
) -> Claim:
    """The claim ``daifugo.<name>``, made where :data:`CITATIONS` says; ``recheck`` is the
    query that re-derives its decisive figures from the tables it cites; with
    ``readings``, the verdict is their headline (``verdict`` may then be ``None``).

    >>> daifugo_claim("example_1", "s", "f", Verdict.CONFIRMED, "e").passage
    '$1=2^0$ とみなして'
    """
    claim_id = f"{GAME}.{name}"
    return Claim.cited(
        claim_id,
        GAME,
        CITATIONS[claim_id],
        statement=statement,
        formal=formal,
        verdict=verdict,
        evidence=evidence,
        tables=tables,
        caveat=caveat,
        recheck=recheck,
        readings=readings,
    )
