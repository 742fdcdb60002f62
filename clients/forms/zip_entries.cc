#include "clients/forms/zip_entries.h"

#include <zip.h>

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace qiwang::forms {

bool IsZipArchive(absl::string_view bytes) {
  return absl::StartsWith(bytes, absl::string_view("PK\x03\x04", 4));
}

void ZipEntries::Closer::operator()(zip* archive) const {
  zip_discard(archive);
}

ZipEntries::~ZipEntries() = default;

absl::StatusOr<ZipEntries> ZipEntries::Open(absl::string_view bytes,
                                            absl::string_view source,
                                            size_t max_uncompressed_bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer =
      zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip* archive = buffer == nullptr
                     ? nullptr
                     : zip_open_from_source(buffer, ZIP_RDONLY, &error);
  if (archive == nullptr) {
    if (buffer != nullptr) zip_source_free(buffer);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not a readable xlsx (zip: ", why, ")"));
  }
  zip_error_fini(&error);
  return ZipEntries(archive, std::string(source), max_uncompressed_bytes);
}

bool ZipEntries::Has(const std::string& name) const {
  return zip_name_locate(archive_.get(), name.c_str(), 0) >= 0;
}

absl::StatusOr<std::string> ZipEntries::Read(const std::string& name) {
  const zip_int64_t index = zip_name_locate(archive_.get(), name.c_str(), 0);
  if (index < 0) {
    return absl::NotFoundError(
        absl::StrCat(source_, ": ", name, " is missing"));
  }
  zip_file_t* file = zip_fopen_index(archive_.get(), index, 0);
  if (file == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(source_, ": ", name, " cannot be unpacked (",
                     zip_strerror(archive_.get()), ")"));
  }
  std::string contents;
  char chunk[1 << 16];
  zip_int64_t got = 0;
  while ((got = zip_fread(file, chunk, sizeof(chunk))) > 0) {
    if (static_cast<size_t>(got) > budget_) {
      zip_fclose(file);
      return absl::InvalidArgumentError(
          absl::StrCat(source_, ": unpacks to more than ", limit_, " bytes (",
                       name, " passes the limit)"));
    }
    budget_ -= static_cast<size_t>(got);
    contents.append(chunk, static_cast<size_t>(got));
  }
  if (got < 0) {
    const std::string why = zip_file_strerror(file);
    zip_fclose(file);
    return absl::InvalidArgumentError(
        absl::StrCat(source_, ": ", name, " cannot be unpacked (", why, ")"));
  }
  zip_fclose(file);
  return contents;
}

}  // namespace qiwang::forms
