// Renders the embedded mustache templates (templates/NAME.mustache). {{x}}
// escapes HTML; {{{x}}} is used only for HTML another template rendered.
// Thread-safe: each thread keeps its own parsed copies.
#ifndef QIWANG_CLIENTS_WEB_TEMPLATES_H_
#define QIWANG_CLIENTS_WEB_TEMPLATES_H_

#include <string>

#include "absl/strings/string_view.h"
#include "kainjow/mustache.hpp"

namespace qiwang::web {

using Data = kainjow::mustache::data;
using DataList = kainjow::mustache::list;

// mustache's Data copies a whole subtree in set() and when made from a
// list, so a crosstable built row by row was copied twice at each level (a
// quarter of a live standings' CPU). These move instead: for the large
// lists of a page; set() stays fine for strings and flags.
// `value` becomes `object`'s field `name`; nothing when `object` is not an
// object.
void SetMoved(Data& object, const std::string& name, Data value);
// `list` as a list Data, its elements moved.
Data MovedList(DataList list);

// The text of templates/`name`.mustache rendered with `data`; a template that
// does not parse renders its error (caught by the tests, never by a user).
std::string RenderTemplate(absl::string_view name, const Data& data);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_TEMPLATES_H_
