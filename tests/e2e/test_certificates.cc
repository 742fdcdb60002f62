#include "tests/e2e/test_certificates.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "tests/e2e/subprocess.h"

namespace qiwang::e2e {
namespace {

constexpr char kOpenssl[] = "/usr/bin/openssl";

// Runs openssl with `args`; answers "" or the command and its stderr.
std::string Openssl(std::vector<std::string> args) {
  args.insert(args.begin(), kOpenssl);
  const ProcessResult result = RunProcess(args, {}, absl::Seconds(60));
  if (result.exit_code == 0) return "";
  std::string command;
  for (const std::string& arg : args) command += arg + " ";
  return command + "failed: " + result.err;
}

// A self-signed CA certificate and its key, both PEM.
std::string MakeCa(const std::string& stem, const std::string& name) {
  return Openssl({"req", "-x509", "-newkey", "ec", "-pkeyopt",
                  "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                  stem + ".key", "-out", stem + ".pem", "-days", "2", "-subj",
                  "/CN=" + name});
}

}  // namespace

TestCertificates MakeTestCertificates(const std::string& dir) {
  TestCertificates files;
  files.ca = dir + "/ca.pem";
  files.other_ca = dir + "/other-ca.pem";
  files.server_cert = dir + "/server.pem";
  files.server_key = dir + "/server.key";
  const std::string extensions = dir + "/server.ext";
  std::ofstream(extensions) << "subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                            << "extendedKeyUsage=serverAuth\n";
  for (const std::string& step : {
           MakeCa(dir + "/ca", "qiwang test CA"),
           MakeCa(dir + "/other-ca", "someone else's CA"),
           Openssl({"req", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                    files.server_key, "-out", dir + "/server.csr", "-subj",
                    "/CN=localhost"}),
           Openssl({"x509", "-req", "-in", dir + "/server.csr", "-CA", files.ca,
                    "-CAkey", dir + "/ca.key", "-CAcreateserial", "-out",
                    files.server_cert, "-days", "2", "-extfile", extensions}),
       }) {
    if (!step.empty()) {
      files.error = step;
      return files;
    }
  }
  chmod(files.server_key.c_str(), 0600);
  return files;
}

std::string ReadPemFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace qiwang::e2e
