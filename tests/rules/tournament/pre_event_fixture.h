// A tournament created from the shipped 2016 configuration, with helpers that
// run Decide* functions and apply their events the way the ledger does
// (stream version, global position and server time stamped in order). Every
// applied event is kept, so a test can fold the same log again.
#ifndef QIWANG_TESTS_RULES_TOURNAMENT_PRE_EVENT_FIXTURE_H_
#define QIWANG_TESTS_RULES_TOURNAMENT_PRE_EVENT_FIXTURE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// A configuration file in protobuf JSON, parsed; a test failure if it does
// not parse.
v1::TournamentConfig ConfigFromJsonFile(const std::string& path);

// deploy/examples/sichuan-2016.json, parsed.
v1::TournamentConfig Sichuan2016();

// An instant in Asia/Shanghai.
absl::Time Beijing(int year, int month, int day, int hour, int minute,
                   int second = 0);

v1::Person MakePerson(const std::string& name, int year, int month, int day,
                      v1::Gender gender, const std::string& id_number = "");

// `count` people ranked 1..count, named "<prefix> 1".., born in 1980.
std::vector<v1::Person> Ranking(const std::string& prefix, int count);

class PreEventTest : public ::testing::Test {
 protected:
  static constexpr char kTournament[] = "sichuan-2016";

  void SetUp() override;

  // Decides with `state_` and, on success, applies the events.
  template <typename Request>
  absl::StatusOr<Events> Run(
      absl::StatusOr<Events> (*decide)(const TournamentState&, const Request&,
                                       const CommandContext&),
      const Request& request, absl::Time now, Role role = Role::kRegistrar) {
    absl::StatusOr<Events> events = decide(state_, request, {now, role});
    if (events.ok()) Commit(*events, now);
    return events;
  }

  void Commit(const Events& events, absl::Time now);

  // Changes section `section_id` of the configuration by `change`
  // (TournamentAmended by the organiser).
  void AmendSection(const std::string& section_id,
                    const std::function<void(v1::Section&)>& change);

  // A native with insurance and no title, in `section_id` (empty: derived).
  v1::RegisterPlayerRequest Entry(const v1::Person& person,
                                  const std::string& section_id = "") const;
  // Registers before the deadline; answers the new player's id.
  absl::StatusOr<int64_t> Register(const v1::RegisterPlayerRequest& request,
                                   absl::Time now = kBeforeDeadline(),
                                   Role role = Role::kRegistrar);
  absl::Status RecordStation(const std::string& id, v1::StationKind kind,
                             int year, int month, int day,
                             const std::vector<v1::Person>& ranking);
  absl::StatusOr<Events> CheckIn(int64_t player_id,
                                 std::vector<v1::CheckInDocument> documents,
                                 absl::Time now = kDuringCheckIn());
  // Identity copy and insurance.
  absl::StatusOr<Events> CheckInWithUsualDocuments(int64_t player_id);
  absl::StatusOr<Events> CloseCheckIn(absl::Time now = kAfterCheckIn(),
                                      Role role = Role::kChiefArbiter);

  static absl::Time kBeforeDeadline() { return Beijing(2016, 9, 1, 10, 0); }
  static absl::Time kDuringCheckIn() { return Beijing(2016, 10, 13, 15, 0); }
  static absl::Time kAfterCheckIn() { return Beijing(2016, 10, 13, 18, 30); }

  TournamentState state_;
  std::vector<v1::Event> log_;
};

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_TESTS_RULES_TOURNAMENT_PRE_EVENT_FIXTURE_H_
