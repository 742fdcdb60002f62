// The roles of R1.2 as people read them, by their canonical names
// ("arbiter" -> 裁判员 / Arbiter), in regulation order. Pure; any caller.
#ifndef QIWANG_WORDS_ROLE_WORDS_H_
#define QIWANG_WORDS_ROLE_WORDS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "words/lang.h"

namespace qiwang::words {

// Every canonical role name with its words in `lang`, in R1.2's order.
std::vector<std::pair<std::string, std::string>> RoleNames(Lang lang);

// The role `name` in `lang`; a name no role has is returned as it is.
std::string RoleText(absl::string_view name, Lang lang);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_ROLE_WORDS_H_
