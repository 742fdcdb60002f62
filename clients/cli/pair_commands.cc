#include "clients/cli/pair_commands.h"

#include <string>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "google/protobuf/struct.pb.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "services/trf/trf_records.h"
#include "services/trf/trf_tournament.h"

namespace qiwang::cli {
namespace {

// The file read as `qiwang import trf` reads it (trf_tournament.h).
absl::StatusOr<exports::TrfDocument> ReadFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadInputFile(path, "--trf");
  if (!text.ok()) return text.status();
  absl::StatusOr<exports::TrfTournament> read =
      exports::ReadTrfTournament(*text);
  if (!read.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--trf: ", path, ": ", read.status().message()));
  }
  return std::move(read->document);
}

// JaVaFo's output: the number of pairs (the bye counts as one), then
// "white black" per board in board order, "N 0" for the bye.
std::string JavafoPairs(const rules::swiss::RoundPairing& pairing) {
  std::string out = absl::StrCat(
      pairing.boards.size() + (pairing.bye != rules::kNoPlayer ? 1 : 0), "\n");
  for (const rules::swiss::Board& board : pairing.boards) {
    absl::StrAppend(&out, board.red, " ", board.black, "\n");
  }
  if (pairing.bye != rules::kNoPlayer)
    absl::StrAppend(&out, pairing.bye, " 0\n");
  return out;
}

// --json: {"round", "boards": [{"red", "black"}], "bye"}, ids as in the file.
std::string JsonPairs(int round, const rules::swiss::RoundPairing& pairing) {
  google::protobuf::Struct json;
  auto& fields = *json.mutable_fields();
  fields["round"].set_number_value(round);
  google::protobuf::ListValue& boards = *fields["boards"].mutable_list_value();
  for (const rules::swiss::Board& board : pairing.boards) {
    auto& seats =
        *boards.add_values()->mutable_struct_value()->mutable_fields();
    seats["red"].set_number_value(board.red);
    seats["black"].set_number_value(board.black);
  }
  if (pairing.bye != rules::kNoPlayer) {
    fields["bye"].set_number_value(pairing.bye);
  }
  return JsonLine(json);
}

// Every R6.3 violation and the R6.5 cost of the file's pairing of each
// round (or of --round only), and for a legal round after the first whether
// that cost is the least the engine finds. Several pairings may share the
// least cost and versions of the engine may return different ones, so this
// is how one version verifies a round another paired. Exit 1 when a round
// breaks R6.3 or costs more than the least.
int Check(const CliContext& context, const exports::TrfDocument& document,
          int only_round) {
  const int played = exports::RoundsPlayed(document);
  bool legal = true;
  std::string out;
  std::string json_lines;
  for (int round = 1; round <= played; ++round) {
    if (only_round != 0 && round != only_round) continue;
    absl::StatusOr<exports::TrfPairingInput> input =
        exports::TrfPairingInputOf(document, round);
    if (!input.ok()) return context.UsageError(input.status());
    if (!input->pairing.has_value()) continue;
    absl::StatusOr<rules::swiss::PairingCheck> check =
        rules::swiss::CheckPairing(input->players, round, input->config,
                                   *input->pairing);
    if (!check.ok()) return context.UsageError(check.status());
    absl::StrAppend(&out, "round ", round, ": ",
                    check->legal() ? "legal"
                                   : absl::StrCat(check->violations.size(),
                                                  " violation(s)"),
                    "; R6.5 cost ", check->cost.ToString());
    bool least = true;
    std::string least_cost;
    if (round > 1 && check->legal()) {
      absl::StatusOr<rules::swiss::PairedRound> best =
          rules::swiss::PairSwissRound(input->players, round, input->config);
      if (!best.ok()) return context.UsageError(best.status());
      least = !(best->cost < check->cost);
      least_cost = best->cost.ToString();
      absl::StrAppend(
          &out,
          least ? "; the least (R6.5)"
                : absl::StrCat("; R6.5: more than the least, ", least_cost));
    }
    absl::StrAppend(&out, "\n");
    for (const rules::swiss::Violation& violation : check->violations) {
      absl::StrAppend(&out, "  ", violation.message, "\n");
    }
    legal = legal && check->legal() && least;
    if (context.json) {
      google::protobuf::Struct json;
      auto& fields = *json.mutable_fields();
      fields["round"].set_number_value(round);
      fields["legal"].set_bool_value(check->legal());
      fields["cost"].set_string_value(check->cost.ToString());
      if (round > 1 && check->legal()) fields["least"].set_bool_value(least);
      if (!least) fields["leastCost"].set_string_value(least_cost);
      google::protobuf::ListValue& violations =
          *fields["violations"].mutable_list_value();
      for (const rules::swiss::Violation& violation : check->violations) {
        violations.add_values()->set_string_value(violation.message);
      }
      json_lines += JsonLine(json);
    }
  }
  Print(context.json ? json_lines : out);
  return legal ? kExitOk : kExitRpcError;
}

int Pair(const CliContext& context, const ParsedFlags& flags) {
  if (!flags.Has("trf")) {
    return context.UsageError(absl::InvalidArgumentError("--trf: required"));
  }
  absl::StatusOr<exports::TrfDocument> document =
      ReadFile(flags.Get("trf", ""));
  if (!document.ok()) return context.UsageError(document.status());
  int round = 0;
  if (flags.Has("round") &&
      (!absl::SimpleAtoi(flags.Get("round", ""), &round) || round < 1)) {
    return context.UsageError(absl::InvalidArgumentError(
        absl::StrCat("--round: a round number from 1 (got '",
                     flags.Get("round", ""), "')")));
  }
  if (flags.Has("check")) return Check(context, *document, round);
  if (round == 0) round = exports::RoundsPlayed(*document) + 1;
  absl::StatusOr<exports::TrfPairingInput> input =
      exports::TrfPairingInputOf(*document, round);
  if (!input.ok()) return context.UsageError(input.status());
  absl::StatusOr<rules::swiss::PairedRound> paired =
      rules::swiss::PairSwissRound(input->players, round, input->config);
  if (!paired.ok()) return context.UsageError(paired.status());
  Print(context.json ? JsonPairs(round, paired->pairing)
                     : JavafoPairs(paired->pairing));
  return kExitOk;
}

}  // namespace

CommandGroup PairCommands() {
  return {
      "pair",
      "the R6 Swiss engine on a TRF file, offline",
      {
          {"",
           "--trf FILE [--round N] [--check]",
           "Reads a TRF-16 or TRF-2026 file and writes round N's pairings "
           "(default: the round after the file's last) as bbpPairings and "
           "JaVaFo do: the number of pairs, then \"white black\" per board, "
           "white = red, \"N 0\" for the bye; from the file's rounds before N "
           "and the point system it states (162, or XXS). --check instead "
           "reports every R6.3 violation and the R6.5 cost of the pairings "
           "in the file (of round N only, with --round) and whether each "
           "later round's cost is the least the engine finds (equal-cost "
           "pairings may differ between versions), exit 1 on a violation "
           "or a cost above the least. With --json, one object: round, "
           "boards (red, black), bye; with --check one object per round: "
           "round, legal, cost, least, leastCost, violations. No server.",
           {{"trf", "FILE", "the tournament report file"},
            {"round", "N", "the round to pair or check"},
            {"check", "", "check the file's pairings instead"}},
           nullptr,
           Pair},
      },
  };
}

}  // namespace qiwang::cli
