#include "services/server/pairing_service.h"
