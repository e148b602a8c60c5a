/*
 * Plain C baseline of the Contraposition random playout (asobi.contraposition.mcts.random_playout
 * followed by asobi.contraposition.kernels.evaluate): the work of one MCTS playout.
 *
 * The hex-hex board of side s has 3s(s-1)+1 cells numbered row by row (axial r ascending, q
 * ascending within a row), as asobi.contraposition.board numbers them. A playout starts from the
 * empty board: White's opening stone on a random empty cell (not the centre under the basic
 * protocol), then the board is filled at random: each stone goes to a uniformly random empty
 * cell; under the 12? protocol a player who has placed the first stone of a turn ends the turn
 * with probability 1/2 instead of placing a second. The full board is scored by the article's
 * first statement of the rule (at the smallest group size where the colours' counts differ,
 * fewer groups wins) and by Ludii's scores (the smallest size at which a colour has more groups
 * than the other; 10^9 if none).
 *
 *     cc -O2 -std=c99 -o contraposition_playouts_baseline contraposition_playouts_baseline.c
 *     ./contraposition_playouts_baseline playouts SIDE PROTOCOL N SEED
 *         PROTOCOL 0 basic, 1 12?; prints one tab-separated line:
 *         playouts  white_wins  white_stones  decided_at_size_1
 *         (white_stones: the white stones of all final boards together)
 *     ./contraposition_playouts_baseline evaluate SIDE < boards
 *         one full board per line (a digit 1 white, 2 black per cell); prints per board:
 *         winner  deciding_size  white_score  black_score
 *
 * The random numbers (xorshift64*) are not numpy's, so single playouts differ from the numba
 * kernel's; the benchmark compares their counters statistically and `evaluate` exactly.
 * Written plainly (no tricks past -O2): the "compiled baseline" of
 * benchmarks/contraposition_playouts.py.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 400
#define INFINITY_SCORE 1000000000L

static int n_cells, centre_cell;
static int nbr[MAX_CELLS][6];

static void build_board(int side)
{
    int radius = side - 1, q_of[MAX_CELLS], r_of[MAX_CELLS];
    n_cells = 0;
    for (int r = -radius; r <= radius; r++)
        for (int q = -radius; q <= radius; q++)
            if (abs(q + r) <= radius) {
                q_of[n_cells] = q;
                r_of[n_cells] = r;
                if (q == 0 && r == 0)
                    centre_cell = n_cells;
                n_cells++;
            }
    static const int dq[6] = {1, -1, 0, 0, 1, -1}, dr[6] = {0, 0, 1, -1, -1, 1};
    for (int c = 0; c < n_cells; c++)
        for (int k = 0; k < 6; k++) {
            nbr[c][k] = -1;
            for (int o = 0; o < n_cells; o++)
                if (q_of[o] == q_of[c] + dq[k] && r_of[o] == r_of[c] + dr[k])
                    nbr[c][k] = o;
        }
}

static uint64_t state;

static uint64_t next_random(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
}

/* a uniform integer in [0, count) */
static int below(int count) { return (int)((next_random() >> 11) * (1.0 / 9007199254740992.0) * count); }

/* winner (1 white, 2 black), deciding size, Ludii scores of a full board */
static void evaluate(const int8_t *board, int *winner, int *deciding, long *white_score,
                     long *black_score)
{
    int counts[2][MAX_CELLS + 1], stack[MAX_CELLS];
    int8_t seen[MAX_CELLS];
    memset(counts, 0, sizeof counts);
    memset(seen, 0, (size_t)n_cells);
    for (int start = 0; start < n_cells; start++) {
        if (seen[start] || board[start] == 0)
            continue;
        int colour = board[start], top = 1, size = 0;
        seen[start] = 1;
        stack[0] = start;
        while (top) {
            int cell = stack[--top];
            size++;
            for (int k = 0; k < 6; k++) {
                int other = nbr[cell][k];
                if (other >= 0 && !seen[other] && board[other] == colour) {
                    seen[other] = 1;
                    stack[top++] = other;
                }
            }
        }
        counts[colour - 1][size]++;
    }
    *winner = 0;
    *deciding = 0;
    *white_score = INFINITY_SCORE;
    *black_score = INFINITY_SCORE;
    for (int size = 1; size <= n_cells; size++) {
        int w = counts[0][size], b = counts[1][size];
        if (w != b && *winner == 0) {
            *winner = w < b ? 1 : 2;
            *deciding = size;
        }
        if (w > b && *white_score == INFINITY_SCORE)
            *white_score = size;
        if (b > w && *black_score == INFINITY_SCORE)
            *black_score = size;
    }
}

static int playouts(int onetwo, long n)
{
    int8_t board[MAX_CELLS];
    int empties[MAX_CELLS];
    long white_wins = 0, white_stones = 0, at_one = 0;
    for (long i = 0; i < n; i++) {
        memset(board, 0, (size_t)n_cells);
        int opening;
        do
            opening = below(n_cells);
        while (!onetwo && opening == centre_cell);
        board[opening] = 1;
        int count = 0;
        for (int c = 0; c < n_cells; c++)
            if (board[c] == 0)
                empties[count++] = c;
        int mover = 2, half = 0;
        while (count > 0) {
            if (onetwo && half == 1 && (next_random() >> 11) * (1.0 / 9007199254740992.0) < 0.5) {
                mover = 3 - mover;
                half = 0;
                continue;
            }
            int pick = below(count);
            int cell = empties[pick];
            empties[pick] = empties[--count];
            board[cell] = (int8_t)mover;
            if (onetwo && half == 0)
                half = 1;
            else {
                mover = 3 - mover;
                half = 0;
            }
        }
        int winner, deciding;
        long ws, bs;
        evaluate(board, &winner, &deciding, &ws, &bs);
        white_wins += winner == 1;
        at_one += deciding == 1;
        for (int c = 0; c < n_cells; c++)
            white_stones += board[c] == 1;
    }
    printf("%ld\t%ld\t%ld\t%ld\n", n, white_wins, white_stones, at_one);
    return 0;
}

static int evaluate_lines(void)
{
    char line[MAX_CELLS + 8];
    int8_t board[MAX_CELLS];
    while (fgets(line, sizeof line, stdin)) {
        int length = 0;
        while (line[length] == '1' || line[length] == '2') {
            board[length] = (int8_t)(line[length] - '0');
            length++;
        }
        if (length == 0)
            continue;
        if (length != n_cells) {
            fprintf(stderr, "a board of %d cells on a board of %d\n", length, n_cells);
            return 2;
        }
        int winner, deciding;
        long ws, bs;
        evaluate(board, &winner, &deciding, &ws, &bs);
        printf("%d\t%d\t%ld\t%ld\n", winner, deciding, ws, bs);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "playouts") == 0) {
        build_board(atoi(argv[2]));
        state = strtoull(argv[5], NULL, 10) * 2654435761ULL + 0x9E3779B97F4A7C15ULL;
        return playouts(atoi(argv[3]), atol(argv[4]));
    }
    if (argc == 3 && strcmp(argv[1], "evaluate") == 0) {
        build_board(atoi(argv[2]));
        return evaluate_lines();
    }
    fprintf(stderr, "usage: %s playouts SIDE PROTOCOL N SEED | evaluate SIDE < boards\n", argv[0]);
    return 2;
}
