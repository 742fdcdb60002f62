#include "services/server/play_service.h"
