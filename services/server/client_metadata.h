// One value of a call's client metadata, by its lower-case key. Pure; any
// handler or policy reading what the caller sent (authorization, role, lang).
#ifndef QIWANG_SERVICES_SERVER_CLIENT_METADATA_H_
#define QIWANG_SERVICES_SERVER_CLIENT_METADATA_H_

#include <map>
#include <optional>

#include "absl/strings/string_view.h"
#include "grpcpp/support/string_ref.h"

namespace qiwang::server {

// The first value sent under `key`; nullopt when the caller sent none. The
// view lives as long as the call's context.
inline std::optional<absl::string_view> ClientMetadataValue(
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata,
    absl::string_view key) {
  auto found = metadata.find(grpc::string_ref(key.data(), key.size()));
  if (found == metadata.end()) return std::nullopt;
  return absl::string_view(found->second.data(), found->second.size());
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_CLIENT_METADATA_H_
