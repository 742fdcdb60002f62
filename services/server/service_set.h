// Which of qiwangd's services one process hosts (--services): the whole
// server in one process, or one part of the split form.
#ifndef QIWANG_SERVICES_SERVER_SERVICE_SET_H_
#define QIWANG_SERVICES_SERVER_SERVICE_SET_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "services/api/service_parts.h"

namespace qiwang::server {

// One flag per part of api/service_parts.h (which says what each part serves).
struct ServiceSet {
  bool ledger = true;
  bool pairing = true;
  bool standings = true;
  bool audit = true;

  static ServiceSet All() { return ServiceSet(); }
  bool Hosts(api::ServicePart part) const;
  // "ledger,pairing,standings,audit" in that order.
  std::string ToString() const;
};

// A comma-separated list of the names above; INVALID_ARGUMENT naming
// --services and the unknown or repeated name, or an empty list.
absl::StatusOr<ServiceSet> ParseServiceSet(absl::string_view text);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_SERVICE_SET_H_
