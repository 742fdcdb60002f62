#include "clients/cli/demo.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "base/grpc_status.h"
#include "base/timestamp.h"
#include "clients/cli/command_support.h"
#include "clients/cli/demo_people.h"
#include "clients/cli/demo_random.h"
#include "clients/cli/demo_results.h"
#include "clients/cli/demo_tokens.h"
#include "clients/cli/play_tables.h"
#include "clients/cli/play_values.h"
#include "clients/examples/shipped_configs.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// Times of the 2016 event (Asia/Shanghai): stations and registration, the
// check-in window, its close (R4.1-R4.3).
constexpr char kRegistrationTime[] = "2016-09-01T10:00:00+08:00";
constexpr char kCheckInTime[] = "2016-10-13T14:30:00+08:00";
constexpr char kCloseTime[] = "2016-10-13T18:00:00+08:00";

absl::Status FromGrpc(const grpc::Status& status, const std::string& step) {
  return base::FromGrpcStatus(status, absl::StrCat(step, ": "));
}

absl::Time ParseRfc3339(const char* text) {
  absl::Time time;
  std::string error;
  (void)absl::ParseTime(absl::RFC3339_full, text, &time, &error);
  return time;
}

// One board still waiting for its result.
struct Job {
  std::string section_id;
  int round = 0;
  int board = 0;
  int64_t red = 0;
  int64_t black = 0;
};

// What the arbiters did in one round.
struct RoundTally {
  std::atomic<int> recorded{0};
  std::atomic<int> duplicates_replayed{0};
  std::atomic<int> conflicts_refused{0};
};

// The run: the stubs, the tokens and what the demo learnt of the event.
// The arbiter threads share only the stubs (thread-safe), the strengths
// (read-only by then), `last_position_` and the tally (atomics).
class Demo {
 public:
  Demo(const CliContext& context, DemoOptions options, DemoTokens tokens)
      : context_(context),
        options_(std::move(options)),
        tokens_(std::move(tokens)),
        ledger_(context.Connect(*RpcOf<v1::PlayService>("RecordResult"))),
        admin_(v1::AdminService::NewStub(ledger_)),
        tournaments_(v1::TournamentService::NewStub(ledger_)),
        pair_(v1::PairingService::NewStub(ledger_)),
        pairings_(v1::PairingService::NewStub(
            context.Connect(*RpcOf<v1::PairingService>("ListPairings")))),
        play_(v1::PlayService::NewStub(ledger_)),
        standings_(v1::StandingsService::NewStub(
            context.Connect(*RpcOf<v1::StandingsService>("GetStandings")))) {}

  absl::Status Run() {
    if (absl::Status loaded = LoadConfig(); !loaded.ok()) return loaded;
    if (absl::Status pre = PreEvent(); !pre.ok()) return pre;
    if (absl::Status mapped = MapPlayers(); !mapped.ok()) return mapped;
    for (int round = 1; round <= MaxRounds(); ++round) {
      if (absl::Status played = PlayRound(round); !played.ok()) return played;
      if (round == options_.stop_after_round) {
        Print(absl::StrCat("stopped after round ", round,
                           "; run the same command again to resume\n"));
        return absl::OkStatus();
      }
    }
    return Finish();
  }

 private:
  std::unique_ptr<grpc::ClientContext> As(const std::string& token) const {
    CliContext as = context_;
    as.token = token;
    return as.NewCall();
  }
  std::unique_ptr<grpc::ClientContext> Public() const { return As(""); }

  void Saw(const v1::CommandResult& result) {
    uint64_t seen = last_position_.load();
    while (
        seen < result.last_position() &&
        !last_position_.compare_exchange_weak(seen, result.last_position())) {
    }
  }
  v1::ReadOptions Fresh() const {
    v1::ReadOptions read;
    read.set_min_position(last_position_.load());
    return read;
  }

