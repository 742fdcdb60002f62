// The roles of R1.2 and their canonical names, as written in Actor.role and in
// token files. Which role may do what is decided where each command is
// handled (R9); this file only names them.
#ifndef QIWANG_SERVICES_RULES_CORE_ROLES_H_
#define QIWANG_SERVICES_RULES_CORE_ROLES_H_

#include <array>
#include <optional>
#include <string_view>

namespace qiwang::rules {

enum class Role : unsigned char {
  kOrganiser,             // 组委会
  kRegistrar,             // station organisers and the registration desk
  kArbiter,               // 裁判员
  kChiefArbiter,          // 裁判长
  kPairingOfficer,        // 编排长
  kArbitrationCommittee,  // 仲裁委员会
  kReplica,  // a read process of the split form following the ledger's log
  kPublic,                // anyone reading public data
};

inline constexpr std::array<Role, 8> kAllRoles = {
    Role::kOrganiser,      Role::kRegistrar,
    Role::kArbiter,        Role::kChiefArbiter,
    Role::kPairingOfficer, Role::kArbitrationCommittee,
    Role::kReplica,        Role::kPublic};

inline constexpr std::string_view RoleName(Role role) {
  switch (role) {
    case Role::kOrganiser: return "organiser";
    case Role::kRegistrar: return "registrar";
    case Role::kArbiter: return "arbiter";
    case Role::kChiefArbiter: return "chief_arbiter";
    case Role::kPairingOfficer: return "pairing_officer";
    case Role::kArbitrationCommittee: return "arbitration_committee";
    case Role::kReplica: return "replica";
    case Role::kPublic: return "public";
  }
  return "public";
}

inline std::optional<Role> RoleFromName(std::string_view name) {
  for (Role role : kAllRoles) {
    if (RoleName(role) == name) return role;
  }
  return std::nullopt;
}

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_CORE_ROLES_H_
