#include "services/server/admin_service.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "services/server/auth/access_policy.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {
namespace {

google::protobuf::Timestamp ToTimestamp(absl::Time time) {
  google::protobuf::Timestamp timestamp;
  const int64_t seconds = absl::ToUnixSeconds(time);
  timestamp.set_seconds(seconds);
  timestamp.set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(time - absl::FromUnixSeconds(seconds))));
  return timestamp;
}

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

}  // namespace

grpc::ServerUnaryReactor* AdminService::SetClock(
    grpc::CallbackServerContext* context, const v1::SetClockRequest* request,
    v1::SetClockResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::Status status =
      Authorize(authenticator_, "SetClock", context->client_metadata())
          .status();
  if (status.ok() && !request->has_time()) {
    status = absl::InvalidArgumentError("time: required");
  }
  if (status.ok()) {
    status = clock_.Set(absl::FromUnixSeconds(request->time().seconds()) +
                        absl::Nanoseconds(request->time().nanos()));
  }
  if (status.ok()) *response->mutable_time() = ToTimestamp(clock_.Now());
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* AdminService::GetClock(
    grpc::CallbackServerContext* context,
    const v1::GetClockRequest* /*request*/, v1::GetClockResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  const absl::Status status =
      Authorize(authenticator_, "GetClock", context->client_metadata())
          .status();
  if (status.ok()) {
    *response->mutable_time() = ToTimestamp(clock_.Now());
    response->set_manual(clock_.manual());
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* AdminService::Backup(
    grpc::CallbackServerContext* context, const v1::BackupRequest* request,
    v1::BackupResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::Status status =
      Authorize(authenticator_, "Backup", context->client_metadata()).status();
  if (status.ok()) status = CheckBackupName(request->name());
  const std::string dir = absl::StrCat(backup_dir_, "/", request->name());
  std::error_code error;
  if (status.ok() && !std::filesystem::exists(backup_dir_, error)) {
    // Backups hold private fields: only qiwangd's user may read them.
    if (!std::filesystem::create_directories(backup_dir_, error) ||
        chmod(backup_dir_.c_str(), 0700) != 0) {
      status = absl::UnavailableError(
          absl::StrCat("backup: cannot create --backup_dir ", backup_dir_));
    }
  }
  if (status.ok() && std::filesystem::exists(dir, error)) {
    status = absl::AlreadyExistsError(
        absl::StrCat("name: ", dir, " already exists; choose another name"));
  }
  if (status.ok()) {
    absl::StatusOr<uint64_t> last_position = log_.Backup(dir);
    if (last_position.ok()) {
      response->set_dir(dir);
      response->set_last_position(*last_position);
    }
    status = last_position.status();
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

}  // namespace qiwang::server