  absl::Status LoadConfig() {
    v1::TournamentConfig file;
    if (absl::Status read =
            options_.config_path.empty()
                ? ParseJson(examples::Sichuan2016Json(),
                            "the built-in 2016 configuration", "config", file)
                : ReadJsonFile(options_.config_path, "config", file);
        !read.ok()) {
      return read;
    }
    config_.CopyFrom(file);
    if (!options_.tournament_id.empty()) config_.set_id(options_.tournament_id);
    // Keep the sections that get players, and the categories ranking them.
    config_.clear_sections();
    for (const v1::Section& section : file.sections()) {
      if (!options_.sizes.contains(section.id())) continue;
      v1::Section& kept = *config_.add_sections();
      kept.CopyFrom(section);
      if (options_.swiss_rounds > 0 &&
          kept.pairing_system() == v1::PAIRING_SYSTEM_SWISS) {
        kept.set_rounds(options_.swiss_rounds);
      }
    }
    config_.clear_ranking_categories();
    for (const v1::RankingCategory& category : file.ranking_categories()) {
      bool all_kept = !category.section_ids().empty();
      for (const std::string& id : category.section_ids()) {
        all_kept = all_kept && options_.sizes.contains(id);
      }
      if (all_kept) config_.add_ranking_categories()->CopyFrom(category);
    }
    entrants_ = MakeEntrants(config_, options_.sizes, options_.seed);
    stations_ = MakeStations(config_, entrants_, options_.seed);
    return absl::OkStatus();
  }

  absl::Status MoveClockTo(absl::Time time) {
    v1::GetClockResponse clock;
    grpc::Status status =
        admin_->GetClock(Public().get(), v1::GetClockRequest(), &clock);
    if (!status.ok()) return FromGrpc(status, "GetClock");
    if (!clock.manual()) {
      return absl::FailedPreconditionError(
          "the demo replays 2016 and needs qiwangd on a manual clock: start "
          "it with --clock=manual:2016-09-01T10:00:00+08:00 (deploy/run.sh "
          "--demo does)");
    }
    if (base::FromTimestamp(clock.time()) >= time) return absl::OkStatus();
    absl::StatusOr<std::string> organiser = tokens_.Of("organiser");
    if (!organiser.ok()) return organiser.status();
    v1::SetClockRequest request;
    *request.mutable_time() = base::ToTimestamp(time);
    v1::SetClockResponse response;
    status = admin_->SetClock(As(*organiser).get(), request, &response);
    return FromGrpc(status, "SetClock");
  }

