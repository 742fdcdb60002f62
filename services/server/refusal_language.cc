#include "services/server/refusal_language.h"

#include "absl/strings/string_view.h"
#include "base/grpc_status.h"
#include "services/server/client_metadata.h"
#include "words/refusal_words.h"

namespace qiwang::server {

words::Lang CallerLang(const grpc::ServerContextBase& context) {
  const auto& metadata = context.client_metadata();
  return words::LangOfCaller(
      ClientMetadataValue(metadata, "lang").value_or(""),
      ClientMetadataValue(metadata, "accept-language").value_or(""));
}

grpc::Status RefusalIn(words::Lang lang, const absl::Status& status) {
  return base::ToGrpcStatus(words::LocalizeRefusal(status, lang));
}

}  // namespace qiwang::server
