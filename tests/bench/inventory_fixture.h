// tests/bench/inventory_fixture.h — realistic tool results for benchmarks.
//
// Its one job: generate, deterministically and in code, the JSON a storage
// operations tool returns (switches with Fibre Channel ports, WWNs, counters,
// timestamps, prose status messages; volumes; an event log) at a requested
// size, and a ~150-word answer written from it with one planted value. The
// benchmarks in this folder record and judge these.
//
// What it does NOT do: read files, use std:: distributions (their output
// differs between standard libraries), or promise anything about the data
// beyond being valid JSON with the facts it reports.
#ifndef GROUNDGATE_TESTS_BENCH_INVENTORY_FIXTURE_H_
#define GROUNDGATE_TESTS_BENCH_INVENTORY_FIXTURE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace groundgate::bench {

// Values of one generated document that an answer can cite: switch 0, its
// port fc1/3, and volume 0. Numbers are kept as integers so the answer can
// respell them (41200 -> "41,200").
struct InventoryFacts {
  std::string site;          // "dc-east-2"
  std::string generated_at;  // "2024-05-15T10:00:00Z"
  std::string hostname;      // "mds-9148s-a01.dc-east-2.example.net"
  std::string serial;        // "JPG2134006X"
  std::string port;          // "fc1/3"
  std::string port_wwpn;     // "50:06:01:60:3b:a0:11:22"
  std::string fcid;          // "0xef0103"
  std::string peer;          // "esx-host-017.prod.example.net"
  std::string last_change;   // "2024-05-14T22:04:17Z"
  std::uint64_t crc_errors = 0;
  std::uint64_t rx_frames = 0;
  std::string volume_id;    // "vol-0a1b2c3d4e5f"
  std::string volume_name;  // "ora_prod_data_07"
  std::string array;        // "pure-fa-x70-02"
  std::uint64_t size_bytes = 0;
  std::uint64_t iops_tenths = 0;  // 412005 means 41200.5 IOPS
};

struct Inventory {
  std::string json;  // one JSON object, at least target_bytes long
  InventoryFacts facts;
  std::size_t ports = 0;
  std::size_t volumes = 0;
  std::size_t events = 0;
};

// Generates an inventory document of at least `target_bytes` (a little
// more: the last record is completed). The same seed gives the same bytes on
// every platform.
Inventory GenerateInventory(std::uint64_t seed, std::size_t target_bytes);

// The planted value of RealisticAnswer: a WWPN whose fifth byte (0x9f) the
// generator never emits, so no generated document carries it.
inline constexpr std::string_view kPlantedWwpn = "50:06:01:60:9f:a0:e1:7c";

// A ~150-word operator answer in markdown: about 15 values, each grounded by
// `port_facts` or `volume_facts` (several respelled: thousands separators,
// an upper-case hex FCID), plus kPlantedWwpn, which nothing grounds.
std::string RealisticAnswer(const InventoryFacts& port_facts,
                            const InventoryFacts& volume_facts);

// "41200" -> "41,200".
std::string WithThousands(std::uint64_t value);

}  // namespace groundgate::bench

#endif  // GROUNDGATE_TESTS_BENCH_INVENTORY_FIXTURE_H_
