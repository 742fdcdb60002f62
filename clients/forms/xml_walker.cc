#include "clients/forms/xml_walker.h"

#include <expat.h>

#include <climits>
#include <utility>

#include "absl/strings/str_cat.h"

namespace qiwang::forms {
namespace {

// expat joins a namespaced name's URI and local part with this separator.
constexpr char kNamespaceSeparator = '\x01';

absl::string_view LocalName(const char* name) {
  const absl::string_view full(name);
  const size_t separator = full.rfind(kNamespaceSeparator);
  return separator == absl::string_view::npos ? full
                                              : full.substr(separator + 1);
}

}  // namespace

absl::Status XmlWalker::Walk(absl::string_view xml, absl::string_view where) {
  XML_Parser parser = XML_ParserCreateNS("UTF-8", kNamespaceSeparator);
  if (parser == nullptr) {
    return absl::ResourceExhaustedError(
        absl::StrCat(where, ": no memory for an XML parser"));
  }
  parser_ = parser;
  stopped_ = absl::OkStatus();
  XML_SetUserData(parser, this);
  XML_SetElementHandler(parser, &XmlWalker::OnStart, &XmlWalker::OnEnd);
  XML_SetCharacterDataHandler(parser, &XmlWalker::OnText);
  absl::Status status;
  if (xml.size() > static_cast<size_t>(INT_MAX)) {
    status = absl::InvalidArgumentError(absl::StrCat(where, ": too large"));
  } else if (XML_Parse(parser, xml.data(), static_cast<int>(xml.size()),
                       XML_TRUE) == XML_STATUS_ERROR) {
    status = !stopped_.ok()
                 ? stopped_
                 : absl::InvalidArgumentError(absl::StrCat(
                       where, ": not well-formed XML (line ",
                       XML_GetCurrentLineNumber(parser), ": ",
                       XML_ErrorString(XML_GetErrorCode(parser)), ")"));
  }
  if (!stopped_.ok()) status = stopped_;
  XML_ParserFree(parser);
  parser_ = nullptr;
  return status;
}

void XmlWalker::Stop(absl::Status status) {
  if (!stopped_.ok()) return;
  stopped_ = std::move(status);
  XML_StopParser(static_cast<XML_Parser>(parser_), XML_FALSE);
}

absl::string_view XmlWalker::Attribute(const char** attributes,
                                       absl::string_view name) {
  for (const char** at = attributes; at[0] != nullptr; at += 2) {
    if (LocalName(at[0]) == name) return at[1];
  }
  return "";
}

void XmlWalker::OnStart(void* walker, const char* name,
                        const char** attributes) {
  static_cast<XmlWalker*>(walker)->Start(LocalName(name), attributes);
}

void XmlWalker::OnEnd(void* walker, const char* name) {
  static_cast<XmlWalker*>(walker)->End(LocalName(name));
}

void XmlWalker::OnText(void* walker, const char* text, int length) {
  static_cast<XmlWalker*>(walker)->Text(
      absl::string_view(text, static_cast<size_t>(length)));
}

}  // namespace qiwang::forms
