// The HTTP status a page or fragment answers for a status of the services.
#ifndef QIWANG_CLIENTS_WEB_HTTP_STATUS_H_
#define QIWANG_CLIENTS_WEB_HTTP_STATUS_H_

#include "absl/status/status.h"

namespace qiwang::web {

int HttpStatus(absl::StatusCode code);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_HTTP_STATUS_H_
