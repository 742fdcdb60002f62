#include "words/role_words.h"

namespace qiwang::words {
namespace {

struct RoleWords {
  const char* name;
  const char* zh;
  const char* en;
};

constexpr RoleWords kRoles[] = {
    {"organiser", "组委会", "Organiser"},
    {"registrar", "报名登记员", "Registrar"},
    {"arbiter", "裁判员", "Arbiter"},
    {"chief_arbiter", "裁判长", "Chief arbiter"},
    {"pairing_officer", "编排长", "Pairing officer"},
    {"arbitration_committee", "仲裁委员会", "Arbitration committee"},
    {"replica", "只读副本", "Read replica"},
    {"public", "公众", "Public"},
};

}  // namespace

std::vector<std::pair<std::string, std::string>> RoleNames(Lang lang) {
  std::vector<std::pair<std::string, std::string>> names;
  for (const RoleWords& role : kRoles) {
    names.emplace_back(role.name, lang == Lang::kZh ? role.zh : role.en);
  }
  return names;
}

std::string RoleText(absl::string_view name, Lang lang) {
  for (const RoleWords& role : kRoles) {
    if (name == role.name) return lang == Lang::kZh ? role.zh : role.en;
  }
  return std::string(name);
}

}  // namespace qiwang::words
