#include "clients/cli/table.h"

#include <algorithm>
#include <utility>

#include "clients/cli/display_width.h"

namespace qiwang::cli {
namespace {

void AppendLine(const std::vector<std::string>& cells,
                const std::vector<size_t>& widths, std::string& out) {
  std::string line;
  for (size_t column = 0; column < cells.size(); ++column) {
    if (column > 0) line += "  ";
    line += cells[column];
    line.append(widths[column] - DisplayWidth(cells[column]), ' ');
  }
  line.erase(line.find_last_not_of(' ') + 1);
  out += line;
  out += '\n';
}

}  // namespace

Table::Table(std::vector<std::string> headings)
    : headings_(std::move(headings)) {}

void Table::AddRow(std::vector<std::string> cells) {
  cells.resize(headings_.size());
  rows_.push_back(std::move(cells));
}

std::string Table::Render() const {
  std::vector<size_t> widths(headings_.size());
  for (size_t column = 0; column < headings_.size(); ++column) {
    widths[column] = DisplayWidth(headings_[column]);
    for (const std::vector<std::string>& row : rows_) {
      widths[column] = std::max(widths[column], DisplayWidth(row[column]));
    }
  }
  std::string out;
  AppendLine(headings_, widths, out);
  for (const std::vector<std::string>& row : rows_) {
    AppendLine(row, widths, out);
  }
  return out;
}

}  // namespace qiwang::cli
