// One-line summaries of the events an audit report lists (rulings, round
// publications, appeals and decisions), in English and in Chinese, with the
// players named as registered. Pure; any caller.
#ifndef QIWANG_SERVICES_REPORTS_EVENT_SUMMARY_H_
#define QIWANG_SERVICES_REPORTS_EVENT_SUMMARY_H_

#include <cstdint>
#include <string>

#include "qiwang/v1/event.pb.h"
#include "services/rules/tournament/tournament_state.h"
#include "words/enum_words.h"

namespace qiwang::exports {

struct Bilingual {
  std::string en;
  std::string zh;
};

// E.g. {"round 3 board 2: P 1 v P 4, red wins",
//       "第3轮第2台：P 1 对 P 4，红胜"}. Events of other kinds get their
// payload's name.
Bilingual SummarizeEvent(const v1::Event& event,
                         const rules::tournament::TournamentState& state);

// "P 1 (#1)", or "#7" for an id the state does not know.
std::string PlayerName(const rules::tournament::TournamentState& state,
                       int64_t player_id);

// An enum value's words (words/enum_words) in both languages.
template <typename Enum>
Bilingual BothWords(Enum value) {
  return {words::Say(value, words::Lang::kEn),
          words::Say(value, words::Lang::kZh)};
}

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_REPORTS_EVENT_SUMMARY_H_
