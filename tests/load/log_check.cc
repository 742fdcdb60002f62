#include "tests/load/log_check.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::load {
namespace {

constexpr uint32_t kPage = 1000;

void Sort(const v1::Event& event, LogCheck& check) {
  const std::string& command = event.command_id();
  if (absl::StartsWith(command, "pair-")) {
    ++check.pairing_events;
  } else if (event.has_result_recorded() &&
             absl::StartsWith(command, "soak-r")) {
    ++check.results;
  } else if (event.has_result_corrected() &&
             absl::StartsWith(command, "soak-c")) {
    ++check.corrections;
  } else {
    if (check.other++ == 0) {
      check.first_other =
          absl::StrCat(": position ", event.position(), " command '", command,
                       "' payload ", event.payload_case());
    }
  }
}

}  // namespace

LogCheck CheckLog(const std::shared_ptr<grpc::Channel>& channel,
                  uint64_t after) {
  LogCheck check;
  auto audit = v1::AuditService::NewStub(channel);
  v1::VerifyLogResponse verified;
  const grpc::Status status = audit->VerifyLog(
      standings::NewCall(standings::kOrganiser, absl::Minutes(5)).get(),
      v1::VerifyLogRequest(), &verified);
  if (!status.ok()) {
    check.problems = status.error_message();
    return check;
  }
  check.verified = verified.ok();
  check.events_checked = verified.events_checked();
  check.head = verified.last_position();
  check.problems = absl::StrJoin(verified.problems(), "; ");

  auto log = v1::EventLogService::NewStub(channel);
  uint64_t next = after + 1;
  // Bounded: one page per kPage events up to the verified head.
  for (uint64_t pages = 0; next <= check.head && pages <= check.head / kPage;
       ++pages) {
    v1::ReadRequest request;
    request.set_from(next);
    request.set_limit(kPage);
    auto call = standings::NewCall(standings::kReplica, absl::Minutes(1));
    auto reader = log->Read(call.get(), request);
    v1::ReadResponse response;
    uint64_t read = 0;
    while (reader->Read(&response)) {
      Sort(response.event(), check);
      next = response.event().position() + 1;
      ++read;
    }
    const grpc::Status finished = reader->Finish();
    if (!finished.ok() || read == 0) {
      check.verified = false;
      absl::StrAppend(&check.problems, "reading from ", next, ": ",
                      finished.error_message());
      break;
    }
  }
  return check;
}

}  // namespace qiwang::load
