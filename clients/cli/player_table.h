#ifndef QIWANG_CLIENTS_CLI_PLAYER_TABLE_H_
#define QIWANG_CLIENTS_CLI_PLAYER_TABLE_H_

#include <string>

#include "clients/cli/labels.h"
#include "google/protobuf/repeated_ptr_field.h"
#include "qiwang/v1/tournament_service.pb.h"

namespace qiwang::cli {

// An aligned table of players (id, name, gender, born, section, station,
// status, and the private columns when the server filled them).
std::string PlayerTable(
    const google::protobuf::RepeatedPtrField<v1::PlayerView>& players,
    Lang lang);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAYER_TABLE_H_
