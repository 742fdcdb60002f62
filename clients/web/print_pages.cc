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
absl::StatusOr<http::Response> PrintLayout(
    const PageView& view, const absl::StatusOr<Printout>& printout) {
  if (!printout.ok()) return printout.status();
  Data data = PageData(view);
  data.set("title", printout->title);
  data.set("body", printout->html);
  data.set("print_link", view.TournamentLink("/print"));
  http::Response response;
  response.body = RenderTemplate("print_layout", data);
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("Content-Language", "zh-CN, en");
  return response;
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

absl::StatusOr<PageBody> PrintPages::Index(const http::Request& request,
                                           const PageView& view) const {
  return PrintIndexPage(*reads_, view,
                        CardBaseFor(BaseUrl(request), public_url_.empty()));
}

absl::StatusOr<http::Response> PrintPages::Round(
    RoundPrintout kind, const http::Request& request, const PageView& view,
    const std::string& section_id, const std::string& round_text) const {
  absl::StatusOr<int> round = RoundNumber(round_text);
  if (!round.ok()) return round.status();
  absl::StatusOr<bool> folded = Folded(request);
  if (!folded.ok()) return folded.status();
  absl::StatusOr<Printout> printout;
  switch (kind) {
    case RoundPrintout::kWall:
      printout = WallList(*reads_, view, section_id, *round);
      break;
    case RoundPrintout::kSheets:
      printout = ResultSheets(*reads_, view, section_id, *round);
      break;
    case RoundPrintout::kCards:
      printout = TableCards(*reads_, view, section_id, *round,
                            CardBaseFor(BaseUrl(request), public_url_.empty()),
                            *folded);
      break;
  }
  return PrintLayout(view, printout);
}

absl::StatusOr<http::Response> PrintPages::Book(
    const PageView& view, const std::optional<std::string>& ranking) const {
  return PrintLayout(view, ResultsBook(*reads_, view, ranking));
}

absl::StatusOr<http::Response> PrintPages::Certificates(
    const PageView& view, const std::optional<std::string>& ranking) const {
  return PrintLayout(view, web::Certificates(*reads_, view, ranking));
}

absl::StatusOr<http::Response> PrintPages::Prizes(const PageView& view) const {
  return PrintLayout(view, PrizeList(*reads_, view));
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
