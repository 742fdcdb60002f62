#include "services/server/ruling_service.h"

namespace qiwang::server {}  // namespace qiwang::server
