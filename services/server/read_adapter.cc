#include "services/server/read_adapter.h"

namespace qiwang::server {

ReadAdapter::ReadAdapter(projection::TournamentProjection& projection,
                         const Authenticator& authenticator,
                         absl::Duration longest_wait)
    : read_([&projection](const std::string& tournament_id,
                          const v1::ReadOptions& options) {
        return projection.Read(tournament_id, options, absl::InfinitePast());
      }),
      gate_(std::make_unique<ProjectionGate>(projection)),
      authenticator_(authenticator),
      longest_wait_(longest_wait) {}

ReadAdapter::ReadAdapter(ledger::Ledger& ledger,
                         const Authenticator& authenticator,
                         absl::Duration longest_wait)
    : read_([&ledger](const std::string& tournament_id,
                      const v1::ReadOptions& options)
                -> absl::StatusOr<projection::ProjectedState> {
        absl::StatusOr<ledger::StateAt> read =
            ledger.Read(tournament_id, options);
        if (!read.ok()) return read.status();
        return projection::ProjectedState{std::move(read->state),
                                          read->as_of_position};
      }),
      gate_(std::make_unique<LedgerGate>(ledger)),
      authenticator_(authenticator),
      longest_wait_(longest_wait) {}

ReadAdapter::~ReadAdapter() {
  // gRPC cancels every call when its server shuts down, so each waiting
  // read finishes at once; the bound is for a gRPC that would not.
  deferred_reads_.AwaitNone(absl::Seconds(10));
}

}  // namespace qiwang::server
