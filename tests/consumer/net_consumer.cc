// tests/consumer/net_consumer.cc — an application outside the project that
// uses an installed groundgate_net: it creates the OpenAI-compatible client
// (which links libcurl's HTTP code) and a gate, and checks that a bad option
// is refused. It sends nothing: no server is needed. Built by
// tests/consumer/run.sh with `pkg-config groundgate-net`, with and without
// --static.
#include <cstdio>

#include "groundgate/groundgate.h"
#include "groundgate/openai_client.h"

int main() {
  absl::StatusOr<groundgate::Gate> gate = groundgate::Gate::Create({});
  if (!gate.ok()) return 1;
  auto client = groundgate::OpenAiCompatibleClient::Create(
      {.base_url = "http://127.0.0.1:9/v1", .model = "m", .api_key_env = ""});
  if (!client.ok()) {
    std::fprintf(stderr, "%s\n", client.status().ToString().c_str());
    return 1;
  }
  // No base_url: refused, and the message names the option.
  auto refused = groundgate::OpenAiCompatibleClient::Create({.model = "m"});
  if (refused.ok() ||
      refused.status().message().find("base_url") == absl::string_view::npos) {
    std::fprintf(stderr, "an empty base_url was not refused\n");
    return 1;
  }
  std::printf("client created; an empty base_url refused\n");
  return 0;
}
