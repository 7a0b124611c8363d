// tests/bench/inventory_fixture.cc — realistic tool results for benchmarks.
//
// Its one job: build the storage-operations JSON and the answer declared in
// inventory_fixture.h, byte for byte the same on every run and platform.
//
// What it does NOT do: escape strings (every string it writes is plain ASCII
// without quotes or backslashes), or model a real product's exact schema.
#include "tests/bench/inventory_fixture.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"

namespace groundgate::bench {
namespace {

// SplitMix64: tiny, fast, and fully specified, unlike std:: distributions.
class DeterministicRng {
 public:
  explicit DeterministicRng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t Below(std::uint64_t n) { return Next() % n; }
  template <typename T, std::size_t N>
  const T& Pick(const std::array<T, N>& items) {
    return items[Below(N)];
  }

 private:
  std::uint64_t state_;
};

// Ports per switch: an MDS 9148S has 48.
constexpr int kPortsPerSwitch = 48;
// The port of switch 0 whose values InventoryFacts reports.
constexpr int kFactPort = 3;
// Shares of the document: switches first, then volumes, then events.
constexpr std::size_t kSwitchSharePercent = 60;
constexpr std::size_t kVolumeSharePercent = 85;

constexpr std::array<const char*, 4> kSiteNames = {"east", "west", "north",
                                                   "central"};
constexpr std::array<const char*, 3> kWwpnFifthBytes = {"3b", "3c", "3d"};
constexpr std::array<const char*, 4> kSfpParts = {
    "FTLF8529P4BCV-C1", "AFBR-57F5MZ-CS1", "FTLF8532P4BCV", "DS-SFP-FC32G-SW"};
constexpr std::array<const char*, 5> kDbNames = {
    "ora_prod_data", "sql_fin_logs", "vdi_pool", "k8s_pv", "backup_stage"};
constexpr std::array<const char*, 4> kArrays = {
    "pure-fa-x70-02", "netapp-a400-01", "vnx-5600-03", "powerstore-1200t-01"};
constexpr std::array<const char*, 4> kSeverities = {"info", "warning", "error",
                                                    "notice"};
constexpr std::array<const char*, 4> kHostRoles = {"esx-host", "ora-rac",
                                                   "sql-node", "k8s-worker"};

std::string Pad2(std::uint64_t value) {
  return value < 10 ? absl::StrCat("0", value) : absl::StrCat(value);
}

std::string Hex2(std::uint64_t byte) {
  constexpr std::string_view kDigits = "0123456789abcdef";
  return {kDigits[(byte >> 4) & 0xf], kDigits[byte & 0xf]};
}

std::string HexBytes(DeterministicRng& rng, int count, std::string_view sep) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += sep;
    out += Hex2(rng.Below(256));
  }
  return out;
}

// A timestamp in May 2024, optionally with milliseconds.
std::string Timestamp(DeterministicRng& rng, bool millis) {
  std::string out = absl::StrCat("2024-05-", Pad2(1 + rng.Below(15)), "T",
                                 Pad2(rng.Below(24)), ":", Pad2(rng.Below(60)),
                                 ":", Pad2(rng.Below(60)));
  if (millis) absl::StrAppend(&out, ".", 100 + rng.Below(900));
  out += 'Z';
  return out;
}

// "-2.41" from hundredths.
std::string Hundredths(std::int64_t hundredths) {
  const bool negative = hundredths < 0;
  const std::uint64_t magnitude =
      static_cast<std::uint64_t>(negative ? -hundredths : hundredths);
  return absl::StrCat(negative ? "-" : "", magnitude / 100, ".",
                      Pad2(magnitude % 100));
}

std::string HostName(DeterministicRng& rng) {
  return absl::StrCat(rng.Pick(kHostRoles), "-", 100 + rng.Below(900),
                      ".prod.example.net");
}