  absl::Status PreEvent() {
    v1::GetTournamentRequest get;
    get.set_tournament_id(config_.id());
    v1::GetTournamentResponse existing;
    const grpc::Status found =
        tournaments_->GetTournament(Public().get(), get, &existing);
    if (found.ok() && existing.check_in_closed()) {
      Print(absl::StrCat("tournament ", config_.id(),
                         " exists and check-in is closed: resuming play\n"));
      return absl::OkStatus();
    }
    if (!found.ok() && found.error_code() != grpc::StatusCode::NOT_FOUND) {
      return FromGrpc(found, "GetTournament");
    }
    absl::StatusOr<std::string> organiser = tokens_.Of("organiser");
    absl::StatusOr<std::string> registrar = tokens_.Of("registrar");
    absl::StatusOr<std::string> chief = tokens_.Of("chief_arbiter");
    for (const auto* token : {&organiser, &registrar, &chief}) {
      if (!token->ok()) return token->status();
    }
    if (tokens_.arbiters.empty()) return tokens_.Of("arbiter").status();
    if (absl::Status moved = MoveClockTo(ParseRfc3339(kRegistrationTime));
        !moved.ok()) {
      return moved;
    }

    v1::CreateTournamentRequest create;
    create.set_command_id(absl::StrCat("demo-", config_.id(), "-create"));
    *create.mutable_config() = config_;
    create.set_reason("qiwang demo: the 2016 Sichuan event, replayed");
    v1::CreateTournamentResponse created;
    grpc::Status status =
        tournaments_->CreateTournament(As(*organiser).get(), create, &created);
    if (!status.ok()) return FromGrpc(status, "CreateTournament");
    Saw(created.result());
    Print(absl::StrCat("created ", config_.id(), ": ", config_.sections_size(),
                       " sections, ", config_.stations_size(), " stations\n"));

    for (const DemoStation& station : stations_) {
      v1::RecordStationResultsRequest request;
      request.set_command_id(absl::StrCat("demo-", config_.id(), "-station-",
                                          station.station.id()));
      request.set_tournament_id(config_.id());
      *request.mutable_station() = station.station;
      for (const v1::Person& person : station.ranking) {
        *request.add_ranking() = person;
      }
      v1::RecordStationResultsResponse response;
      status = tournaments_->RecordStationResults(As(*registrar).get(), request,
                                                  &response);
      if (!status.ok()) {
        return FromGrpc(status, absl::StrCat("RecordStationResults ",
                                             station.station.id()));
      }
      Saw(response.result());
    }
    Print(absl::StrCat("recorded ", stations_.size(), " station rankings\n"));

    for (size_t i = 0; i < entrants_.size(); ++i) {
      const DemoEntrant& entrant = entrants_[i];
      v1::RegisterPlayerRequest request;
      request.set_command_id(
          absl::StrCat("demo-", config_.id(), "-register-", i));
      request.set_tournament_id(config_.id());
      *request.mutable_person() = entrant.person;
      request.set_section_id(entrant.section_id);
      request.set_title(entrant.title);
      request.set_residency(v1::RESIDENCY_NATIVE);
      request.set_insurance_confirmed(true);
      v1::RegisterPlayerResponse response;
      status = tournaments_->RegisterPlayer(As(*registrar).get(), request,
                                            &response);
      if (!status.ok()) {
        return FromGrpc(status,
                        absl::StrCat("RegisterPlayer ", entrant.person.name()));
      }
      Saw(response.result());
    }
    Print(absl::StrCat("registered ", entrants_.size(), " players\n"));
    if (absl::Status mapped = MapPlayers(); !mapped.ok()) return mapped;

    if (absl::Status moved = MoveClockTo(ParseRfc3339(kCheckInTime));
        !moved.ok()) {
      return moved;
    }
    const std::vector<size_t> absent = NoShows();
    int checked_in = 0;
    for (size_t i = 0; i < entrants_.size(); ++i) {
      if (std::find(absent.begin(), absent.end(), i) != absent.end()) continue;
      v1::CheckInPlayerRequest request;
      request.set_command_id(
          absl::StrCat("demo-", config_.id(), "-checkin-", i));
      request.set_tournament_id(config_.id());
      request.set_player_id(player_ids_[entrants_[i].person.name()]);
      request.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
      request.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
      v1::CheckInPlayerResponse response;
      status = tournaments_->CheckInPlayer(
          As(tokens_.arbiters[i % tokens_.arbiters.size()]).get(), request,
          &response);
      if (!status.ok()) {
        return FromGrpc(
            status, absl::StrCat("CheckInPlayer ", entrants_[i].person.name()));
      }
      Saw(response.result());
      ++checked_in;
    }
    Print(absl::StrCat("checked in ", checked_in, " players; ", absent.size(),
                       " did not come\n"));

    if (absl::Status moved = MoveClockTo(ParseRfc3339(kCloseTime));
        !moved.ok()) {
      return moved;
    }
    v1::CloseCheckInRequest close;
    close.set_command_id(absl::StrCat("demo-", config_.id(), "-close"));
    close.set_tournament_id(config_.id());
    close.set_reason("18:00, the window is over");
    v1::CloseCheckInResponse closed;
    status = tournaments_->CloseCheckIn(As(*chief).get(), close, &closed);
    if (!status.ok()) return FromGrpc(status, "CloseCheckIn");
    Saw(closed.result());
    std::vector<std::string> substitutes;
    for (const v1::SubstituteInvited& invited : closed.substitutes()) {
      substitutes.push_back(absl::StrCat(invited.person().name(), " (",
                                         invited.station_id(), ")"));
    }
    Print(absl::StrCat(
        "check-in closed: withdrawn ",
        absl::StrJoin(closed.withdrawn_player_ids(), ", "),
        "; substitutes invited (not entered by the demo): ",
        substitutes.empty() ? "none" : absl::StrJoin(substitutes, ", "), "\n"));
    return absl::OkStatus();
  }

