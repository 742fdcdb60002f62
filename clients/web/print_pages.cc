#include "clients/web/print_pages.h"

#include <grpcpp/client_context.h>

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "base/grpc_status.h"
#include "clients/web/print_views.h"

namespace qiwang::web {
namespace {

constexpr char kXlsxType[] =
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

absl::StatusOr<int> RoundNumber(const std::string& text) {
  return NumberFromOne("round", text);
}

// A Host header that can stand in a URL: a name or address and a port.
bool IsHost(absl::string_view host) {
  if (host.empty() || host.size() > 255) return false;
  for (char c : host) {
    if (!absl::ascii_isalnum(c) && c != '.' && c != '-' && c != ':' &&
        c != '[' && c != ']') {
      return false;
    }
  }
  return true;
}

// ?fold=1 asks for folded tent cards.
absl::StatusOr<bool> Folded(const http::Request& request) {
  const auto fold = request.query.find("fold");
  if (fold == request.query.end()) return false;
  if (fold->second == "1") return true;
  return absl::InvalidArgumentError(absl::StrCat(
      "fold: 1 for folded tent cards, or absent (got '", fold->second, "')"));
}

// Whether a phone in the hall cannot open `base_url` ("http://HOST[:PORT]"
// or empty): no address at all, or this machine's own (localhost,
// 127.0.0.0/8, [::1], the unspecified 0.0.0.0 and [::]).
bool IsLoopbackBase(absl::string_view base_url) {
  if (!absl::ConsumePrefix(&base_url, "http://")) {
    absl::ConsumePrefix(&base_url, "https://");
  }
  absl::string_view host = base_url.substr(0, base_url.find('/'));
  if (absl::StartsWith(host, "[")) {
    host = host.substr(0, host.find(']') + 1);
  } else {
    host = host.substr(0, host.find(':'));
  }
  const std::string name = absl::AsciiStrToLower(host);
  return name.empty() || name == "localhost" ||
         absl::EndsWith(name, ".localhost") || absl::StartsWith(name, "127.") ||
         name == "[::1]" || name == "0.0.0.0" || name == "[::]";
}

// Where cards printed with `base_url` point; see CardBase.
CardBase CardBaseFor(std::string base_url, bool public_url_unset) {
  CardBase base;
  base.unreachable = public_url_unset && IsLoopbackBase(base_url);
  base.url = std::move(base_url);
  return base;
}

// The printout in the print layout (print.css, a screen-only bar back to
// the list of printouts).
http::Response PrintLayout(const PageView& view, const Printout& printout) {
  Data data = PageData(view);
  data.set("title", printout.title);
  data.set("body", printout.html);
  data.set("print_link", view.TournamentLink("/print"));
  http::Response response;
  response.body = RenderTemplate("print_layout", data);
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("Content-Language", "zh-CN, en");
  return response;
}

PrintAnswer PageAnswer(PageBody page) {
  PrintAnswer answer;
  answer.page = std::move(page);
  return answer;
}

PrintAnswer WholeAnswer(http::Response response) {
  PrintAnswer answer;
  answer.whole = std::move(response);
  return answer;
}

}  // namespace

PrintPages::PrintPages(std::shared_ptr<ReadClient> reads,
                       std::shared_ptr<grpc::Channel> services,
                       std::string public_url)
    : reads_(std::move(reads)),
      exports_(v1::ExportService::NewStub(std::move(services))),
      public_url_(std::move(public_url)) {
  while (!public_url_.empty() && public_url_.back() == '/') {
    public_url_.pop_back();
  }
}

std::string PrintPages::BaseUrl(const http::Request& request) const {
  if (!public_url_.empty()) return public_url_;
  const auto host = request.headers.find("host");
  if (host == request.headers.end() || !IsHost(host->second)) return "";
  return absl::StrCat("http://", host->second);
}

std::optional<absl::StatusOr<PrintAnswer>> PrintPages::Handle(
    const http::Request& request, const PageView& view,
    const std::vector<std::string>& parts) const {
  const size_t count = parts.size();
  if (count == 3 && parts[1] == "xlsx") {
    absl::StatusOr<http::Response> workbook =
        Spreadsheet(request, view, parts[2]);
    if (!workbook.ok()) return workbook.status();
    return WholeAnswer(*std::move(workbook));
  }
  if (count == 4 && parts[1] == "board") {
    absl::StatusOr<PageBody> page =
        BoardPage(request, view, parts[2], parts[3]);
    if (!page.ok()) return page.status();
    return PageAnswer(*std::move(page));
  }
  if (count == 2 && parts[1] == "print") {
    absl::StatusOr<PageBody> page = PrintIndexPage(
        *reads_, view, CardBaseFor(BaseUrl(request), public_url_.empty()));
    if (!page.ok()) return page.status();
    return PageAnswer(*std::move(page));
  }
  if (count < 3 || parts[1] != "print") return std::nullopt;
  const std::string& kind = parts[2];
  std::optional<std::string> ranking;
  if (count == 4) ranking = parts[3];
  absl::StatusOr<Printout> printout;
  if ((kind == "wall" || kind == "sheets" || kind == "cards") && count == 5) {
    absl::StatusOr<int> round = RoundNumber(parts[4]);
    if (!round.ok()) return round.status();
    const std::string& section = parts[3];
    absl::StatusOr<bool> folded = Folded(request);
    if (!folded.ok()) return folded.status();
    printout =
        kind == "wall" ? WallList(*reads_, view, section, *round)
        : kind == "sheets"
            ? ResultSheets(*reads_, view, section, *round)
            : TableCards(*reads_, view, section, *round,
                         CardBaseFor(BaseUrl(request), public_url_.empty()),
                         *folded);
  } else if (kind == "book" && count <= 4) {
    printout = ResultsBook(*reads_, view, ranking);
  } else if (kind == "certificates" && count <= 4) {
    printout = Certificates(*reads_, view, ranking);
  } else if (kind == "prizes" && count == 3) {
    printout = PrizeList(*reads_, view);
  } else {
    return std::nullopt;
  }
  if (!printout.ok()) return printout.status();
  return WholeAnswer(PrintLayout(view, *printout));
}

absl::StatusOr<PageBody> PrintPages::BoardPage(
    const http::Request& request, const PageView& view,
    const std::string& section_id, const std::string& board_text) const {
  absl::StatusOr<int> board = NumberFromOne("board", board_text);
  if (!board.ok()) return board.status();
  std::optional<int> round;
  if (const auto text = request.query.find("round");
      text != request.query.end()) {
    absl::StatusOr<int> number = RoundNumber(text->second);
    if (!number.ok()) return number.status();
    round = *number;
  }
  return web::BoardPage(*reads_, view, section_id, *board, round);
}

absl::StatusOr<http::Response> PrintPages::Spreadsheet(
    const http::Request& request, const PageView& view,
    const std::string& section_id) const {
  v1::ExportSpreadsheetRequest export_request;
  export_request.set_tournament_id(view.tournament_id);
  export_request.set_section_id(section_id);
  *export_request.mutable_read() = view.Read();
  if (const auto round = request.query.find("round");
      round != request.query.end()) {
    absl::StatusOr<int> number = RoundNumber(round->second);
    if (!number.ok()) return number.status();
    export_request.set_round(*number);
  }
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  v1::ExportSpreadsheetResponse workbook;
  const grpc::Status status =
      exports_->ExportSpreadsheet(&context, export_request, &workbook);
  if (!status.ok()) return base::FromGrpcStatus(status);
  std::string file_name = workbook.file_name();
  for (char& c : file_name) {
    if (!absl::ascii_isalnum(c) && c != '-' && c != '_' && c != '.') c = '_';
  }
  http::Response response;
  response.content_type = kXlsxType;
  response.headers.emplace_back(
      "Content-Disposition",
      absl::StrCat("attachment; filename=\"", file_name, "\""));
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.body = std::move(*workbook.mutable_xlsx());
  return response;
}

}  // namespace qiwang::web
