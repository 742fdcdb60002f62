#include "services/rules/tournament/rulings.h"

namespace qiwang::rules::tournament {

v1::RulingKind RulingKindOf(const v1::Event& event) {
  switch (event.payload_case()) {
    case v1::Event::kResultRecorded:
      switch (event.result_recorded().result()) {
        case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
        case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
        case v1::GAME_RESULT_DOUBLE_FORFEIT:
          return v1::RULING_KIND_FORFEIT;
        default:
          return v1::RULING_KIND_RESULT;
      }
    case v1::Event::kResultCorrected:
      return v1::RULING_KIND_CORRECTION;
    case v1::Event::kFoulRecorded:
      return v1::RULING_KIND_FOUL;
    case v1::Event::kPlayerWithdrawn:
      return v1::RULING_KIND_WITHDRAWAL;
    case v1::Event::kPlayerRegistered:
      return event.player_registered().late_admission()
                 ? v1::RULING_KIND_LATE_ADMISSION
                 : v1::RULING_KIND_UNSPECIFIED;
    case v1::Event::kPairingAmended:
      return v1::RULING_KIND_PAIRING_OVERRIDE;
    case v1::Event::kLotsDrawn:
      return v1::RULING_KIND_LOTS;
    case v1::Event::kTieLotsDrawn:
      return v1::RULING_KIND_TIE_LOTS;
    case v1::Event::kFinalPlaceDeclined:
      return v1::RULING_KIND_FINAL_PLACE_DECLINED;
    default:
      return v1::RULING_KIND_UNSPECIFIED;
  }
}

}  // namespace qiwang::rules::tournament
