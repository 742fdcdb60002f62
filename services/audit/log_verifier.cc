#include "services/audit/log_verifier.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "store/disk_format.h"

namespace qiwang::audit {
namespace {

constexpr size_t kBatch = 1000;

// SHA-256 fed record by record.
class Sha256 {
 public:
  Sha256() : context_(EVP_MD_CTX_new(), &EVP_MD_CTX_free) {
    ok_ = context_ != nullptr &&
          EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr) == 1;
  }

  void Update(const std::string& bytes) {
    ok_ = ok_ &&
          EVP_DigestUpdate(context_.get(), bytes.data(), bytes.size()) == 1;
  }

  absl::StatusOr<std::string> HexDigest() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (!ok_ || EVP_DigestFinal_ex(context_.get(), digest, &size) != 1) {
      return absl::InternalError("SHA-256: libcrypto refused the digest");
    }
    return absl::BytesToHexString(
        absl::string_view(reinterpret_cast<const char*>(digest), size));
  }

 private:
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context_;
  bool ok_ = false;
};

// Checks records one by one, in position order.
class Checker {
 public:
  void Check(uint64_t expected_position, const store::Record& record) {
    if (record.position != expected_position) {
      Problem(expected_position,
              absl::StrCat("the log holds position ", record.position,
                           " where ", expected_position, " belongs"));
      return;
    }
    uint64_t& version = versions_[record.stream];
    const uint64_t skipped =
        record.stream_version > version ? record.stream_version - version - 1
                                        : 0;
    if (record.stream_version <= version || skipped > unreadable_) {
      Problem(record.position,
              absl::StrCat("stream '", record.stream, "' has version ",
                           record.stream_version, " after version ", version));
    } else {
      unreadable_ -= skipped;  // versions held by records named already
    }
    version = std::max(version, record.stream_version);
    digest_.Update(store::disk::PositionKey(record.position));
    digest_.Update(store::disk::EncodeRecord(record.position, record.stream,
                                             record.stream_version,
                                             record.command_id, record.data));
    response_.set_events_checked(response_.events_checked() + 1);
  }

  void Problem(uint64_t position, absl::string_view what) {
    response_.add_problems(absl::StrCat("position ", position, ": ", what));
  }

  // A record that cannot be read: named, and the version it held in its
  // (unknown) stream is not reported again as a gap.
  void Unreadable(uint64_t position, absl::string_view what) {
    Problem(position, what);
    ++unreadable_;
  }

  // Each stream's head in the index against the versions read.
  absl::Status CheckHeads(const store::EventLog& log) {
    for (const auto& [stream, version] : versions_) {
      absl::StatusOr<uint64_t> head = log.StreamVersion(stream);
      if (!head.ok()) return head.status();
      if (*head < version) {
        response_.add_problems(absl::StrCat("stream '", stream, "': head ",
                                            *head, " is below version ",
                                            version, " read from the log"));
      }
    }
    return absl::OkStatus();
  }

  absl::StatusOr<v1::VerifyLogResponse> Finish(uint64_t last) {
    absl::StatusOr<std::string> digest = digest_.HexDigest();
    if (!digest.ok()) return digest.status();
    response_.set_digest_sha256(*std::move(digest));
    response_.set_last_position(last);
    response_.set_ok(response_.problems().empty());
    return std::move(response_);
  }

 private:
  v1::VerifyLogResponse response_;
  absl::btree_map<std::string, uint64_t> versions_;
  uint64_t unreadable_ = 0;  // records named whose versions are unaccounted
  Sha256 digest_;
};

absl::StatusOr<std::vector<store::Record>> ReadAt(const store::EventLog& log,
                                                  uint64_t from, size_t limit) {
  store::ReadRequest request;
  request.from = from;
  request.limit = limit;
  return log.Read(request);
}

}  // namespace

absl::StatusOr<v1::VerifyLogResponse> VerifyLog(const store::EventLog& log) {
  const uint64_t last = log.LastPosition();
  Checker checker;
  uint64_t next = 1;
  while (next <= last) {
    const size_t wanted =
        static_cast<size_t>(std::min<uint64_t>(kBatch, last - next + 1));
    absl::StatusOr<std::vector<store::Record>> records =
        ReadAt(log, next, wanted);
    if (records.ok() && records->size() == wanted) {
      for (const store::Record& record : *records) checker.Check(next++, record);
      continue;
    }
    if (records.ok() || !absl::IsDataLoss(records.status())) {
      if (!records.ok()) return records.status();
      return absl::InternalError(absl::StrCat(
          "the log answered ", records->size(), " records from position ",
          next, " where ", wanted, " are durable"));
    }
    // Some record of the batch does not check out: one at a time, so each
    // bad one is named and the good ones still count.
    for (const uint64_t end = next + wanted; next < end; ++next) {
      absl::StatusOr<std::vector<store::Record>> one = ReadAt(log, next, 1);
      if (!one.ok()) {
        if (!absl::IsDataLoss(one.status())) return one.status();
        checker.Unreadable(next, one.status().message());
      } else if (one->empty()) {
        checker.Unreadable(next, "missing from the log");
      } else {
        checker.Check(next, one->front());
      }
    }
  }
  if (absl::Status heads = checker.CheckHeads(log); !heads.ok()) return heads;
  return checker.Finish(last);
}

}  // namespace qiwang::audit
