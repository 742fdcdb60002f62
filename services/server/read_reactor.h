#ifndef QIWANG_SERVICES_SERVER_READ_REACTOR_H_
#define QIWANG_SERVICES_SERVER_READ_REACTOR_H_

#include <grpcpp/support/server_callback.h>

#include <cstddef>
#include <vector>

#include "qiwang/v1/event_log_service.pb.h"
#include "store/event_log.h"

namespace qiwang::server {

inline constexpr uint32_t kDefaultReadLimit = 1000;
inline constexpr uint32_t kMaxReadLimit = 10000;

// One EventLogService.Read call: reads the requested records from the store
// once, then writes them one at a time and finishes. A record that does not
// parse ends the stream with DATA_LOSS after the records before it.
// Created by the service for gRPC, which owns it until OnDone.
class ReadReactor : public grpc::ServerWriteReactor<v1::ReadResponse> {
 public:
  ReadReactor(const store::EventLog& log, const v1::ReadRequest& request);

  void OnWriteDone(bool ok) override;
  void OnDone() override;

 private:
  void WriteNextOrFinish();
  // Finish, told to TSan as a hand-off to the thread that runs OnDone.
  void FinishWith(const grpc::Status& status);

  std::vector<store::Record> records_;
  size_t next_ = 0;
  v1::ReadResponse response_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_READ_REACTOR_H_
