// The URL routing of the pages as one table of rows (methods, pattern,
// handler), shared by the public pages and the officials'. A pattern is
// '/'-separated segments, each a literal ("standings") or a part in braces
// ("{ranking}") that binds one non-empty segment of the path; "/" is the
// root. One trailing slash of the path is ignored ("/t/ID/" is "/t/ID"). The
// path is matched as the HTTP front decoded it: a percent-escape was decoded
// there once and is never decoded again here, so a bound part is exactly the
// decoded segment.
//
// A request's answer: the first row whose pattern matches the path and that
// takes the method; a row taking GET also takes HEAD. When rows match the
// path but none takes the method, the methods they take (the Allow header of
// a 405); when no row matches, neither (a 404). Immutable once built, so any
// thread may match.
#ifndef QIWANG_CLIENTS_WEB_ROUTE_TABLE_H_
#define QIWANG_CLIENTS_WEB_ROUTE_TABLE_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace qiwang::web {

// The parts a pattern bound, by name ("ranking" -> "open-men").
class RouteParts {
 public:
  // The part `name` bound; empty when the pattern has no such part.
  const std::string& operator[](absl::string_view name) const;
  void Bind(std::string name, std::string value);
  const absl::flat_hash_map<std::string, std::string>& all() const {
    return parts_;
  }

 private:
  absl::flat_hash_map<std::string, std::string> parts_;
};

// One pattern, split once.
class RoutePattern {
 public:
  explicit RoutePattern(absl::string_view pattern);
  // The parts `path` binds, or nullopt when it does not match.
  std::optional<RouteParts> Match(absl::string_view path) const;

 private:
  struct Segment {
    std::string text;  // the literal, or the part's name
    bool binds = false;
  };
  std::vector<Segment> segments_;
};

// Which row answers, without the handlers (route_table.cc).
struct RouteLookup {
  std::optional<size_t> row;  // the answering row's index
  RouteParts parts;           // what its pattern bound
  std::string allow;  // when no row answers but some match: "GET, HEAD", ...
};

class RouteIndex {
 public:
  void Add(std::vector<std::string> methods, absl::string_view pattern);
  RouteLookup Find(absl::string_view method, absl::string_view path) const;

 private:
  struct Row {
    std::vector<std::string> methods;
    RoutePattern pattern;
  };
  std::vector<Row> rows_;
};

template <typename Handler>
struct Route {
  std::vector<std::string> methods;  // {"GET"}, {"POST"}, ...
  std::string pattern;               // "/t/{id}/standings/{ranking}"
  Handler handler;
};

template <typename Handler>
class RouteTable {
 public:
  // What answers a request: `handler` null for a 404 (`allow` empty) or a
  // 405 (`allow` names the methods the path takes).
  struct Match {
    const Handler* handler = nullptr;
    RouteParts parts;
    std::string allow;
  };

  explicit RouteTable(std::vector<Route<Handler>> routes) {
    for (Route<Handler>& route : routes) {
      index_.Add(std::move(route.methods), route.pattern);
      handlers_.push_back(std::move(route.handler));
    }
  }

  Match Find(absl::string_view method, absl::string_view path) const {
    RouteLookup lookup = index_.Find(method, path);
    Match match;
    if (lookup.row.has_value()) match.handler = &handlers_[*lookup.row];
    match.parts = std::move(lookup.parts);
    match.allow = std::move(lookup.allow);
    return match;
  }

 private:
  RouteIndex index_;
  std::vector<Handler> handlers_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_ROUTE_TABLE_H_
