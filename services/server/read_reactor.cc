#include "services/server/read_reactor.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "base/grpc_status.h"
#include "base/happens_before.h"
#include "services/events/event_from_record.h"

namespace qiwang::server {
namespace {

// The store's request, with `from` = 0 resolved to the first or last event.
absl::StatusOr<store::ReadRequest> ToStoreRead(const v1::ReadRequest& request,
                                               const store::EventLog& log) {
  if (request.limit() > kMaxReadLimit) {
    return absl::InvalidArgumentError(absl::StrCat(
        "limit: at most ", kMaxReadLimit, " (got ", request.limit(), ")"));
  }
  store::ReadRequest out;
  out.stream = request.stream();
  out.limit = request.limit() == 0 ? kDefaultReadLimit : request.limit();
  out.direction = request.backwards() ? store::Direction::kBackward
                                      : store::Direction::kForward;
  out.from = request.from();
  if (out.from == 0 && !request.backwards()) out.from = 1;
  if (out.from == 0 && request.backwards()) {
    if (out.stream.empty()) {
      out.from = log.LastPosition();
    } else {
      absl::StatusOr<uint64_t> version = log.StreamVersion(out.stream);
      if (!version.ok()) return version.status();
      out.from = *version;
    }
  }
  return out;
}

}  // namespace

ReadReactor::ReadReactor(const store::EventLog& log,
                         const v1::ReadRequest& request) {
  absl::StatusOr<store::ReadRequest> store_request = ToStoreRead(request, log);
  if (!store_request.ok()) {
    FinishWith(base::ToGrpcStatus(store_request.status()));
    return;
  }
  // Backwards from 0 on an empty log or stream: nothing to read.
  if (store_request->from != 0) {
    absl::StatusOr<std::vector<store::Record>> records =
        log.Read(*store_request);
    if (!records.ok()) {
      FinishWith(base::ToGrpcStatus(records.status()));
      return;
    }
    records_ = *std::move(records);
  }
  WriteNextOrFinish();
}

void ReadReactor::OnWriteDone(bool ok) {
  base::HappensAfter(this);
  if (!ok) {
    FinishWith(grpc::Status(grpc::StatusCode::CANCELLED, "client went away"));
    return;
  }
  WriteNextOrFinish();
}

void ReadReactor::OnDone() {
  base::HappensAfter(this);
  delete this;
}

void ReadReactor::WriteNextOrFinish() {
  if (next_ == records_.size()) {
    FinishWith(grpc::Status::OK);
    return;
  }
  absl::StatusOr<v1::Event> event = events::EventFromRecord(records_[next_++]);
  if (!event.ok()) {
    FinishWith(base::ToGrpcStatus(event.status()));
    return;
  }
  *response_.mutable_event() = *std::move(event);
  // Never StartWriteAndFinish: over the in-process channel (the HTTP front's
  // Connect bridge) a last message sent with the status is dropped when the
  // client has no read posted at that moment, and the call then never ends
  // (issue 24). The status goes once the last write is done.
  base::HappensBefore(this);  // the write's reaction sees all of the above
  StartWrite(&response_);
}

void ReadReactor::FinishWith(const grpc::Status& status) {
  base::HappensBefore(this);  // OnDone, on any thread, sees all before
  Finish(status);
}

}  // namespace qiwang::server
