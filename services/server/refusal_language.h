// Puts a refusal in the caller's language (issue 25): the caller's `lang`
// metadata ("zh", "en") or Accept-Language says which, and a failed status
// leaves with a google.rpc.LocalizedMessage in it beside the ErrorInfo that
// names the clause (base/refusal_details.h); the English message stays as it
// is. The handlers call it where they finish a call (unary_call.h, the
// command and read adapters); a status they finish otherwise still carries
// its ErrorInfo, from which any client writes the sentence (words/).
#ifndef QIWANG_SERVICES_SERVER_REFUSAL_LANGUAGE_H_
#define QIWANG_SERVICES_SERVER_REFUSAL_LANGUAGE_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/status.h>

#include "absl/status/status.h"
#include "words/lang.h"

namespace qiwang::server {

// The language the caller asked for; English when it did not say.
words::Lang CallerLang(const grpc::ServerContextBase& context);

// `status` as gRPC answers it, with its LocalizedMessage in `lang`.
grpc::Status RefusalIn(words::Lang lang, const absl::Status& status);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_REFUSAL_LANGUAGE_H_
