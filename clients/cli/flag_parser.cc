#include "clients/cli/flag_parser.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/table.h"

namespace qiwang::cli {
namespace {

constexpr char kOutputFlag[] = "--output";

}  // namespace

std::string ParsedFlags::Get(const std::string& name,
                             const std::string& fallback) const {
  auto found = values_.find(name);
  return found == values_.end() ? fallback : found->second.back();
}

std::vector<std::string> ParsedFlags::All(const std::string& name) const {
  auto found = values_.find(name);
  return found == values_.end() ? std::vector<std::string>{} : found->second;
}

absl::StatusOr<ParsedFlags> ParseFlags(absl::Span<const FlagSpec> specs,
                                       const std::vector<std::string>& args) {
  ParsedFlags parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    // `-o FILE` is the one short flag, as in other tools: --output FILE.
    const std::string arg = args[i] == "-o" ? kOutputFlag : args[i];
    if (!absl::StartsWith(arg, "--") || arg.size() == 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("unexpected argument '", arg, "'"));
    }
    const size_t equals = arg.find('=');
    const std::string name = arg.substr(2, equals - 2);
    auto spec = std::find_if(specs.begin(), specs.end(),
                             [&](const FlagSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
    }
    std::string value;
    if (spec->value_name.empty()) {
      if (equals != std::string::npos) {
        return absl::InvalidArgumentError(
            absl::StrCat("--", name, ": takes no value"));
      }
    } else if (equals != std::string::npos) {
      value = arg.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, ": needs a value (", spec->value_name, ")"));
    }
    std::vector<std::string>& values = parsed.values_[name];
    if (!values.empty() && !spec->repeated) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, ": given more than once"));
    }
    values.push_back(std::move(value));
  }
  return parsed;
}

bool WantsHelp(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& arg) {
    return arg == "--help" || arg == "-h";
  });
}

std::string FlagUsage(absl::Span<const FlagSpec> specs) {
  Table table({"", "", ""});
  for (const FlagSpec& spec : specs) {
    std::string flag = absl::StrCat("--", spec.name);
    if (!spec.value_name.empty()) absl::StrAppend(&flag, "=", spec.value_name);
    table.AddRow(
        {"", flag,
         absl::StrCat(spec.help, spec.repeated ? " (repeatable)" : "")});
  }
  std::string rendered = table.Render();
  return rendered.substr(rendered.find('\n') + 1);  // no heading line
}

}  // namespace qiwang::cli
