#include "services/server/refusal_language.h"

#include <map>

#include "absl/strings/string_view.h"
#include "base/grpc_status.h"
#include "words/refusal_words.h"

namespace qiwang::server {
namespace {

absl::string_view MetadataValue(
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata,
    absl::string_view key) {
  auto found = metadata.find(grpc::string_ref(key.data(), key.size()));
  if (found == metadata.end()) return "";
  return absl::string_view(found->second.data(), found->second.size());
}

}  // namespace

words::Lang CallerLang(const grpc::ServerContextBase& context) {
  return words::LangOfCaller(
      MetadataValue(context.client_metadata(), "lang"),
      MetadataValue(context.client_metadata(), "accept-language"));
}

grpc::Status RefusalIn(words::Lang lang, const absl::Status& status) {
  return base::ToGrpcStatus(words::LocalizeRefusal(status, lang));
}

}  // namespace qiwang::server
