// A header that lists tokens with quality values (RFC 9110 12.4.2), as
// Accept-Encoding and Accept-Language send them: "gzip;q=0.5, br". Pure;
// any thread.
#ifndef QIWANG_SERVICES_HTTP_QUALITY_VALUES_H_
#define QIWANG_SERVICES_HTTP_QUALITY_VALUES_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace qiwang::http {

struct Weighted {
  std::string token;  // lower case, without its parameters
  double q = 1;       // 1 when not given; 0 when not a number
};

// The items of `header` in their order.
std::vector<Weighted> WeightedTokens(absl::string_view header);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_QUALITY_VALUES_H_
