// The printouts (issue 16 §3) and the spreadsheet download (§4) as public
// pages: public facts only, so no token. PublicPages dispatches these paths
// here; a printout is a whole HTML page with its A4 print stylesheet
// (static/print.css), readable on screen too.
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
#include <vector>

#include "absl/status/statusor.h"
#include "clients/web/page_view.h"
#include "clients/web/pages.h"
#include "clients/web/read_client.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/http/handler.h"

namespace qiwang::web {

// A page for the public layout, or a whole response of its own.
struct PrintAnswer {
  std::optional<PageBody> page;
  std::optional<http::Response> whole;
};

class PrintPages {
 public:
  // `public_url` ("https://qiwang.example.cn", no trailing slash) is what
  // table cards' QR codes point at; empty: the request's Host header.
  PrintPages(std::shared_ptr<ReadClient> reads,
             std::shared_ptr<grpc::Channel> services, std::string public_url);

  // The answer for `parts` (the path after /t/, split at '/': ID, then
  // "print", "xlsx" or "board", ...), or nullopt when they name none.
  std::optional<absl::StatusOr<PrintAnswer>> Handle(
      const http::Request& request, const PageView& view,
      const std::vector<std::string>& parts) const;

  // The base of the URLs printed on paper: public_url, else from Host.
  std::string BaseUrl(const http::Request& request) const;

 private:
  absl::StatusOr<PageBody> BoardPage(const http::Request& request,
                                     const PageView& view,
                                     const std::string& section_id,
                                     const std::string& board_text) const;
  absl::StatusOr<http::Response> Spreadsheet(
      const http::Request& request, const PageView& view,
      const std::string& section_id) const;

  std::shared_ptr<ReadClient> reads_;
  std::unique_ptr<v1::ExportService::Stub> exports_;
  std::string public_url_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PRINT_PAGES_H_
