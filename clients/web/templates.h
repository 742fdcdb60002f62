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

// The text of templates/`name`.mustache rendered with `data`; a template that
// does not parse renders its error (caught by the tests, never by a user).
std::string RenderTemplate(absl::string_view name, const Data& data);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_TEMPLATES_H_
