/*
 * Plain C baseline of the prime daifugo counting path (asobi.daifugo.tally.tally_range).
 *
 * Sieves lo <= n < hi (a segmented sieve of Eratosthenes over the odd numbers) and classifies
 * each prime: over the splits of its decimal digits into cards that fit one deck (`suits`
 * copies of each card 1..13 and `jokers` jokers; a digit 1 followed by 0..3 may be read as one
 * card 10..13; a lone digit 0 needs a joker, or is not allowed when joker_zero is 0; each copy
 * of a card past `suits` needs a joker) it finds the fewest cards and the fewest jokers. A
 * prime with no fitting split is an Eden prime. Counts are kept per digit count.
 *
 *     cc -O2 -std=c99 -o daifugo_primes_baseline daifugo_primes_baseline.c
 *     ./daifugo_primes_baseline LO HI SUITS JOKERS JOKER_ZERO
 *
 * Output: one tab-separated line per digit count that has primes in the range:
 *     digits  primes  playable  need_joker  smallest_eden  h[0] h[1] ... h[19]
 * where smallest_eden is -1 when the range holds no Eden prime of that length and h[c] is the
 * number of playable primes whose fewest cards is c. Written plainly (no tricks past -O2): it
 * is the "compiled baseline" of benchmarks/daifugo_primes_rate.py.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DIGITS 19
#define N_CARDS 14 /* index 0 is a lone 0 (a joker), 1..13 the cards */
#define SEGMENT_ODDS (1 << 17)

typedef struct {
    int suits;
    int jokers;
    int joker_zero;
} Rules;

typedef struct {
    int64_t primes[MAX_DIGITS + 1];
    int64_t playable[MAX_DIGITS + 1];
    int64_t need_joker[MAX_DIGITS + 1];
    int64_t smallest_eden[MAX_DIGITS + 1];
    int64_t histogram[MAX_DIGITS + 1][MAX_DIGITS + 1];
} Counts;

/* The fewest cards and the fewest jokers over the fitting splits of n (-1, -1: none fits);
 * returns the number of digits of n. */
static int classify(uint64_t n, const Rules *rules, int *best_cards, int *best_jokers)
{
    int reversed[20], digits[20], starts[20];
    int length = 0;
    while (n > 0) {
        reversed[length++] = (int)(n % 10);
        n /= 10;
    }
    for (int i = 0; i < length; i++)
        digits[i] = reversed[length - 1 - i]; /* most significant first */

    /* the positions where a two-digit card 10..13 may start */
    int n_starts = 0;
    for (int i = 0; i + 1 < length; i++)
        if (digits[i] == 1 && digits[i + 1] <= 3)
            starts[n_starts++] = i;

    *best_cards = -1;
    *best_jokers = -1;
    for (uint32_t mask = 0; mask < (1u << n_starts); mask++) {
        /* the chosen start positions; two adjacent ones would share a digit */
        uint32_t chosen = 0;
        for (int j = 0; j < n_starts; j++)
            if (mask & (1u << j))
                chosen |= 1u << starts[j];
        if (chosen & (chosen >> 1))
            continue;

        int count[N_CARDS] = {0};
        int cards = 0;
        for (int i = 0; i < length; cards++) {
            if (chosen & (1u << i)) {
                count[10 + digits[i + 1]]++;
                i += 2;
            } else {
                count[digits[i]]++;
                i += 1;
            }
        }
        if (count[0] > 0 && !rules->joker_zero)
            continue;
        int needed = count[0];
        for (int card = 1; card < N_CARDS; card++)
            if (count[card] > rules->suits)
                needed += count[card] - rules->suits;
        if (needed > rules->jokers)
            continue;
        if (*best_cards < 0 || cards < *best_cards)
            *best_cards = cards;
        if (*best_jokers < 0 || needed < *best_jokers)
            *best_jokers = needed;
    }
    return length;
}

