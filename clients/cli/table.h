#ifndef QIWANG_CLIENTS_CLI_TABLE_H_
#define QIWANG_CLIENTS_CLI_TABLE_H_

#include <string>
#include <vector>

namespace qiwang::cli {

// A text table whose columns line up on a terminal, CJK text included
// (widths are display columns, not bytes). Not thread-safe.
class Table {
 public:
  explicit Table(std::vector<std::string> headings);

  // Missing cells are blank; extra cells are dropped.
  void AddRow(std::vector<std::string> cells);

  // Heading line, then one line per row, each ending in '\n'; columns are
  // separated by two spaces and trailing blanks are trimmed.
  std::string Render() const;

 private:
  std::vector<std::string> headings_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_TABLE_H_