  // The no-shows: the last entrant of the largest Swiss sections.
  std::vector<size_t> NoShows() const {
    std::vector<std::pair<int, std::string>> sections;
    for (const v1::Section& section : config_.sections()) {
      if (section.pairing_system() != v1::PAIRING_SYSTEM_SWISS) continue;
      sections.push_back({options_.sizes.at(section.id()), section.id()});
    }
    std::sort(sections.rbegin(), sections.rend());
    std::vector<size_t> absent;
    for (int k = 0;
         k < options_.no_shows && k < static_cast<int>(sections.size()); ++k) {
      for (size_t i = entrants_.size(); i-- > 0;) {
        if (entrants_[i].section_id == sections[k].second) {
          absent.push_back(i);
          break;
        }
      }
    }
    return absent;
  }

  absl::Status MapPlayers() {
    v1::ListPlayersRequest request;
    request.set_tournament_id(config_.id());
    *request.mutable_read() = Fresh();
    v1::ListPlayersResponse response;
    const grpc::Status status =
        tournaments_->ListPlayers(Public().get(), request, &response);
    if (!status.ok()) return FromGrpc(status, "ListPlayers");
    for (const v1::PlayerView& player : response.players()) {
      player_ids_[player.name()] = player.player_id();
      section_of_[player.player_id()] = player.section_id();
    }
    for (const DemoEntrant& entrant : entrants_) {
      auto id = player_ids_.find(entrant.person.name());
      if (id != player_ids_.end()) strength_[id->second] = entrant.strength;
    }
    v1::CommandResult read;
    read.set_last_position(response.as_of_position());
    Saw(read);
    return absl::OkStatus();
  }

  // Swiss sections play their configured rounds; the round robin section
  // (n - 1 rounds, n if odd) fits inside them.
  int MaxRounds() const {
    int rounds = 0;
    for (const v1::Section& section : config_.sections()) {
      int count = section.rounds();
      if (section.pairing_system() == v1::PAIRING_SYSTEM_ROUND_ROBIN) {
        const int players = options_.sizes.at(section.id());
        count = players % 2 == 0 ? players - 1 : players;
      }
      rounds = std::max(rounds, count);
    }
    return rounds;
  }

  absl::StatusOr<v1::ListPairingsResponse> Pairings(const std::string& section,
                                                    int round) {
    v1::ListPairingsRequest request;
    request.set_tournament_id(config_.id());
    request.set_section_id(section);
    request.set_round(round);
    *request.mutable_read() = Fresh();
    v1::ListPairingsResponse response;
    const grpc::Status status =
        pairings_->ListPairings(Public().get(), request, &response);
    // A round not published yet may be answered as not found.
    if (status.error_code() == grpc::StatusCode::NOT_FOUND && round > 0) {
      return v1::ListPairingsResponse();
    }
    if (!status.ok()) return FromGrpc(status, "ListPairings");
    return response;
  }

  absl::Time RoundStart(int round) const {
    for (const v1::RoundSlot& slot : config_.schedule()) {
      if (slot.round() == round) return base::FromTimestamp(slot.starts());
    }
    return absl::InfinitePast();
  }

