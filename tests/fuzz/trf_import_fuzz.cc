// Fuzz target (d): TRF-16 and TRF-2026 import (services/trf/trf_reader.h),
// the file another pairing program hands back.
// Promises: a refused file is INVALID_ARGUMENT starting "TRF line N" (naming
// the line, and the columns and field where there are some) or, for the
// whole file, "TRF: "; an accepted one, written out again by our writer in
// its own edition, reads back as the same document. Deciding its import as
// a new tournament (issue 17 §3, services/trf/trf_import.h) gives events
// that fold, or INVALID_ARGUMENT naming the line (or the whole file, or the
// field the file lacks), never an internal error.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_import.h"
#include "services/trf/trf_reader.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

void Run(absl::string_view text) {
  const absl::StatusOr<exports::TrfDocument> document = exports::ReadTrf(text);
  if (!document.ok()) {
    CheckRefusal(document.status(), {absl::StatusCode::kInvalidArgument},
                 "a bad TRF file is INVALID_ARGUMENT");
    const absl::string_view message = document.status().message();
    Check(absl::StartsWith(message, "TRF line ") ||
              absl::StartsWith(message, "TRF: "),
          "a bad TRF file's refusal says where");
    return;
  }
  const std::string written = exports::FormatTrf(*document);
  const absl::StatusOr<exports::TrfDocument> again = exports::ReadTrf(written);
  if (!again.ok()) {
    std::fprintf(stderr, "fuzz: %s\n", again.status().ToString().c_str());
  }
  Check(again.ok() && *again == *document,
        "a TRF file read and written again reads as the same document");

  v1::ImportTrfRequest request;
  request.set_command_id("fuzz");
  request.set_tournament_id("fuzz");
  request.set_file_name("fuzz.trf");
  request.set_trf(std::string(text));
  request.mutable_time_control()->set_base_minutes(90);
  const absl::StatusOr<rules::tournament::Events> events =
      exports::DecideTrfImport(rules::tournament::TournamentState(), request,
                               {absl::UnixEpoch(), rules::Role::kOrganiser});
  if (events.ok()) {
    Check(!events->empty() && events->front().has_tournament_created(),
          "an imported file creates the tournament first");
    return;
  }
  CheckRefusal(events.status(), {absl::StatusCode::kInvalidArgument},
               "a TRF file that cannot be imported is INVALID_ARGUMENT");
  const absl::string_view refusal = events.status().message();
  Check(absl::StartsWith(refusal, "TRF line ") ||
            absl::StartsWith(refusal, "TRF: ") ||
            absl::StartsWith(refusal, "162: ") ||
            absl::StartsWith(refusal, "the tournament read from the file: "),
        "an import's refusal says where");
}

}  // namespace

void FuzzOne(absl::string_view input) { Run(input); }

}  // namespace qiwang::fuzz
