// The files inside a zip archive held in memory (an xlsx is one), read with
// libzip under a budget of uncompressed bytes shared by every file read, so
// a small archive that inflates to gigabytes (a zip bomb) is refused, not
// unpacked. Pure; any caller (xlsx_reader.h reads a workbook's parts).
#ifndef QIWANG_CLIENTS_FORMS_ZIP_ENTRIES_H_
#define QIWANG_CLIENTS_FORMS_ZIP_ENTRIES_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

struct zip;

namespace qiwang::forms {

// True when `bytes` start as a zip archive does ("PK\x03\x04").
bool IsZipArchive(absl::string_view bytes);

class ZipEntries {
 public:
  // The archive `bytes` (which must outlive it); INVALID_ARGUMENT starting
  // with `source` when they are no zip archive libzip can open.
  static absl::StatusOr<ZipEntries> Open(absl::string_view bytes,
                                         absl::string_view source,
                                         size_t max_uncompressed_bytes);

  ZipEntries(ZipEntries&&) = default;
  ZipEntries& operator=(ZipEntries&&) = default;
  ~ZipEntries();

  bool Has(const std::string& name) const;

  // The file `name` uncompressed. NOT_FOUND naming it when absent;
  // INVALID_ARGUMENT when it cannot be inflated, or when it would take the
  // bytes read so far past the budget.
  absl::StatusOr<std::string> Read(const std::string& name);

 private:
  struct Closer {
    void operator()(zip* archive) const;
  };
  ZipEntries(zip* archive, std::string source, size_t budget)
      : archive_(archive),
        source_(std::move(source)),
        limit_(budget),
        budget_(budget) {}

  std::unique_ptr<zip, Closer> archive_;
  std::string source_;
  size_t limit_;   // uncompressed bytes the archive may unpack to
  size_t budget_;  // what is left of limit_
};

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_ZIP_ENTRIES_H_
