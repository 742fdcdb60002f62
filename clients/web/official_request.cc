#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "google/protobuf/descriptor.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {

std::string OfficialRequest::Param(const std::string& name) const {
  const auto found = query.find(name);
  return found == query.end() ? std::string() : found->second;
}

absl::StatusOr<int> OfficialRequest::Number(const std::string& name, int min,
                                            int fallback) const {
  const std::string text = Param(name);
  if (text.empty()) return fallback;
  int number = 0;
  if (!absl::SimpleAtoi(text, &number) || number < min) {
    return absl::InvalidArgumentError(absl::StrCat(
        name, ": a whole number from ", min, " (got '", text, "')"));
  }
  return number;
}

absl::StatusOr<const v1::Section*> OfficialRequest::Section() const {
  const std::string id = Param("section");
  if (id.empty()) {
    if (config.sections().empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("tournament '", view.tournament_id, "' has no section"));
    }
    return &config.sections(0);
  }
  return KnownSection(config, view, id);
}

std::string OfficialRequest::SectionName(const std::string& id) const {
  const v1::Section* section = FindSection(config, id);
  return section != nullptr ? LabelText(section->name(), view.lang) : id;
}

std::string OfficialRequest::SectionSelect(const v1::Section& current) const {
  Data data = OfficialData(*this);
  DataList options;
  for (const v1::Section& section : config.sections()) {
    Data option;
    option.set("value", section.id());
    option.set("text", LabelText(section.name(), view.lang));
    option.set("selected", section.id() == current.id());
    options.push_back(option);
  }
  data.set("sections", options);
  return RenderTemplate("section_select", data);
}

DataList ResultOptions(Lang lang) {
  DataList options;
  for (v1::GameResult result :
       {v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_BLACK_WIN,
        v1::GAME_RESULT_DRAW, v1::GAME_RESULT_RED_WIN_BY_FORFEIT,
        v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT, v1::GAME_RESULT_DOUBLE_FORFEIT}) {
    Data option;
    option.set("value", v1::GameResult_Name(result));
    option.set("text", words::ResultMark(result, lang));
    options.push_back(option);
  }
  return options;
}

Data Option(const std::string& value, const std::string& text) {
  Data option;
  option.set("value", value);
  option.set("text", text);
  return option;
}

DataList SectionOptions(const OfficialRequest& request) {
  DataList sections;
  for (const v1::Section& section : request.config.sections()) {
    sections.push_back(
        Option(section.id(), LabelText(section.name(), request.view.lang)));
  }
  return sections;
}

DataList EnumOptions(const google::protobuf::EnumDescriptor* values, Lang lang,
                     int chosen) {
  DataList options;
  for (int i = 0; i < values->value_count(); ++i) {
    const google::protobuf::EnumValueDescriptor* value = values->value(i);
    if (value->number() == 0) continue;
    Data option = Option(value->name(), words::SayValue(value, lang));
    option.set("selected", value->number() == chosen);
    options.push_back(option);
  }
  return options;
}

Data OfficialData(const OfficialRequest& request) {
  Data data = PageData(request.view);
  data.set("w", OfficialWords(request.view.lang));
  data.set("tournament_id", request.view.tournament_id);
  return data;
}

}  // namespace qiwang::web
