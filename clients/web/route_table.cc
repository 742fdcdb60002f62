#include "clients/web/route_table.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::web {
namespace {

// The segments of `path` (which starts with '/'): "/" has none, "/t/x/" and
// "/t/x" have "t" and "x".
std::vector<absl::string_view> Segments(absl::string_view path) {
  absl::ConsumePrefix(&path, "/");
  absl::ConsumeSuffix(&path, "/");
  if (path.empty()) return {};
  return absl::StrSplit(path, '/');
}

bool Takes(const std::vector<std::string>& methods, absl::string_view method) {
  for (const std::string& taken : methods) {
    if (taken == method || (taken == "GET" && method == "HEAD")) return true;
  }
  return false;
}

void AddAllowed(const std::vector<std::string>& methods,
                std::vector<std::string>& allowed) {
  for (const std::string& method : methods) {
    for (const std::string& name : method == "GET"
                                       ? std::vector<std::string>{"GET", "HEAD"}
                                       : std::vector<std::string>{method}) {
      if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
        allowed.push_back(name);
      }
    }
  }
}

}  // namespace

const std::string& RouteParts::operator[](absl::string_view name) const {
  static const auto* const kUnbound = new std::string();
  const auto part = parts_.find(name);
  return part == parts_.end() ? *kUnbound : part->second;
}

void RouteParts::Bind(std::string name, std::string value) {
  parts_[std::move(name)] = std::move(value);
}

RoutePattern::RoutePattern(absl::string_view pattern) {
  for (absl::string_view text : Segments(pattern)) {
    Segment segment;
    segment.binds = absl::ConsumePrefix(&text, "{");
    if (segment.binds) absl::ConsumeSuffix(&text, "}");
    segment.text = std::string(text);
    segments_.push_back(std::move(segment));
  }
}

std::optional<RouteParts> RoutePattern::Match(absl::string_view path) const {
  if (!absl::StartsWith(path, "/")) return std::nullopt;
  const std::vector<absl::string_view> segments = Segments(path);
  if (segments.size() != segments_.size()) return std::nullopt;
  RouteParts parts;
  for (size_t i = 0; i < segments.size(); ++i) {
    const Segment& expected = segments_[i];
    if (!expected.binds) {
      if (segments[i] != expected.text) return std::nullopt;
    } else if (segments[i].empty()) {
      return std::nullopt;
    } else {
      parts.Bind(expected.text, std::string(segments[i]));
    }
  }
  return parts;
}

void RouteIndex::Add(std::vector<std::string> methods,
                     absl::string_view pattern) {
  rows_.push_back(Row{std::move(methods), RoutePattern(pattern)});
}

RouteLookup RouteIndex::Find(absl::string_view method,
                             absl::string_view path) const {
  RouteLookup lookup;
  std::vector<std::string> allowed;
  for (size_t i = 0; i < rows_.size(); ++i) {
    std::optional<RouteParts> parts = rows_[i].pattern.Match(path);
    if (!parts.has_value()) continue;
    if (Takes(rows_[i].methods, method)) {
      lookup.row = i;
      lookup.parts = *std::move(parts);
      return lookup;
    }
    AddAllowed(rows_[i].methods, allowed);
  }
  lookup.allow = absl::StrJoin(allowed, ", ");
  return lookup;
}

}  // namespace qiwang::web