  absl::Status PlayRound(int round) {
    const absl::Time started = absl::Now();
    if (absl::Status moved = MoveClockTo(RoundStart(round) - absl::Minutes(30));
        !moved.ok()) {
      return moved;
    }
    absl::StatusOr<std::string> officer = tokens_.Of("pairing_officer");
    if (!officer.ok()) return officer.status();
    for (const v1::Section& section : config_.sections()) {
      const bool robin =
          section.pairing_system() == v1::PAIRING_SYSTEM_ROUND_ROBIN;
      if (robin ? round > 1 : round > section.rounds()) continue;
      if (paused_.contains(section.id())) continue;
      absl::StatusOr<v1::ListPairingsResponse> published =
          Pairings(section.id(), round);
      if (!published.ok()) return published.status();
      if (!published->rounds().empty()) continue;
      v1::PairRoundRequest request;
      request.set_command_id(absl::StrCat("demo-", config_.id(), "-pair-",
                                          section.id(), "-", round));
      request.set_tournament_id(config_.id());
      request.set_section_id(section.id());
      request.set_round(round);
      if (round == 1)
        request.set_lots_seed(DemoSeed(options_.seed, section.id()));
      v1::PairRoundResponse response;
      const grpc::Status status =
          pair_->PairRound(As(*officer).get(), request, &response);
      if (status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
        // R6.5: no legal pairing left; the section stops, the rest plays on.
        Print(absl::StrCat("round ", round, " of ", section.id(),
                           " cannot be paired: ", status.error_message(),
                           "\n"));
        paused_.insert(section.id());
        continue;
      }
      if (!status.ok()) {
        return FromGrpc(status,
                        absl::StrCat("PairRound ", section.id(), " ", round));
      }
      Saw(response.result());
    }

    absl::StatusOr<v1::ListPairingsResponse> boards = Pairings("", round);
    if (!boards.ok()) return boards.status();
    std::vector<Job> jobs;
    for (const v1::RoundView& view : boards->rounds()) {
      for (const v1::BoardView& board : view.boards()) {
        if (board.result() != v1::GAME_RESULT_UNSPECIFIED) continue;
        jobs.push_back({view.section_id(), round, board.number(),
                        board.red().player_id(), board.black().player_id()});
      }
    }
    if (absl::Status moved = MoveClockTo(RoundStart(round) + absl::Hours(2));
        !moved.ok()) {
      return moved;
    }
    RoundTally tally;
    if (absl::Status entered = EnterResults(jobs, tally); !entered.ok()) {
      return entered;
    }
    if (absl::Status rulings = Rulings(round, *boards); !rulings.ok()) {
      return rulings;
    }
    int total = 0;
    for (const v1::RoundView& view : boards->rounds())
      total += view.boards_size();
    Print(absl::StrCat(
        "round ", round, ": ", boards->rounds_size(), " sections, ", total,
        " boards; ", tally.recorded.load(), " results entered by ",
        options_.arbiters, " arbiters (", tally.duplicates_replayed.load(),
        " duplicate entries answered as replays, ",
        tally.conflicts_refused.load(), " conflicting entries refused) in ",
        absl::FormatDuration(
            absl::Trunc(absl::Now() - started, absl::Milliseconds(1))),
        "\n"));
    return absl::OkStatus();
  }

  v1::GameResult Simulated(const Job& job) const {
    auto strength = [&](int64_t id) {
      auto found = strength_.find(id);
      return found == strength_.end() ? 1500 : found->second;
    };
    return SimulateResult(options_.seed, job.section_id, job.round, job.red,
                          job.black, strength(job.red), strength(job.black));
  }

