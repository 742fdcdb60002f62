#include "services/trf/trf_names.h"

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace qiwang::exports {
namespace {

bool IsPrintableAscii(absl::string_view text) {
  return !text.empty() &&
         absl::c_all_of(text, [](char c) { return c >= 0x20 && c <= 0x7e; });
}

}  // namespace

TrfNames NamesOf(const v1::Person& person, int start_number) {
  TrfNames names;
  if (!person.latin_name().empty()) {
    names.latin = person.latin_name();
  } else if (IsPrintableAscii(person.name())) {
    names.latin = person.name();
  } else {
    names.latin = absl::StrCat("Player ", start_number);
  }
  if (person.name() != names.latin) names.local = person.name();
  return names;
}

}  // namespace qiwang::exports
