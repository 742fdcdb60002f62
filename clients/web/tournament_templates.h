// The configurations an organiser may start a tournament from (issue 25 §3):
// the shipped deploy/examples files, embedded at build time (embed.cmake),
// the 2016 Sichuan configuration first. Parsed once; any caller, any thread.
#ifndef QIWANG_CLIENTS_WEB_TOURNAMENT_TEMPLATES_H_
#define QIWANG_CLIENTS_WEB_TOURNAMENT_TEMPLATES_H_

#include <string>
#include <vector>

#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

struct TournamentTemplate {
  v1::TournamentConfig config;
  std::string json;  // the config as Connect JSON, as the page sends it
};

// Every template, in the order offered; a file that does not parse is a
// build error caught by the tests, so it is left out here.
const std::vector<TournamentTemplate>& TournamentTemplates();

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_TOURNAMENT_TEMPLATES_H_
