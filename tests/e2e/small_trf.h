// A five-player TRF-2026 file for the CLI's TRF tests (issue 26 §3): round
// 1 of a Swiss, 1 (red) beats 2, 3 (red) draws 4, 5 has the bye; points
// 2/1/0, the bye 2. Tests spoil it to see what `qiwang pair --trf` and
// `qiwang import trf` refuse. Test support; tests/e2e only.
#ifndef QIWANG_TESTS_E2E_SMALL_TRF_H_
#define QIWANG_TESTS_E2E_SMALL_TRF_H_

#include <fstream>
#include <string>

#include "services/trf/trf_document.h"

namespace qiwang::e2e {

inline exports::TrfDocument FivePlayerTrf() {
  exports::TrfDocument document;
  document.version = exports::TrfVersion::kTrf2026;
  document.name = "Chengdu Open - Men";
  document.start_date = "2016/10/14";
  document.type = "Swiss System";
  document.time_control = "40'+10\"";
  document.rounds = 5;
  document.point_system = {{'W', 20}, {'D', 10}, {'L', 0}, {'P', 20}};
  const exports::TrfRound rounds[] = {{2, 'w', '1'},
                                      {1, 'b', '0'},
                                      {4, 'w', '='},
                                      {3, 'b', '='},
                                      {0, '-', 'U'}};
  const int points[] = {20, 0, 10, 10, 20};
  for (int i = 0; i < 5; ++i) {
    exports::TrfPlayer player;
    player.start_number = i + 1;
    player.sex = 'm';
    player.name = "Player " + std::to_string(i + 1);
    player.birth_date = "1990";
    player.points_tenths = points[i];
    player.rounds = {rounds[i]};
    document.players.push_back(player);
  }
  return document;
}

inline void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace qiwang::e2e

#endif  // QIWANG_TESTS_E2E_SMALL_TRF_H_