void AppendPort(DeterministicRng& rng, const std::string& switch_name,
                int domain, int index, bool is_fact, InventoryFacts* facts,
                std::string* out) {
  const std::string name = absl::StrCat("fc1/", index);
  const std::string wwpn = absl::StrCat(
      "50:06:01:60:", rng.Pick(kWwpnFifthBytes), ":", HexBytes(rng, 3, ":"));
  const std::string peer_wwpn =
      absl::StrCat("21:00:00:24:ff:", HexBytes(rng, 3, ":"));
  const std::string fcid = absl::StrCat("0x", Hex2(domain), Hex2(index), "00");
  const std::string peer = HostName(rng);
  const std::uint64_t roll = rng.Below(100);
  const std::string state =
      is_fact || roll < 6 ? "down" : (roll < 12 ? "degraded" : "up");
  const int speed = rng.Below(2) == 0 ? 16 : 32;
  const std::uint64_t rx_frames = 1'000'000 + rng.Below(900'000'000'000ULL);
  const std::uint64_t tx_frames = 1'000'000 + rng.Below(900'000'000'000ULL);
  const std::uint64_t crc = is_fact         ? 10'000 + rng.Below(90'000)
                            : state == "up" ? rng.Below(40)
                                            : rng.Below(250'000);
  const std::uint64_t link_failures = rng.Below(12);
  const std::uint64_t invalid_tx_words = rng.Below(5'000);
  const std::int64_t rx_power =
      -(120 + static_cast<std::int64_t>(rng.Below(900)));
  const std::int64_t tx_power =
      -(100 + static_cast<std::int64_t>(rng.Below(250)));
  const std::string last_change = Timestamp(rng, false);
  const std::string sfp_serial =
      absl::StrCat("FNS", 20000000 + rng.Below(9000000));

  std::string message;
  if (state == "up") {
    message =
        absl::StrCat("Link up at ", speed, " Gbps; ", link_failures,
                     " link resets since 2024-05-01, last at ",
                     Pad2(rng.Below(24)), ":", Pad2(rng.Below(60)), " UTC.");
  } else if (state == "down") {
    message = absl::StrCat("Link failure: loss of signal on ", name, " after ",
                           WithThousands(crc), " CRC errors; peer ", peer_wwpn,
                           " logged out at ", last_change, ".");
  } else {
    message = absl::StrCat("Rx power ", Hundredths(rx_power),
                           " dBm is below the -10.00 dBm alarm threshold; SFP ",
                           rng.Pick(kSfpParts), " serial ", sfp_serial,
                           " should be replaced by the on-call engineer.");
  }

  absl::StrAppend(
      out, "{\"name\":\"", name, "\",\"index\":", index, ",\"state\":\"", state,
      "\",\"admin_state\":\"enabled\",\"speed_gbps\":", speed, ",\"wwpn\":\"",
      wwpn, "\",\"fcid\":\"", fcid, "\",\"peer\":{\"host\":\"", peer,
      "\",\"wwpn\":\"", peer_wwpn, "\"},\"vsan\":", 100 + rng.Below(4) * 100);
  absl::StrAppend(
      out, ",\"sfp\":{\"part\":\"", rng.Pick(kSfpParts), "\",\"serial\":\"",
      sfp_serial, "\",\"rx_power_dbm\":", Hundredths(rx_power),
      ",\"tx_power_dbm\":", Hundredths(tx_power),
      ",\"temperature_c\":", 30 + rng.Below(20), ".", rng.Below(10), "}");
  absl::StrAppend(out, ",\"counters\":{\"rx_frames\":", rx_frames,
                  ",\"tx_frames\":", tx_frames, ",\"crc_errors\":", crc,
                  ",\"link_failures\":", link_failures,
                  ",\"invalid_tx_words\":", invalid_tx_words,
                  "},\"last_change\":\"", last_change,
                  "\",\"status_message\":\"", message, "\",\"switch\":\"",
                  switch_name, "\"}");
  if (is_fact) {
    facts->port = name;
    facts->port_wwpn = wwpn;
    facts->fcid = fcid;
    facts->peer = peer;
    facts->last_change = last_change;
    facts->crc_errors = crc;
    facts->rx_frames = rx_frames;
  }
}

void AppendSwitch(DeterministicRng& rng, const std::string& site, int number,
                  InventoryFacts* facts, std::string* out) {
  const std::string hostname =
      absl::StrCat("mds-9148s-a", Pad2(number % 100), "-", number / 100, ".",
                   site, ".example.net");
  const std::string serial =
      absl::StrCat("JPG", 2100000 + rng.Below(900000),
                   std::string(1, static_cast<char>('A' + rng.Below(26))));
  const int domain = 1 + static_cast<int>(rng.Below(239));
  absl::StrAppend(out, "{\"hostname\":\"", hostname, "\",\"serial\":\"", serial,
                  "\",\"model\":\"MDS 9148S\",\"firmware\":\"8.4(2c)\",",
                  "\"switch_wwn\":\"20:00:00:3a:9c:", HexBytes(rng, 3, ":"),
                  "\",\"domain_id\":", domain,
                  ",\"uptime_s\":", 86400 + rng.Below(40'000'000),
                  ",\"ports\":[");
  for (int p = 1; p <= kPortsPerSwitch; ++p) {
    if (p > 1) *out += ',';
    AppendPort(rng, hostname, domain, p, number == 0 && p == kFactPort, facts,
               out);
  }
  *out += "]}";
  if (number == 0) {
    facts->hostname = hostname;
    facts->serial = serial;
  }
}

void AppendVolume(DeterministicRng& rng, int number, InventoryFacts* facts,
                  std::string* out) {
  const std::string id = absl::StrCat("vol-", HexBytes(rng, 6, ""));
  const std::string name =
      absl::StrCat(rng.Pick(kDbNames), "_", Pad2(number % 100));
  const char* const array = rng.Pick(kArrays);
  const std::uint64_t size_bytes = (1 + rng.Below(64)) * 1024ULL * 1024 * 1024 *
                                   (number == 0 ? 1024 : 1 + rng.Below(1024));
  const std::uint64_t used_pct_tenths = 50 + rng.Below(950);
  const std::uint64_t iops_tenths =
      number == 0 ? 100'000 + rng.Below(900'000) : rng.Below(2'000'000);
  absl::StrAppend(out, "{\"id\":\"", id, "\",\"name\":\"", name,
                  "\",\"array\":\"", array, "\",\"pool\":\"pool-gold-",
                  1 + rng.Below(4), "\",\"size_bytes\":", size_bytes,
                  ",\"used_pct\":", used_pct_tenths / 10, ".",
                  used_pct_tenths % 10, ",\"iops\":", iops_tenths / 10, ".",
                  iops_tenths % 10, ",\"latency_ms\":",
                  Hundredths(static_cast<std::int64_t>(20 + rng.Below(400))),
                  ",\"snapshots\":", rng.Below(40), ",\"created\":\"",
                  Timestamp(rng, false), "\",\"naa\":\"naa.624a9370",
                  HexBytes(rng, 12, ""), "\",\"hosts\":[");
  const std::uint64_t hosts = 1 + rng.Below(4);
  for (std::uint64_t h = 0; h < hosts; ++h) {
    absl::StrAppend(out, h > 0 ? "," : "", "\"", HostName(rng), "\"");
  }
  *out += "]}";
  if (number == 0) {
    facts->volume_id = id;
    facts->volume_name = name;
    facts->array = std::string(array);
    facts->size_bytes = size_bytes;
    facts->iops_tenths = iops_tenths;
  }
}

void AppendEvent(DeterministicRng& rng, const std::string& site,
                 std::string* out) {
  const std::string source = absl::StrCat("mds-9148s-a", Pad2(rng.Below(40)),
                                          "-0.", site, ".example.net");
  const std::uint64_t port = 1 + rng.Below(kPortsPerSwitch);
  std::string message;
  switch (rng.Below(3)) {
    case 0:
      message = absl::StrCat("Interface fc1/", port,
                             " is down (Link failure loss of signal) after ",
                             WithThousands(rng.Below(3'000'000)),
                             " CRC errors in 300 s.");
      break;
    case 1:
      message = absl::StrCat(
          "FLOGI from 21:00:00:24:ff:", HexBytes(rng, 3, ":"),
          " accepted on fc1/", port, " in VSAN ", 100 + rng.Below(4) * 100,
          ", FCID 0x", HexBytes(rng, 3, ""), ".");
      break;
    default:
      message = absl::StrCat("Zone set zs_prod_", rng.Below(20),
                             " activated by admin from 10.20.", rng.Below(256),
                             ".", rng.Below(256), "; ", rng.Below(400),
                             " members, ", rng.Below(30), " zones changed.");
      break;
  }
  absl::StrAppend(out, "{\"ts\":\"", Timestamp(rng, true), "\",\"severity\":\"",
                  rng.Pick(kSeverities), "\",\"source\":\"", source,
                  "\",\"code\":\"FCPORT-", rng.Below(7), "-IF_",
                  rng.Below(2) == 0 ? "DOWN" : "UP",
                  "\",\"sequence\":", rng.Next() % 10'000'000'000ULL,
                  ",\"message\":\"", message, "\"}");
}

}  // namespace

std::string WithThousands(std::uint64_t value) {
  const std::string digits = absl::StrCat(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

Inventory GenerateInventory(std::uint64_t seed, std::size_t target_bytes) {
  DeterministicRng rng(seed);
  Inventory inventory;
  InventoryFacts& facts = inventory.facts;
  std::string& out = inventory.json;
  out.reserve(target_bytes + 64 * 1024);

  facts.site = absl::StrCat("dc-", kSiteNames[seed % kSiteNames.size()], "-",
                            1 + seed % 7);
  facts.generated_at = Timestamp(rng, false);
  absl::StrAppend(&out, "{\"site\":\"", facts.site, "\",\"generated_at\":\"",
                  facts.generated_at,
                  "\",\"source\":\"fabric-inventory/v3\",\"switches\":[");
  const std::size_t switch_end = target_bytes * kSwitchSharePercent / 100;
  for (int s = 0; s == 0 || out.size() < switch_end; ++s) {
    if (s > 0) out += ',';
    AppendSwitch(rng, facts.site, s, &facts, &out);
    inventory.ports += kPortsPerSwitch;
  }
  out += "],\"volumes\":[";
  const std::size_t volume_end = target_bytes * kVolumeSharePercent / 100;
  for (int v = 0; v == 0 || out.size() < volume_end; ++v) {
    if (v > 0) out += ',';
    AppendVolume(rng, v, &facts, &out);
    ++inventory.volumes;
  }
  out += "],\"events\":[";
  for (int e = 0; e == 0 || out.size() + 2 < target_bytes; ++e) {
    if (e > 0) out += ',';
    AppendEvent(rng, facts.site, &out);
    ++inventory.events;
  }
  out += "]}";
  return inventory;
}

std::string RealisticAnswer(const InventoryFacts& port_facts,
                            const InventoryFacts& volume_facts) {
  const InventoryFacts& p = port_facts;
  const InventoryFacts& v = volume_facts;
  std::string fcid_upper = p.fcid;
  for (std::size_t i = 2; i < fcid_upper.size(); ++i) {
    if (fcid_upper[i] >= 'a' && fcid_upper[i] <= 'f') fcid_upper[i] -= 32;
  }
  return absl::StrCat(
      "**Fabric summary for ", p.site, "** (inventory generated ",
      p.generated_at, ")\n\n", "Switch `", p.hostname, "` (serial ", p.serial,
      ") reports port ", p.port, " down since ", p.last_change,
      ". The port's WWPN is ", p.port_wwpn, ", its FCID is ", fcid_upper,
      ", and it logged ", WithThousands(p.crc_errors), " CRC errors against ",
      WithThousands(p.rx_frames),
      " received frames, well above the 0.5% threshold we tolerate. The peer ",
      p.peer,
      " lost its path; 3 other hosts are unaffected and the remaining 47 ports "
      "stay up 24/7 as expected.\n\n",
      "Volume ", v.volume_id, " (", v.volume_name, ") on array ", v.array,
      " holds ", WithThousands(v.size_bytes), " bytes and served ",
      WithThousands(v.iops_tenths / 10), ".", v.iops_tenths % 10,
      " IOPS over the last hour. Its replica target ",
      std::string(kPlantedWwpn),
      " should be checked before the next maintenance window.\n\n",
      "I recommend replacing the SFP on ", p.port,
      ", clearing the counters, and confirming that the path from ", p.peer,
      " comes back on its 16G link.\n\n", "| port | state | crc |\n",
      "|---|---|---|\n", "| ", p.port, " | down | ", p.crc_errors, " |\n");
}

}  // namespace groundgate::bench
