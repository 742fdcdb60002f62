#include "services/server/admin_service.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "services/rules/tournament/text_input.h"
#include "services/server/auth/access_policy.h"
#include "services/server/unary_call.h"

namespace qiwang::server {
namespace {

// A backup's folder: one plain name, so a caller cannot write outside
// --backup_dir.
absl::Status CheckBackupName(const std::string& name) {
  const bool plain =
      !name.empty() && name.size() <= 100 && name.front() != '.' &&
      std::all_of(name.begin(), name.end(), [](char c) {
        return absl::ascii_isalnum(c) || c == '.' || c == '-' || c == '_';
      });
  if (plain) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "name: one folder name of letters, digits, '.', '-' and '_', not "
      "starting with '.' (got '",
      name, "')"));
}

// The entry of the bearer token `context` carries, if any.
std::optional<TokenEntry> BearerEntry(
    const grpc::CallbackServerContext& context,
    const Authenticator& authenticator) {
  const auto& metadata = context.client_metadata();
  const auto header = metadata.find(kAuthorizationHeader);
  if (header == metadata.end()) return std::nullopt;
  constexpr absl::string_view kBearer = "Bearer ";
  const absl::string_view value(header->second.data(), header->second.size());
  if (!absl::StartsWith(value, kBearer)) return std::nullopt;
  return authenticator.Find(value.substr(kBearer.size()));
}

}  // namespace

grpc::ServerUnaryReactor* AdminService::SetClock(
    grpc::CallbackServerContext* context, const v1::SetClockRequest* request,
    v1::SetClockResponse* response) {
  return AnswerUnary<v1::SetClockRequest>(
      context, authenticator_, [&](const ledger::Caller&) -> absl::Status {
        if (!request->has_time()) {
          return rules::tournament::RequiredFieldError("time");
        }
        absl::Status set = clock_.Set(base::FromTimestamp(request->time()));
        if (set.ok())
          *response->mutable_time() = base::ToTimestamp(clock_.Now());
        return set;
      });
}

grpc::ServerUnaryReactor* AdminService::GetClock(
    grpc::CallbackServerContext* context,
    const v1::GetClockRequest* /*request*/, v1::GetClockResponse* response) {
  return AnswerUnary<v1::GetClockRequest>(
      context, authenticator_, [&](const ledger::Caller&) {
        *response->mutable_time() = base::ToTimestamp(clock_.Now());
        response->set_manual(clock_.manual());
        return absl::OkStatus();
      });
}

grpc::ServerUnaryReactor* AdminService::Backup(
    grpc::CallbackServerContext* context, const v1::BackupRequest* request,
    v1::BackupResponse* response) {
  return AnswerUnary<v1::BackupRequest>(
      context, authenticator_, [&](const ledger::Caller&) -> absl::Status {
        if (absl::Status named = CheckBackupName(request->name());
            !named.ok()) {
          return named;
        }
        const std::string dir = absl::StrCat(backup_dir_, "/", request->name());
        std::error_code error;
        if (!std::filesystem::exists(backup_dir_, error)) {
          // Backups hold private fields: only qiwangd's user may read them.
          if (!std::filesystem::create_directories(backup_dir_, error) ||
              chmod(backup_dir_.c_str(), 0700) != 0) {
            return absl::UnavailableError(absl::StrCat(
                "backup: cannot create --backup_dir ", backup_dir_));
          }
        }
        if (std::filesystem::exists(dir, error)) {
          return absl::AlreadyExistsError(absl::StrCat(
              "name: ", dir, " already exists; choose another name"));
        }
        absl::StatusOr<uint64_t> last_position = log_.Backup(dir);
        if (!last_position.ok()) return last_position.status();
        response->set_dir(dir);
        response->set_last_position(*last_position);
        return absl::OkStatus();
      });
}

grpc::ServerUnaryReactor* AdminService::WhoAmI(
    grpc::CallbackServerContext* context, const v1::WhoAmIRequest* /*request*/,
    v1::WhoAmIResponse* response) {
  return AnswerUnary<v1::WhoAmIRequest>(
      context, authenticator_, [&](const ledger::Caller& caller) {
        response->set_user(caller.user);
        // Admitted, so the token is known; its entry lists every role.
        const std::optional<TokenEntry> entry =
            BearerEntry(*context, authenticator_);
        if (entry.has_value()) {
          for (rules::Role role : entry->roles) {
            response->add_roles(std::string(rules::RoleName(role)));
          }
        }
        return absl::OkStatus();
      });
}

}  // namespace qiwang::server
