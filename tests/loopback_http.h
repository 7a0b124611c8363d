// tests/loopback_http.h — a tiny HTTP/1.1 server on 127.0.0.1, for tests.
//
// Its one job: stand in for a model endpoint or a collector. It listens on an
// ephemeral port of the loopback interface, on a thread of its own, serves
// one request at a time, passes every parsed request to the test's handler
// and records it. By default each connection is closed after its one
// response; with LoopbackOptions::keep_alive a connection stays open for
// the client's next request (HTTP/1.1 persistent connections) until the
// client closes it or sends "Connection: close", and connection_count() says
// how many connections were accepted. A reply can be delayed (the wait ends
// early when the client hangs up or the server stops), replaced by bytes
// that are not HTTP, or dropped by closing the connection.
//
// A reply may also stream: its pieces go out as the chunks of a chunked
// body, with a pause between them, ending well, stalling or cut off.
//
// What it does NOT do: pipelining (a request sent before the previous
// response is lost), chunked request bodies, TLS, or listen anywhere but
// 127.0.0.1. Every wait polls with a short timeout, so the destructor stops the
// thread promptly whatever the handler asked for.
//
//   groundgate::testing::LoopbackHttpServer server(
//       [](const groundgate::testing::LoopbackRequest& request) {
//         return groundgate::testing::LoopbackReply::Json(R"({"ok":true})");
//       });
//   REQUIRE(server.listening());
//   // send to server.url() + "/v1/chat/completions"; read server.requests()
#ifndef GROUNDGATE_TESTS_LOOPBACK_HTTP_H_
#define GROUNDGATE_TESTS_LOOPBACK_HTTP_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace groundgate::testing {

struct LoopbackRequest {
  std::string method;
  std::string path;  // the request target: "/v1/chat/completions"
  std::vector<std::pair<std::string, std::string>> headers;  // as sent
  std::string body;

  // The first header named `name` (ASCII case-insensitive), or nullopt.
  [[nodiscard]] std::optional<std::string> Header(std::string_view name) const {
    for (const auto& [key, value] : headers) {
      if (key.size() != name.size()) continue;
      bool same = true;
      for (std::size_t i = 0; i < key.size() && same; ++i) {
        same = Lower(key[i]) == Lower(name[i]);
      }
      if (same) return value;
    }
    return std::nullopt;
  }

  static char Lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
};

enum class LoopbackMode {
  kRespond,  // a well-formed response
  kGarbage,  // bytes that are not an HTTP response, then close
  kClose,    // close the connection without a byte
};

struct LoopbackReply {
  int status = 200;
  // Sent as given; the server adds Content-Length and Connection: close.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // Wait this long before answering; ends early when the client hangs up.
  std::chrono::milliseconds delay{0};
  LoopbackMode mode = LoopbackMode::kRespond;
  // A streamed body: when non-empty, `body` is ignored and these go out as
  // the chunks of a "Transfer-Encoding: chunked" body, one write each, with
  // piece_delay before each but the first, so a client reads them as they
  // come. After the last: the closing chunk (kEnd), nothing until the
  // client hangs up or the server stops (kStall), or a closed connection
  // with no closing chunk (kCut).
  enum class StreamEnd { kEnd, kStall, kCut };
  std::vector<std::string> pieces;
  std::chrono::milliseconds piece_delay{0};
  StreamEnd stream_end = StreamEnd::kEnd;

  // A server-sent-events reply made of `pieces`.
  static LoopbackReply Events(std::vector<std::string> pieces) {
    LoopbackReply reply;
    reply.headers = {{"Content-Type", "text/event-stream"}};
    reply.pieces = std::move(pieces);
    return reply;
  }

  static LoopbackReply Json(std::string body, int status = 200) {
    LoopbackReply reply;
    reply.status = status;
    reply.headers = {{"Content-Type", "application/json"}};
    reply.body = std::move(body);
    return reply;
  }
};

struct LoopbackOptions {
  // Keep each connection open after a response, as real endpoints do.
  // Default: off (every response says "Connection: close").
  bool keep_alive = false;
};

class LoopbackHttpServer {
 public:
  using Handler = std::function<LoopbackReply(const LoopbackRequest&)>;

