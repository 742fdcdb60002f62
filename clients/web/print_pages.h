// The printouts (issue 16 §3) and the spreadsheet download (§4) as public
// pages: public facts only, so no token. PublicPages' route table calls
// these for the paths below; a printout is a whole HTML page with its A4 print
// stylesheet (static/print.css), readable on screen too.
//
//   /t/ID/print/wall/SECTION/ROUND         the pairing list for the wall
//   /t/ID/print/sheets/SECTION/ROUND       result sheets, one per board
//   /t/ID/print/cards/SECTION/ROUND        table cards with QR codes
//   /t/ID/print/book[/RANKING]             results book (成绩册)
//   /t/ID/print/prizes                     prize list, national-final places
//   /t/ID/print/certificates[/RANKING]     荣誉证书, one per prize winner
//   /t/ID/xlsx/SECTION[?round=N]           ExportSpreadsheet's workbook
//   /t/ID/print                            the list of them (public layout)
//   /t/ID/board/SECTION/N[?round=R]        a table card's QR target: board N
//                                          of the round in play (layout)
// Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_PRINT_PAGES_H_
#define QIWANG_CLIENTS_WEB_PRINT_PAGES_H_

#include <grpcpp/channel.h>

#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "clients/web/page_view.h"
#include "clients/web/pages.h"
#include "clients/web/read_client.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/http/handler.h"

namespace qiwang::web {

// The printouts of one round.
enum class RoundPrintout { kWall, kSheets, kCards };

class PrintPages {
 public:
  // `public_url` ("https://qiwang.example.cn", no trailing slash) is what
  // table cards' QR codes point at; empty: the request's Host header.
  PrintPages(std::shared_ptr<ReadClient> reads,
             std::shared_ptr<grpc::Channel> services, std::string public_url);

  // The list of printouts, for the public layout.
  absl::StatusOr<PageBody> Index(const http::Request& request,
                                 const PageView& view) const;
  // The printouts below as whole pages in the print layout; `round_text` and
  // ?fold=1 as the reader typed them.
  absl::StatusOr<http::Response> Round(RoundPrintout kind,
                                       const http::Request& request,
                                       const PageView& view,
                                       const std::string& section_id,
                                       const std::string& round_text) const;
  absl::StatusOr<http::Response> Book(
      const PageView& view, const std::optional<std::string>& ranking) const;
  absl::StatusOr<http::Response> Certificates(
      const PageView& view, const std::optional<std::string>& ranking) const;
  absl::StatusOr<http::Response> Prizes(const PageView& view) const;
  // A table card's QR target, for the public layout.
  absl::StatusOr<PageBody> BoardPage(const http::Request& request,
                                     const PageView& view,
                                     const std::string& section_id,
                                     const std::string& board_text) const;
  absl::StatusOr<http::Response> Spreadsheet(
      const http::Request& request, const PageView& view,
      const std::string& section_id) const;

  // The base of the URLs printed on paper: public_url, else from Host.
  std::string BaseUrl(const http::Request& request) const;

 private:
  std::shared_ptr<ReadClient> reads_;
  std::unique_ptr<v1::ExportService::Stub> exports_;
  std::string public_url_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PRINT_PAGES_H_
