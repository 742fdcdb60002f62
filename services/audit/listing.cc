#include "services/audit/listing.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "services/audit/history.h"
#include "services/audit/ruling_view.h"

namespace qiwang::audit {
namespace {

using rules::tournament::AppealEntry;
using rules::tournament::RulingRef;
using rules::tournament::TournamentState;

bool Appealed(const TournamentState& state, const std::string& ruling_id) {
  for (const AppealEntry& appeal : state.appeals()) {
    if (appeal.filed.ruling_id() == ruling_id) return true;
  }
  return false;
}

bool Matches(const TournamentState& state, const RulingRef& ruling,
             const v1::ListRulingsRequest& request) {
  if (!request.section_id().empty() &&
      ruling.section_id != request.section_id()) {
    return false;
  }
  if (request.round() != 0 && ruling.round != request.round()) return false;
  if (!request.official().empty() &&
      ruling.actor.user() != request.official()) {
    return false;
  }
  if (request.kind() != v1::RULING_KIND_UNSPECIFIED &&
      ruling.kind != request.kind()) {
    return false;
  }
  switch (request.appealed()) {
    case v1::ListRulingsRequest::APPEALED_FILTER_APPEALED:
      return Appealed(state, ruling.ruling_id);
    case v1::ListRulingsRequest::APPEALED_FILTER_NOT_APPEALED:
      return !Appealed(state, ruling.ruling_id);
    default:
      return true;
  }
}

}  // namespace

absl::Status CheckListRulings(const v1::ListRulingsRequest& request) {
  if (request.round() < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: must be 0 (every round) or more, not ",
                     request.round()));
  }
  if (!v1::RulingKind_IsValid(request.kind())) {
    return absl::InvalidArgumentError(
        absl::StrCat("kind: unknown ruling kind ", request.kind()));
  }
  if (!v1::ListRulingsRequest::AppealedFilter_IsValid(request.appealed())) {
    return absl::InvalidArgumentError(
        absl::StrCat("appealed: unknown filter ", request.appealed()));
  }
  return absl::OkStatus();
}

absl::Status CheckListAppeals(const v1::ListAppealsRequest& request) {
  if (!v1::AppealStatus_IsValid(request.status())) {
    return absl::InvalidArgumentError(
        absl::StrCat("status: unknown appeal status ", request.status()));
  }
  return absl::OkStatus();
}

absl::Status CheckGetAppeal(const v1::GetAppealRequest& request) {
  if (request.appeal_number() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("appeal_number: appeals are numbered from 1, not ",
                     request.appeal_number()));
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::ListRulingsResponse> ListRulings(
    const TournamentState& state, const StreamIndex& stream,
    const v1::ListRulingsRequest& request) {
  if (!request.section_id().empty() &&
      state.FindSection(request.section_id()) == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        "section_id: no section '", request.section_id(), "' in tournament '",
        state.config().id(), "'"));
  }
  v1::ListRulingsResponse response;
  for (const RulingRef& ruling : state.rulings()) {
    if (Matches(state, ruling, request)) {
      *response.add_rulings() = RulingViewOf(state, stream, ruling);
    }
  }
  return response;
}

v1::ListAppealsResponse ListAppeals(const TournamentState& state,
                                    const StreamIndex& stream,
                                    v1::AppealStatus status) {
  v1::ListAppealsResponse response;
  for (const AppealEntry& appeal : state.appeals()) {
    if (status == v1::APPEAL_STATUS_UNSPECIFIED || appeal.status == status) {
      *response.add_appeals() = AppealViewOf(state, stream, appeal);
    }
  }
  return response;
}

absl::StatusOr<v1::GetAppealResponse> GetAppeal(const TournamentState& state,
                                                const StreamIndex& stream,
                                                int appeal_number) {
  const AppealEntry* appeal = state.FindAppeal(appeal_number);
  if (appeal == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        "appeal_number: no appeal ", appeal_number, " in tournament '",
        state.config().id(), "' (", state.appeals().size(), " filed)"));
  }
  absl::StatusOr<std::vector<v1::HistoryEntry>> history =
      RulingHistory(state, stream, appeal->filed.ruling_id());
  if (!history.ok()) return history.status();
  v1::GetAppealResponse response;
  *response.mutable_appeal() = AppealViewOf(state, stream, *appeal);
  for (v1::HistoryEntry& entry : *history) {
    *response.add_ruling_history() = std::move(entry);
  }
  return response;
}

}  // namespace qiwang::audit
