// What a public page says about the moment it shows: "截至 10月14日 15:30" /
// "As of 14 Oct 15:30", the time the web first saw the reply's log position
// (ReadClient::SeenAt) in the tournament's time zone, else the server's.
// Pure but for that clock; any thread.
#ifndef QIWANG_CLIENTS_WEB_AS_OF_H_
#define QIWANG_CLIENTS_WEB_AS_OF_H_

#include <cstdint>
#include <string>

#include "absl/time/time.h"
#include "clients/web/page_view.h"
#include "clients/web/read_client.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

// `time` on the tournament's clock: "截至 10月14日 15:30" / "As of 14 Oct
// 15:30".
std::string AsOfTime(Lang lang, absl::Time time, absl::TimeZone zone);

// The zone the tournament's dates are read in (R1.1), else the server's.
absl::TimeZone TournamentZone(const v1::TournamentConfig& config);

// The page's "as of" line for the state at `position`. A past view (?at=N)
// was not seen at the present's time: it shows the time only when the web
// saw that position then, else "截至位置 N" / "as of position N", as it does
// when the clock cannot be read.
std::string AsOfText(const ReadClient& reads, const PageView& view,
                     const v1::TournamentConfig& config, uint64_t position);

// The template's {{as_of}} (the line) and {{as_of_position}} (for scripts
// and tests, a data- attribute) set on `data`.
void SetAsOf(const ReadClient& reads, const PageView& view,
             const v1::TournamentConfig& config, uint64_t position, Data& data);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_AS_OF_H_