static void count_prime(uint64_t p, const Rules *rules, Counts *counts)
{
    int cards, jokers;
    int length = classify(p, rules, &cards, &jokers);
    counts->primes[length]++;
    if (cards < 0) {
        if (counts->smallest_eden[length] < 0 || (int64_t)p < counts->smallest_eden[length])
            counts->smallest_eden[length] = (int64_t)p;
        return;
    }
    counts->playable[length]++;
    if (jokers > 0)
        counts->need_joker[length]++;
    counts->histogram[length][cards]++;
}

/* The largest r with r * r <= n (Newton's method on integers). */
static uint64_t isqrt(uint64_t n)
{
    uint64_t x = n, y = (n + 1) / 2;
    while (y < x) {
        x = y;
        y = (x + n / x) / 2;
    }
    return x;
}

/* The odd primes up to limit, by a plain sieve of Eratosthenes; their number in *n_base. */
static uint64_t *base_primes(uint64_t limit, size_t *n_base)
{
    char *composite = calloc(limit + 1, 1);
    uint64_t *base = malloc((limit / 2 + 1) * sizeof *base);
    if (!composite || !base) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    *n_base = 0;
    for (uint64_t p = 3; p <= limit; p += 2) {
        if (composite[p])
            continue;
        base[(*n_base)++] = p;
        for (uint64_t m = p * p; m <= limit; m += 2 * p)
            composite[m] = 1;
    }
    free(composite);
    return base;
}

static void tally(uint64_t lo, uint64_t hi, const Rules *rules, Counts *counts)
{
    if (lo <= 2 && 2 < hi)
        count_prime(2, rules, counts);
    uint64_t start = lo < 3 ? 3 : lo;
    if (start % 2 == 0)
        start++;
    if (start >= hi)
        return;

    size_t n_base;
    uint64_t *base = base_primes(isqrt(hi - 1), &n_base);
    char *composite = malloc(SEGMENT_ODDS);
    if (!composite) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    /* segment: the odd numbers start + 2k, 0 <= k < size */
    for (; start < hi; start += 2 * (uint64_t)SEGMENT_ODDS) {
        uint64_t size = (hi - start + 1) / 2;
        if (size > SEGMENT_ODDS)
            size = SEGMENT_ODDS;
        uint64_t top = start + 2 * size;
        memset(composite, 0, size);
        for (size_t b = 0; b < n_base; b++) {
            uint64_t p = base[b];
            if (p * p >= top)
                break;
            uint64_t first = p * p;
            if (first < start) {
                first = (start + p - 1) / p * p;
                if (first % 2 == 0)
                    first += p;
            }
            for (uint64_t k = (first - start) / 2; k < size; k += p)
                composite[k] = 1;
        }
        for (uint64_t k = 0; k < size; k++)
            if (!composite[k])
                count_prime(start + 2 * k, rules, counts);
    }
    free(composite);
    free(base);
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s LO HI SUITS JOKERS JOKER_ZERO\n", argv[0]);
        return 2;
    }
    uint64_t lo = strtoull(argv[1], NULL, 10);
    uint64_t hi = strtoull(argv[2], NULL, 10);
    Rules rules = {atoi(argv[3]), atoi(argv[4]), atoi(argv[5])};
    if (hi > 1000000000000000000ull) {
        fprintf(stderr, "hi must be at most 10^18\n");
        return 2;
    }

    static Counts counts;
    for (int d = 0; d <= MAX_DIGITS; d++)
        counts.smallest_eden[d] = -1;
    tally(lo, hi, &rules, &counts);

    for (int d = 1; d <= MAX_DIGITS; d++) {
        if (counts.primes[d] == 0)
            continue;
        printf("%d\t%lld\t%lld\t%lld\t%lld", d, (long long)counts.primes[d],
               (long long)counts.playable[d], (long long)counts.need_joker[d],
               (long long)counts.smallest_eden[d]);
        for (int c = 0; c <= MAX_DIGITS; c++)
            printf("\t%lld", (long long)counts.histogram[d][c]);
        printf("\n");
    }
    return 0;
}