  // Binds 127.0.0.1 on an ephemeral port and starts serving. On failure
  // listening() is false and nothing runs.
  explicit LoopbackHttpServer(Handler handler)
      : LoopbackHttpServer(std::move(handler), LoopbackOptions{}) {}
  LoopbackHttpServer(Handler handler, LoopbackOptions options)
      : handler_(std::move(handler)), options_(options) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listen_fd_ < 0) return;
    const int yes = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof(address);
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address),
               sizeof(address)) != 0 ||
        ::listen(listen_fd_, 16) != 0 ||
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address),
                      &length) != 0) {
      ::close(listen_fd_);
      listen_fd_ = -1;
      return;
    }
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { Serve(); });
  }

  ~LoopbackHttpServer() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
    if (listen_fd_ >= 0) ::close(listen_fd_);
  }

  LoopbackHttpServer(const LoopbackHttpServer&) = delete;
  LoopbackHttpServer& operator=(const LoopbackHttpServer&) = delete;

  [[nodiscard]] bool listening() const { return listen_fd_ >= 0; }
  [[nodiscard]] int port() const { return port_; }
  // "http://127.0.0.1:<port>", no trailing slash.
  [[nodiscard]] std::string url() const {
    return "http://127.0.0.1:" + std::to_string(port_);
  }

  // Every request received so far, in arrival order (recorded before the
  // handler runs).
  [[nodiscard]] std::vector<LoopbackRequest> requests() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_;
  }
  [[nodiscard]] std::size_t request_count() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_.size();
  }
  // The TCP connections accepted so far.
  [[nodiscard]] std::size_t connection_count() const {
    return connections_.load();
  }
  // Waits until at least `count` requests have arrived; false on timeout.
  [[nodiscard]] bool WaitForRequests(std::size_t count,
                                     std::chrono::milliseconds timeout) const {
    std::unique_lock<std::mutex> lock(mutex_);
    return arrived_.wait_for(lock, timeout,
                             [&] { return requests_.size() >= count; });
  }

 private:
  // How long each wait may block before looking at stop_.
  static constexpr int kPollMs = 20;
  // A client that sends nothing for this long is dropped.
  static constexpr auto kIdleLimit = std::chrono::seconds(10);
  // A request head larger than this is dropped: tests send a few hundred.
  static constexpr std::size_t kMaxHeadBytes = 64 << 10;

  void Serve() {
    // The kept connections (keep_alive only), each waiting for its next
    // request.
    std::vector<int> open;
    while (!stop_.load()) {
      std::vector<pollfd> watched{{listen_fd_, POLLIN, 0}};
      for (const int fd : open) watched.push_back({fd, POLLIN, 0});
      const int ready =
          ::poll(watched.data(), static_cast<nfds_t>(watched.size()), kPollMs);
      if (ready <= 0) continue;
      std::vector<int> still_open;
      for (std::size_t i = 1; i < watched.size(); ++i) {
        const int fd = watched[i].fd;
        if (watched[i].revents == 0) {
          still_open.push_back(fd);
        } else if (ServeRequest(fd)) {
          still_open.push_back(fd);
        } else {
          ::close(fd);  // the client closed, or the reply ends it
        }
      }
      open = std::move(still_open);
      if ((watched[0].revents & POLLIN) == 0) continue;
      const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) continue;
      connections_.fetch_add(1);
      if (ServeRequest(fd) && options_.keep_alive) {
        open.push_back(fd);
      } else {
        ::close(fd);
      }
    }
    for (const int fd : open) ::close(fd);
  }

  // Waits for `events` on `fd`; false when stopped, idle too long, or the
  // socket failed.
  bool WaitFor(int fd, short events) {
    const auto give_up = std::chrono::steady_clock::now() + kIdleLimit;
    while (!stop_.load() && std::chrono::steady_clock::now() < give_up) {
      pollfd p{fd, events, 0};
      const int ready = ::poll(&p, 1, kPollMs);
      if (ready < 0 && errno != EINTR) return false;
      if (ready > 0) return (p.revents & (events | POLLHUP | POLLERR)) != 0;
    }
    return false;
  }

  // Appends what `fd` has to `buffer`; false on close or error.
  bool ReadSome(int fd, std::string& buffer) {
    if (!WaitFor(fd, POLLIN)) return false;
    char chunk[4096];
    const ssize_t got = ::recv(fd, chunk, sizeof(chunk), 0);
    if (got <= 0) return false;
    buffer.append(chunk, static_cast<std::size_t>(got));
    return true;
  }

  bool WriteAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
      if (!WaitFor(fd, POLLOUT)) return false;
      const ssize_t sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent < 0 && errno == EINTR) continue;
      if (sent <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return true;
  }

  // Sleeps for `delay`; returns false early when stopped or when the client
  // hung up (so a client that gave up does not hold the server).
  bool Delay(int fd, std::chrono::milliseconds delay) {
    const auto until = std::chrono::steady_clock::now() + delay;
    while (std::chrono::steady_clock::now() < until) {
      if (stop_.load()) return false;
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, kPollMs) > 0) {
        char chunk[512];
        const ssize_t got = ::recv(fd, chunk, sizeof(chunk), MSG_DONTWAIT);
        if (got == 0) return false;  // the client closed
        if (got < 0 && errno != EAGAIN && errno != EINTR) return false;
      }
    }
    return true;
  }

  static std::string_view TrimSpaces(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
      s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
      s.remove_suffix(1);
    }
    return s;
  }

  // Reads one request on `fd` and answers it; true when the connection
  // stays open for another (keep_alive, and neither side closes it).
  bool ServeRequest(int fd) {
    std::string buffer;
    std::size_t head_end = std::string::npos;
    while ((head_end = buffer.find("\r\n\r\n")) == std::string::npos) {
      if (buffer.size() > kMaxHeadBytes || !ReadSome(fd, buffer)) return false;
    }
    LoopbackRequest request;
    const std::string_view head(buffer.data(), head_end);
    std::size_t line_end = head.find("\r\n");
    const std::string_view request_line = head.substr(0, line_end);
    const std::size_t first_space = request_line.find(' ');
    const std::size_t second_space = request_line.find(' ', first_space + 1);
    if (first_space == std::string_view::npos ||
        second_space == std::string_view::npos) {
      return false;
    }
    request.method = std::string(request_line.substr(0, first_space));
    request.path = std::string(
        request_line.substr(first_space + 1, second_space - first_space - 1));
    std::size_t content_length = 0;
    bool expect_continue = false;
    while (line_end != std::string_view::npos) {
      const std::size_t start = line_end + 2;
      line_end = head.find("\r\n", start);
      const std::string_view line = head.substr(
          start, line_end == std::string_view::npos ? std::string_view::npos
                                                    : line_end - start);
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) continue;
      request.headers.emplace_back(
          std::string(TrimSpaces(line.substr(0, colon))),
          std::string(TrimSpaces(line.substr(colon + 1))));
    }
    if (std::optional<std::string> length = request.Header("Content-Length")) {
      try {
        content_length = std::stoul(*length);
      } catch (const std::exception&) {
        return false;
      }
    }
    if (std::optional<std::string> expect = request.Header("Expect")) {
      expect_continue = !expect->empty();
    }
    if (expect_continue && !WriteAll(fd, "HTTP/1.1 100 Continue\r\n\r\n")) {
      return false;
    }
    request.body = buffer.substr(head_end + 4);
    while (request.body.size() < content_length) {
      if (!ReadSome(fd, request.body)) return false;
    }
    request.body.resize(content_length);

    {
      std::lock_guard<std::mutex> lock(mutex_);
      requests_.push_back(request);
    }
    arrived_.notify_all();

    LoopbackReply reply;
    try {
      reply = handler_(request);
    } catch (const std::exception& e) {
      reply = LoopbackReply{};
      reply.status = 500;
      reply.body = std::string("the test handler threw: ") + e.what();
    }
    if (reply.delay.count() > 0 && !Delay(fd, reply.delay)) return false;
    switch (reply.mode) {
      case LoopbackMode::kClose:
        return false;
      case LoopbackMode::kGarbage:
        WriteAll(fd, "\x01\x02 this is not an HTTP response \xff\r\n\r\n");
        return false;
      case LoopbackMode::kRespond:
        break;
    }
    std::string response = "HTTP/1.1 " + std::to_string(reply.status) +
                           (reply.status == 200 ? " OK" : " Status") + "\r\n";
    for (const auto& [name, value] : reply.headers) {
      response += name + ": " + value + "\r\n";
    }
    std::string connection = request.Header("Connection").value_or("");
    for (char& c : connection) c = LoopbackRequest::Lower(c);
    const bool keep = options_.keep_alive && connection != "close";
    if (!reply.pieces.empty()) return Stream(fd, response, reply, keep);
    response += "Content-Length: " + std::to_string(reply.body.size()) +
                (keep ? "\r\nConnection: keep-alive\r\n\r\n"
                      : "\r\nConnection: close\r\n\r\n");
    response += reply.body;
    return WriteAll(fd, response) && keep;
  }

  // Writes a chunked body piece by piece (LoopbackReply::pieces).
  bool Stream(int fd, std::string head, const LoopbackReply& reply, bool keep) {
    head += keep
                ? "Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n"
                : "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    if (!WriteAll(fd, head)) return false;
    for (std::size_t i = 0; i < reply.pieces.size(); ++i) {
      if (i > 0 && reply.piece_delay.count() > 0 &&
          !Delay(fd, reply.piece_delay)) {
        return false;
      }
      const std::string& piece = reply.pieces[i];
      if (piece.empty()) continue;  // an empty chunk would end the body
      char size[32];
      std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
      if (!WriteAll(fd, std::string(size) + piece + "\r\n")) return false;
    }
    switch (reply.stream_end) {
      case LoopbackReply::StreamEnd::kEnd:
        return WriteAll(fd, "0\r\n\r\n") && keep;
      case LoopbackReply::StreamEnd::kStall:
        Delay(fd, kIdleLimit);
        return false;
      case LoopbackReply::StreamEnd::kCut:
        return false;
    }
    return false;
  }

  Handler handler_;
  LoopbackOptions options_;
  std::atomic<std::size_t> connections_{0};
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  mutable std::mutex mutex_;
  mutable std::condition_variable arrived_;
  std::vector<LoopbackRequest> requests_;
};

}  // namespace groundgate::testing

#endif  // GROUNDGATE_TESTS_LOOPBACK_HTTP_H_
