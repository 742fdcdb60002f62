#include "store/stream_pages.h"

#include <vector>

namespace qiwang::store {

absl::Status ForEachStreamRecord(
    const EventLog& log, const std::string& stream, uint64_t from_version,
    uint64_t up_to, absl::FunctionRef<absl::Status(const Record&)> visit) {
  ReadRequest request;
  request.stream = stream;
  request.from = from_version;
  while (true) {
    absl::StatusOr<std::vector<Record>> records = log.Read(request);
    if (!records.ok()) return records.status();
    for (const Record& record : *records) {
      if (record.position > up_to) return absl::OkStatus();
      if (absl::Status visited = visit(record); !visited.ok()) return visited;
    }
    if (records->size() < request.limit) return absl::OkStatus();
    request.from = records->back().stream_version + 1;
  }
}

}  // namespace qiwang::store
