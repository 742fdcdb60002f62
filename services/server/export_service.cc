#include "services/server/export_service.h"

namespace qiwang::server {}  // namespace qiwang::server
