// Certificates for TLS tests, made at test time by the openssl command: a
// CA, a server certificate it signs for localhost and 127.0.0.1, and an
// unrelated CA that a wrong client trusts. Nothing is checked in.
#ifndef QIWANG_TESTS_E2E_TEST_CERTIFICATES_H_
#define QIWANG_TESTS_E2E_TEST_CERTIFICATES_H_

#include <string>

namespace qiwang::e2e {

// Paths of PEM files in the folder given to MakeTestCertificates.
struct TestCertificates {
  std::string ca;           // the CA that signed `server_cert`
  std::string other_ca;     // a CA that signed nothing here
  std::string server_cert;  // CN=localhost, SAN localhost and 127.0.0.1
  std::string server_key;   // mode 0600
  std::string error;        // empty on success; else what openssl said
};

// Writes the files into `dir` (which must exist) with /usr/bin/openssl.
TestCertificates MakeTestCertificates(const std::string& dir);

// The contents of a file, or "" if it cannot be read.
std::string ReadPemFile(const std::string& path);

}  // namespace qiwang::e2e

#endif  // QIWANG_TESTS_E2E_TEST_CERTIFICATES_H_
