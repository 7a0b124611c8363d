// findings/ledger.cc — FindingsLedger: declared standings, last one wins.
//
// Its one job: remember, per tool-call id, the latest standing the
// application or the model declared. The contingent finding reads it.
//
// What it does NOT do: check that an id names a real result (the Agent's
// standing tool does that before declaring), or iterate: nothing is ever
// listed from the hash map, so no output order can come from it (law 9).
//
// Ids are keyed by BoundedToolCallId (corpus.h), the form the corpus
// records and carrier lists name, so a declaration made with a long id
// finds its carrier, and a long id costs no more than kMaxToolCallIdBytes.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "groundgate/corpus.h"
#include "groundgate/findings.h"

namespace groundgate {

struct FindingsLedger::Table {
  absl::flat_hash_map<std::string, Standing> standings;
};

namespace {

// Each standing and its name, written once for StandingName and
// ParseStanding.
struct StandingEntry {
  Standing standing;
  std::string_view name;
};
constexpr StandingEntry kStandings[] = {
    {Standing::kFact, "fact"},
    {Standing::kOpen, "open"},
    {Standing::kNoise, "noise"},
    {Standing::kRuledOut, "ruled_out"},
};

}  // namespace

std::string_view StandingName(Standing standing) {
  const auto it =
      std::ranges::find(kStandings, standing, &StandingEntry::standing);
  return it == std::end(kStandings) ? "unknown" : it->name;
}

std::optional<Standing> ParseStanding(std::string_view name) {
  const auto it = std::ranges::find(kStandings, name, &StandingEntry::name);
  if (it == std::end(kStandings)) return std::nullopt;
  return it->standing;
}

FindingsLedger::FindingsLedger() : table_(std::make_unique<Table>()) {}
FindingsLedger::~FindingsLedger() = default;
FindingsLedger::FindingsLedger(FindingsLedger&&) noexcept = default;
FindingsLedger& FindingsLedger::operator=(FindingsLedger&&) noexcept = default;

void FindingsLedger::Declare(std::string_view tool_call_id, Standing standing) {
  table_->standings.insert_or_assign(BoundedToolCallId(tool_call_id), standing);
}

std::optional<Standing> FindingsLedger::StandingOf(
    std::string_view tool_call_id) const {
  const std::string id = BoundedToolCallId(tool_call_id);
  const auto it = table_->standings.find(id);
  if (it == table_->standings.end()) return std::nullopt;
  return it->second;
}

std::size_t FindingsLedger::size() const { return table_->standings.size(); }

void FindingsLedger::Clear() { table_->standings.clear(); }

}  // namespace groundgate
