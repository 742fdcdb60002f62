#include "services/server/audit_service.h"

namespace qiwang::server {}  // namespace qiwang::server
