#include "services/server/read_adapter.h"

namespace qiwang::server {

ReadAdapter::ReadAdapter(projection::TournamentProjection& projection,
                         const Authenticator& authenticator)
    : read_([&projection](const std::string& tournament_id,
                          const v1::ReadOptions& options, absl::Time deadline) {
        return projection.Read(tournament_id, options, deadline);
      }),
      authenticator_(authenticator) {}

ReadAdapter::ReadAdapter(ledger::Ledger& ledger,
                         const Authenticator& authenticator)
    : read_([&ledger](const std::string& tournament_id,
                      const v1::ReadOptions& options, absl::Time deadline)
                -> absl::StatusOr<projection::ProjectedState> {
        absl::StatusOr<ledger::StateAt> read =
            ledger.Read(tournament_id, options, deadline);
        if (!read.ok()) return read.status();
        return projection::ProjectedState{std::move(read->state),
                                          read->as_of_position};
      }),
      authenticator_(authenticator) {}

}  // namespace qiwang::server
