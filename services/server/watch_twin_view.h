// A Watch RPC streams its own response type, the wire twin of the Get/List
// response whose view it sends (proto/wire_twin.h); this adapts that view.
#ifndef QIWANG_SERVICES_SERVER_WATCH_TWIN_VIEW_H_
#define QIWANG_SERVICES_SERVER_WATCH_TWIN_VIEW_H_

#include <utility>

#include "absl/status/statusor.h"
#include "proto/wire_twin.h"
#include "services/server/watch_reactor.h"

namespace qiwang::server {

// `view` (state -> StatusOr<twin of Watch>) as a WatchView<Watch>: the same
// fields, or the same status.
template <typename Watch, typename View>
WatchView<Watch> WatchTwinView(View view) {
  return
      [view = std::move(view)](const rules::tournament::TournamentState& state)
          -> absl::StatusOr<Watch> {
        auto twin = view(state);
        if (!twin.ok()) return twin.status();
        return proto::AsWireTwin<Watch>(*twin);
      };
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_WATCH_TWIN_VIEW_H_