  // `options_.arbiters` threads take boards from one queue; each sends its
  // result with its own token and command ids. About one board in twenty is
  // also entered by a second arbiter (the same result: a replay), and the
  // first board of round 2 gets a conflicting second entry (refused).
  absl::Status EnterResults(const std::vector<Job>& jobs, RoundTally& tally) {
    std::atomic<size_t> next{0};
    absl::Mutex mutex;
    absl::Status failure;
    auto record = [&](const Job& job, const std::string& token,
                      v1::GameResult result, const std::string& id) {
      v1::RecordResultRequest request;
      request.set_command_id(id);
      request.set_tournament_id(config_.id());
      request.set_section_id(job.section_id);
      request.set_round(job.round);
      request.set_board(job.board);
      request.set_result(result);
      v1::RecordResultResponse response;
      const grpc::Status status =
          play_->RecordResult(As(token).get(), request, &response);
      if (status.ok()) Saw(response.result());
      return std::make_pair(status, response);
    };
    auto work = [&](int thread) {
      const std::string& mine =
          tokens_.arbiters[thread % tokens_.arbiters.size()];
      const std::string& other =
          tokens_.arbiters[(thread + 1) % tokens_.arbiters.size()];
      for (size_t i = next++; i < jobs.size(); i = next++) {
        const Job& job = jobs[i];
        const std::string key =
            absl::StrCat("demo-", config_.id(), "-r", job.round, "-",
                         job.section_id, "-b", job.board);
        const v1::GameResult result = Simulated(job);
        auto [status, response] =
            record(job, mine, result, absl::StrCat(key, "-a", thread));
        if (!status.ok()) {
          absl::MutexLock lock(&mutex);
          failure.Update(FromGrpc(status, absl::StrCat("RecordResult ", key)));
          return;
        }
        ++tally.recorded;
        DemoRandom twice(DemoSeed(options_.seed, key));
        if (twice.Uniform() < 0.05) {
          auto [again, answer] =
              record(job, other, result, absl::StrCat(key, "-second"));
          if (again.ok() && answer.result().replayed())
            ++tally.duplicates_replayed;
        }
        if (job.round == 2 && i == 0) {
          const v1::GameResult wrong = result == v1::GAME_RESULT_DRAW
                                           ? v1::GAME_RESULT_RED_WIN
                                           : v1::GAME_RESULT_DRAW;
          auto [refused, ignored] =
              record(job, other, wrong, absl::StrCat(key, "-conflict"));
          if (refused.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
            ++tally.conflicts_refused;
            Print(absl::StrCat("  a second arbiter typed ",
                               ResultMark(wrong, Lang::kEn), " for ",
                               job.section_id, " board ", job.board, ": ",
                               refused.error_message(), "\n"));
          }
        }
      }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, options_.arbiters); ++t) {
      threads.emplace_back(work, t);
    }
    for (std::thread& thread : threads) thread.join();
    return failure;
  }

  // Round 3: the chief arbiter corrects the first board of the first section
  // to a draw (R9.5); every round: a foul on one board (R5.5); after round 4:
  // one player of the largest section withdraws (R4.4).
  absl::Status Rulings(int round, const v1::ListPairingsResponse& boards) {
    absl::StatusOr<std::string> chief = tokens_.Of("chief_arbiter");
    if (!chief.ok()) return chief.status();
    if (boards.rounds().empty() || boards.rounds(0).boards().empty()) {
      return absl::OkStatus();
    }
    const v1::RoundView& first = boards.rounds(0);
    if (round == 3) {
      absl::StatusOr<v1::ListPairingsResponse> now =
          Pairings(first.section_id(), round);
      if (!now.ok()) return now.status();
      const v1::BoardView& board = now->rounds(0).boards(0);
      if (board.result() != v1::GAME_RESULT_DRAW) {
        v1::CorrectResultRequest request;
        request.set_command_id(
            absl::StrCat("demo-", config_.id(), "-correct-3"));
        request.set_tournament_id(config_.id());
        request.set_section_id(first.section_id());
        request.set_round(round);
        request.set_board(1);
        request.set_result(v1::GAME_RESULT_DRAW);
        request.set_reason("score sheets signed by both players show a draw");
        v1::CorrectResultResponse response;
        const grpc::Status status =
            play_->CorrectResult(As(*chief).get(), request, &response);
        if (!status.ok()) return FromGrpc(status, "CorrectResult");
        Saw(response.result());
        Print(absl::StrCat("  chief arbiter corrected ", first.section_id(),
                           " round 3 board 1 from ",
                           ResultMark(board.result(), Lang::kEn),
                           " to a draw\n"));
      }
    }
    DemoRandom random(DemoSeed(options_.seed, "foul", round));
    const v1::RoundView& view =
        boards.rounds(static_cast<int>(random.Next() % boards.rounds_size()));
    if (!view.boards().empty()) {
      const v1::BoardView& board =
          view.boards(static_cast<int>(random.Next() % view.boards_size()));
      v1::RecordFoulRequest request;
      request.set_command_id(
          absl::StrCat("demo-", config_.id(), "-foul-", round));
      request.set_tournament_id(config_.id());
      request.set_player_id(board.black().player_id());
      request.set_round(round);
      request.set_kind(round % 2 == 0 ? v1::FOUL_KIND_PERPETUAL_CHASE
                                      : v1::FOUL_KIND_CONDUCT);
      request.set_note(round % 2 == 0 ? "长捉 after the third warning"
                                      : "手机响铃 (phone rang)");
      v1::RecordFoulResponse response;
      const grpc::Status status =
          play_->RecordFoul(As(tokens_.arbiters[0]).get(), request, &response);
      if (!status.ok()) return FromGrpc(status, "RecordFoul");
      Saw(response.result());
    }
    if (round == 4 && MaxRounds() > 5) {
      const v1::RoundView* largest = &boards.rounds(0);
      for (const v1::RoundView& candidate : boards.rounds()) {
        if (candidate.boards_size() > largest->boards_size())
          largest = &candidate;
      }
      const v1::BoardView& board = *largest->boards().rbegin();
      v1::WithdrawPlayerRequest request;
      request.set_command_id(absl::StrCat("demo-", config_.id(), "-withdraw"));
      request.set_tournament_id(config_.id());
      request.set_player_id(board.black().player_id());
      request.set_reason("family emergency, left after round 4");
      v1::WithdrawPlayerResponse response;
      const grpc::Status status =
          tournaments_->WithdrawPlayer(As(*chief).get(), request, &response);
      if (!status.ok()) return FromGrpc(status, "WithdrawPlayer");
      Saw(response.result());
      Print(absl::StrCat("  ", board.black().name(), " withdrew from ",
                         largest->section_id(), " (from round ",
                         response.from_round(), ", R4.4)\n"));
    }
    return absl::OkStatus();
  }

  absl::Status Finish() {
    const Lang lang = context_.lang;
    for (const v1::RankingCategory& category : config_.ranking_categories()) {
      v1::GetStandingsRequest request;
      request.set_tournament_id(config_.id());
      request.set_ranking_id(category.id());
      *request.mutable_read() = Fresh();
      v1::GetStandingsResponse response;
      const grpc::Status status =
          standings_->GetStandings(Public().get(), request, &response);
      if (!status.ok()) {
        return FromGrpc(status, absl::StrCat("GetStandings ", category.id()));
      }
      if (options_.standings_rows > 0 &&
          response.rows_size() > options_.standings_rows) {
        response.mutable_rows()->DeleteSubrange(
            options_.standings_rows,
            response.rows_size() - options_.standings_rows);
      }
      Print(absl::StrCat("\n", StandingsText(response, lang)));
    }
    v1::GetPrizesRequest request;
    request.set_tournament_id(config_.id());
    *request.mutable_read() = Fresh();
    v1::GetPrizesResponse prizes;
    const grpc::Status status =
        standings_->GetPrizes(Public().get(), request, &prizes);
    if (!status.ok()) return FromGrpc(status, "GetPrizes");
    Print(absl::StrCat("\n", PrizesText(prizes, lang)));
    return absl::OkStatus();
  }

  const CliContext& context_;
  const DemoOptions options_;
  const DemoTokens tokens_;
  // Writes go to the ledger; the reads (each with min_position, so a read
  // process answers only once it has caught up) to their own groups, which
  // are the same address unless --route splits them.
  std::shared_ptr<grpc::Channel> ledger_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
  std::unique_ptr<v1::PairingService::Stub> pair_;      // PairRound
  std::unique_ptr<v1::PairingService::Stub> pairings_;  // ListPairings
  std::unique_ptr<v1::PlayService::Stub> play_;
  std::unique_ptr<v1::StandingsService::Stub> standings_;

  v1::TournamentConfig config_;
  std::vector<DemoEntrant> entrants_;
  std::vector<DemoStation> stations_;
  std::map<std::string, int64_t> player_ids_;  // by name (unique in the demo)
  std::map<int64_t, std::string> section_of_;
  std::map<int64_t, int> strength_;
  std::set<std::string> paused_;  // sections R6.5 could not pair further
  std::atomic<uint64_t> last_position_{0};
};

}  // namespace

std::map<std::string, int> DefaultDemoSizes() {
  return {{"professional", 10}, {"open-men", 50},     {"open-women", 20},
          {"senior-men", 26},   {"senior-women", 16}, {"junior-men", 20},
          {"junior-women", 16}, {"children-men", 20}, {"children-women", 16}};
}

int RunDemo(const CliContext& context, const DemoOptions& options) {
  absl::StatusOr<DemoTokens> tokens = ReadDemoTokens(options.tokens_path);
  if (!tokens.ok()) {
    return context.UsageError(tokens.status());
  }
  Demo demo(context, options, *std::move(tokens));
  const absl::Status run = demo.Run();
  if (run.ok()) return kExitOk;
  std::fprintf(stderr, "error: %s: %s\n",
               absl::StatusCodeToString(run.code()).c_str(),
               std::string(run.message()).c_str());
  return kExitRpcError;
}

}  // namespace qiwang::cli
