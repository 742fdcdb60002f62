// Batching (ledger.h "Batching"): many threads send commands to one
// tournament at once; the ledger decides them in order on an evolving state
// and appends them in shared synced writes.
#include <atomic>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/events/event_from_record.h"
#include "tests/ledger/ledger_fixture.h"

namespace qiwang::ledger {
namespace {

using ::testing::HasSubstr;

constexpr int kThreads = 16;
constexpr int kPerThread = 12;

// Registers like the TournamentService, except that entries whose name ends
// in "refused" are refused (standing in for any rule's refusal).
absl::StatusOr<CommandOutcome> RegisterOrRefuse(
    Ledger& ledger, const v1::RegisterPlayerRequest& request) {
  return ledger.Execute(
      {"/qiwang.v1.TournamentService/RegisterPlayer", &request,
       request.command_id(), kTournament,
       [&request](const TournamentState& state,
                  const rules::tournament::CommandContext& context)
           -> absl::StatusOr<rules::tournament::Events> {
         if (absl::EndsWith(request.person().name(), "refused")) {
           return absl::FailedPreconditionError("R0: refused on purpose");
         }
         return rules::tournament::DecideRegister(state, request, context);
       }},
      {"tester", rules::Role::kRegistrar});
}

std::map<uint64_t, store::Record> RecordsByPosition(
    const store::EventLog& log) {
  std::map<uint64_t, store::Record> records;
  store::ReadRequest request;
  request.limit = 100000;
  absl::StatusOr<std::vector<store::Record>> all = log.Read(request);
  EXPECT_TRUE(all.ok()) << all.status();
  if (all.ok()) {
    for (store::Record& record : *all) records[record.position] = record;
  }
  return records;
}

// Every accepted command lands exactly once, where its answer says, in
// stream order; every refusal answers its own status and appends nothing; a
// retry (sent at once or later) answers the original. Another stream's
// appends meanwhile take positions a batch predicted for itself.
TEST_F(LedgerTest, BatchedCommandsLandOnceEachAndRefusalsStayIsolated) {
  CreateTournament();
  const uint64_t start = log_->LastPosition();
  std::atomic<bool> stop = false;
  std::thread notes([this, &stop] {
    while (!stop) {
      store::AppendRequest note;
      note.stream = "notes/elsewhere";
      note.events = {"note"};
      EXPECT_TRUE(log_->Append(note).ok());
    }
  });
  std::vector<absl::StatusOr<CommandOutcome>> outcomes(kThreads * kPerThread);
  std::vector<absl::StatusOr<CommandOutcome>> retries(kThreads * kPerThread);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const int n = t * kPerThread + i;
        // Pairs of threads share command ids: the same command in flight
        // twice, as a client that retries before its answer arrives.
        const int id = (t / 2) * kPerThread + i;
        const std::string name =
            absl::StrCat("P", id, id % 5 == 0 ? "refused" : "");
        const v1::RegisterPlayerRequest entry =
            ProfessionalEntry(absl::StrCat("reg-", id), name, 1 + id % 28);
        outcomes[n] = RegisterOrRefuse(*ledger_, entry);
        retries[n] = RegisterOrRefuse(*ledger_, entry);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  stop = true;
  notes.join();

  const std::map<uint64_t, store::Record> records = RecordsByPosition(*log_);
  std::map<std::string, uint64_t> landed;  // command id -> position
  for (const auto& [position, record] : records) {
    if (position <= start || record.stream != kTournament) continue;
    EXPECT_TRUE(landed.emplace(record.command_id, position).second)
        << record.command_id << " landed twice";
  }
  int accepted = 0;
  for (int n = 0; n < kThreads * kPerThread; ++n) {
    const int id = (n / kPerThread / 2) * kPerThread + n % kPerThread;
    const std::string command_id = absl::StrCat("reg-", id);
    if (id % 5 == 0) {
      EXPECT_EQ(outcomes[n].status().code(),
                absl::StatusCode::kFailedPrecondition);
      EXPECT_THAT(outcomes[n].status().message(), HasSubstr("R0"));
      EXPECT_EQ(retries[n].status().code(),
                absl::StatusCode::kFailedPrecondition);
      EXPECT_FALSE(landed.contains(command_id));
      continue;
    }
    ASSERT_TRUE(outcomes[n].ok()) << outcomes[n].status();
    ASSERT_TRUE(retries[n].ok()) << retries[n].status();
    EXPECT_TRUE(retries[n]->result.replayed());
    ASSERT_TRUE(landed.contains(command_id)) << command_id;
    EXPECT_EQ(outcomes[n]->result.first_position(), landed[command_id]);
    EXPECT_EQ(retries[n]->result.first_position(), landed[command_id]);
    // The answer's player id is the one the log holds at that position.
    const v1::Event stored =
        events::EventFromRecord(records.at(landed[command_id])).value();
    ASSERT_EQ(outcomes[n]->events.size(), 1u);
    EXPECT_EQ(outcomes[n]->events[0].player_registered().player_id(),
              stored.player_registered().player_id());
    EXPECT_EQ(outcomes[n]->events[0].stream_version(), stored.stream_version());
    accepted += outcomes[n]->result.replayed() ? 0 : 1;
  }
  const size_t distinct = static_cast<size_t>(kThreads / 2 * kPerThread);
  const size_t refused = (distinct + 4) / 5;
  EXPECT_EQ(landed.size(), distinct - refused);
  EXPECT_EQ(static_cast<size_t>(accepted), distinct - refused);
  // Stream order: versions follow positions, player ids follow versions.
  uint64_t version = 1;
  for (const auto& [position, record] : records) {
    if (position <= start || record.stream != kTournament) continue;
    EXPECT_EQ(record.stream_version, ++version);
    EXPECT_EQ(events::EventFromRecord(record)->player_registered().player_id(),
              static_cast<int64_t>(version - 1));
  }
  EXPECT_EQ(StateNow().players().size(), distinct - refused);
}

// A second ledger on the same log (another writer of the stream) makes the
// first one's batch lose its race: it refolds and decides again, so nothing
// is lost and no player id is given twice.
TEST_F(LedgerTest, BatchesOfTwoLedgersInterleaveWithoutLoss) {
  CreateTournament();
  Ledger other(*log_, *clock_);
  std::vector<std::thread> threads;
  std::vector<absl::Status> statuses(kThreads * kPerThread);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Ledger& ledger = t % 2 == 0 ? *ledger_ : other;
      for (int i = 0; i < kPerThread; ++i) {
        const int n = t * kPerThread + i;
        const std::string name = absl::StrCat("P", n);
        statuses[n] =
            RegisterOrRefuse(ledger, ProfessionalEntry(name, name, 1 + n % 28))
                .status();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  int ok = 0;
  for (const absl::Status& status : statuses) {
    // A batch may lose its race five times in a row under this contention;
    // it then answers ABORTED and appends nothing.
    if (status.ok()) {
      ++ok;
    } else {
      EXPECT_EQ(status.code(), absl::StatusCode::kAborted) << status;
    }
  }
  EXPECT_GT(ok, 0);
  EXPECT_EQ(StateNow().players().size(), static_cast<size_t>(ok));
  EXPECT_EQ(log_->LastPosition(), 1u + ok);
}

}  // namespace
}  // namespace qiwang::ledger
