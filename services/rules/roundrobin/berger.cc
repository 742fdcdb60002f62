#include "services/rules/roundrobin/berger.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules {
namespace {

// Maps any integer onto 1..modulus.
int Wrap(int value, int modulus) {
  const int rest = ((value - 1) % modulus + modulus) % modulus;
  return rest + 1;
}

// Table round `round` (1-based) for an even table of `table_size` numbers,
// including any board with the dummy number.
std::vector<BergerBoard> TableRound(int table_size, int round) {
  const int rotating = table_size - 1;
  int partner_of_last = 1;
  while (Wrap(2 * partner_of_last, rotating) != Wrap(round + 1, rotating)) {
    ++partner_of_last;
  }
  std::vector<BergerBoard> boards;
  boards.reserve(table_size / 2);
  if (round % 2 == 1) {
    boards.push_back({partner_of_last, table_size});
  } else {
    boards.push_back({table_size, partner_of_last});
  }
  for (int step = 1; step < table_size / 2; ++step) {
    const int ahead = Wrap(partner_of_last + step, rotating);
    const int behind = Wrap(partner_of_last - step, rotating);
    const bool behind_is_red = Wrap(ahead - behind, rotating) % 2 == 1;
    if (behind_is_red) {
      boards.push_back({behind, ahead});
    } else {
      boards.push_back({ahead, behind});
    }
  }
  return boards;
}

BergerRound WithoutDummy(std::vector<BergerBoard> boards, int dummy) {
  BergerRound round;
  for (const BergerBoard& board : boards) {
    if (board.red == dummy) {
      round.bye = board.black;
    } else if (board.black == dummy) {
      round.bye = board.red;
    } else {
      round.boards.push_back(board);
    }
  }
  return round;
}

}  // namespace

absl::StatusOr<std::vector<BergerRound>> BergerSchedule(
    int player_count, const RoundRobinOptions& options) {
  if (player_count < kMinRoundRobinPlayers ||
      player_count > kMaxRoundRobinPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat("R2.1: a round robin takes ", kMinRoundRobinPlayers, "..",
                     kMaxRoundRobinPlayers, " players, got ", player_count));
  }
  if (options.cycles != 1 && options.cycles != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("R2.1: cycles must be 1 or 2, got ", options.cycles));
  }
  const int table_size = player_count + player_count % 2;
  const int dummy = player_count % 2 == 1 ? table_size : 0;
  std::vector<BergerRound> table;
  for (int round = 1; round < table_size; ++round) {
    table.push_back(WithoutDummy(TableRound(table_size, round), dummy));
  }
  if (options.cycles == 1) return table;

  std::vector<BergerRound> schedule = table;
  if (options.swap_last_two_rounds_of_first_cycle) {
    std::swap(schedule[schedule.size() - 1], schedule[schedule.size() - 2]);
  }
  for (BergerRound round : table) {
    for (BergerBoard& board : round.boards) std::swap(board.red, board.black);
    schedule.push_back(std::move(round));
  }
  return schedule;
}

}  // namespace qiwang::rules
