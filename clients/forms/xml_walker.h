// A walk over an XML document's elements with expat, names stripped of their
// namespace ("x:row" and "row" are both "row"), for readers of small XML
// parts such as a workbook's (xlsx_reader.h). A subclass overrides what it
// needs and may stop the walk with a status. Pure; any caller.
#ifndef QIWANG_CLIENTS_FORMS_XML_WALKER_H_
#define QIWANG_CLIENTS_FORMS_XML_WALKER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace qiwang::forms {

class XmlWalker {
 public:
  virtual ~XmlWalker() = default;

  // Walks `xml`; INVALID_ARGUMENT starting with `where` when it is not
  // well-formed XML, or the status a callback stopped with.
  absl::Status Walk(absl::string_view xml, absl::string_view where);

 protected:
  // `attributes` alternate names and values, ending with nullptr.
  virtual void Start(absl::string_view /*name*/, const char** /*attributes*/) {}
  virtual void End(absl::string_view /*name*/) {}
  virtual void Text(absl::string_view /*text*/) {}

  // Ends the walk; Walk returns `status`.
  void Stop(absl::Status status);

  // The value of the attribute named `name` (any namespace), "" when absent.
  static absl::string_view Attribute(const char** attributes,
                                     absl::string_view name);

 private:
  static void OnStart(void* walker, const char* name, const char** attributes);
  static void OnEnd(void* walker, const char* name);
  static void OnText(void* walker, const char* text, int length);

  void* parser_ = nullptr;
  absl::Status stopped_;
};

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_XML_WALKER_H_
