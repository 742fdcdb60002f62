// Which roles each RPC of qiwang.v1 admits (R1.2, R9.1): the one table the
// server's check (services/server/auth/access_policy) enforces and the
// officials' pages derive their roles from. Built once; thread-safe.
#ifndef QIWANG_SERVICES_API_ACCESS_TABLE_H_
#define QIWANG_SERVICES_API_ACCESS_TABLE_H_

#include <vector>

#include "google/protobuf/descriptor.h"
#include "services/rules/core/roles.h"

namespace qiwang::api {

// An RPC (its generated descriptor) and the roles it admits; kPublic in the
// list means anyone, with or without a token.
struct RpcAccess {
  const google::protobuf::MethodDescriptor* method;
  std::vector<rules::Role> admitted;
};

// The whole table, one row per RPC of qiwang.v1, in the order the README
// shows it.
const std::vector<RpcAccess>& AccessTable();

// The row of `method`; null for an RPC not in the table.
const RpcAccess* AccessOf(const google::protobuf::MethodDescriptor& method);

}  // namespace qiwang::api

#endif  // QIWANG_SERVICES_API_ACCESS_TABLE_H_
