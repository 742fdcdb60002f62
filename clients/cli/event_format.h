#ifndef QIWANG_CLIENTS_CLI_EVENT_FORMAT_H_
#define QIWANG_CLIENTS_CLI_EVENT_FORMAT_H_

#include <string>
#include <vector>

#include "clients/cli/labels.h"
#include "google/protobuf/message.h"
#include "google/protobuf/timestamp.pb.h"
#include "qiwang/v1/event.pb.h"

namespace qiwang::cli {

// Protobuf JSON of `message` on one line, ending in '\n'.
std::string JsonLine(const google::protobuf::Message& message);

// Headings and cells of the human event table (position, stream, version,
// time, actor, reason, content).
std::vector<std::string> EventHeadings(Lang lang);
std::vector<std::string> EventCells(const v1::Event& event);

// The server time in the tournament timezone (Asia/Shanghai, R1.1), e.g.
// "2016-10-14 09:00:00".
std::string FormatServerTime(const google::protobuf::Timestamp& time);

// A short text for the event's payload: a note's text, else its kind.
std::string PayloadText(const v1::Event& event);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_EVENT_FORMAT_H_
