// Names in a TRF-2026 file: the 001 name column is read as bytes by some
// programs (FIDE's checker) and as characters by others (bbpPairings), so it
// holds Latin script only, and the registered name goes on a comment line.
// Pure; any caller.
#ifndef QIWANG_SERVICES_TRF_TRF_NAMES_H_
#define QIWANG_SERVICES_TRF_TRF_NAMES_H_

#include <string>

#include "qiwang/v1/registration_events.pb.h"

namespace qiwang::exports {

struct TrfNames {
  std::string latin;  // for the 001 line: printable ASCII
  std::string local;  // for the "### name" line; empty: same as `latin`
};

// The registered latin_name; else the name itself when it is printable
// ASCII; else the placeholder "Player N" for starting rank N. `local` is the
// registered name when it differs from `latin`.
TrfNames NamesOf(const v1::Person& person, int start_number);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_NAMES_H_
