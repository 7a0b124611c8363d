// tests/evidence/result_cache_test.cc — a tool result recorded once per
// process.
//
// Pins evidence/result_cache.h and the corpus's use of it: a result
// recorded again is replayed (a cache hit), and the corpus it is replayed
// into answers exactly as one that read it: the outcome, every probe's
// evidence (carriers, marks, the turn), the conflicts between results of
// one tool, the numbers, the column totals, the counts under a noun, the
// kept contents. Also when the ceiling cuts the result, and when the
// replay was written under another ceiling than the corpus it goes into;
// for a text result as for a JSON one; results too short or too long are
// never cached; the cache stays within its bounds; and corpora on several
// threads share it safely (the "concurrency" suite, which scripts/test
// also runs under ThreadSanitizer).
//
// The process-wide cache writes a result's replay the first or the second
// time it reads it (as the process's results repeat or not), and replays it
// from the third sighting on whichever it was. So in each case the first
// corpus to record a content reads it (the reference), and the third
// replays it. Each case uses contents of its own (a tag), so the order the
// cases run in changes nothing.
#include "evidence/result_cache.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "evidence/corpus_internal.h"
#include "evidence/extractor.h"
#include "evidence/numeric_index.h"
#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"

namespace groundgate {
namespace {

// A flight search's worth of JSON: ids, prices (a column), dates, people
// with their emails (names marked as people), a list under a noun of what
// is counted, repeated leaves (the memo replays them), prose in a leaf.
std::string FlightsJson(std::string_view tag, std::string_view status) {
  std::string json =
      R"({"query":"flights )" + std::string(tag) + R"(","flights":[)";
  for (int i = 0; i < 4; ++i) {
    if (i > 0) json += ",";
    json += R"({"flight_number":"HAT)" + std::to_string(100 + i) +
            R"(","status":")" + std::string(i == 2 ? status : "available") +
            R"(","date":"2024-05-2)" + std::to_string(i) +
            R"(","prices":{"economy":)" + std::to_string(110 + 17 * i) +
            R"(,"business":)" + std::to_string(480 + 3 * i) + ".50" +
            R"(},"note":"Departs 14:0)" + std::to_string(i) +
            R"( from JFK; gate B)" + std::to_string(i) + R"(, 2 bags free"})";
  }
  json += R"(],"passengers":[{"name":"Mia Li","email":"mia.li@example.com"},)"
          R"({"first_name":"Noah","last_name":"Kovacs","dob":"1990-01-02"},)"
          R"({"name":"Ivan Petrov","email":"ivan@example.org"}],)"
          R"("total":1234.5,"currency":"USD","tag":")" +
          std::string(tag) + R"("})";
  return json;
}

// A CSV result: a table whose columns the corpus sums, with a list count.
std::string InventoryCsv(std::string_view tag) {
  std::string csv = "sku,name,count,price\n";
  for (int i = 0; i < 6; ++i) {
    csv += "SKU-" + std::string(tag) + "-" + std::to_string(i) + ",Fabric " +
           std::to_string(i) + "," + std::to_string(3 + i) + "," +
           std::to_string(12 + i) + ".25\n";
  }
  return csv;
}

// The canonical forms of the content's tokens, and keys it is known to
// derive: what the comparisons probe.
std::vector<std::string> Probes(std::string_view content) {
  std::vector<std::string> probes = {"@date:2024-05-22",
                                     "@md:05-22",
                                     "@time:14:02",
                                     "hat102",
                                     "mia",
                                     "kovacs",
                                     "1234.5",
                                     "available",
                                     "delayed",
                                     "cancelled",
                                     "not-a-value",
                                     "@count:6",
                                     "1940",
                                     "542",
                                     "88.5",
                                     "33"};
  evidence::ForEachToken(content, [&](evidence::TokenSpan span) {
    probes.push_back(
        evidence::ReadToken(content.substr(span.start, span.end - span.start))
            .canonical.form);
    return true;
  });
  return probes;
}

void RequireSameOutcome(const RecordOutcome& reference,
                        const RecordOutcome& replayed) {
  CHECK(replayed.parsed_as_json == reference.parsed_as_json);
  CHECK(replayed.absence_report == reference.absence_report);
  CHECK(replayed.values_seen == reference.values_seen);
  CHECK(replayed.values_new == reference.values_new);
  CHECK(replayed.truncated == reference.truncated);
}

// What a comparison looks at, for one corpus.
// `same_contents`: the two recorded the very same bytes (and so keep them).
void RequireSameIndex(const EvidenceCorpus& reference,
                      const EvidenceCorpus& replayed,
                      const std::vector<std::string>& probes,
                      bool same_contents = true) {
  CHECK(replayed.indexed_values() == reference.indexed_values());
  CHECK(replayed.truncated() == reference.truncated());
  REQUIRE(replayed.results().size() == reference.results().size());
  for (std::size_t i = 0; i < reference.results().size(); ++i) {
    CHECK(replayed.results()[i].values_recorded ==
          reference.results()[i].values_recorded);
  }
  for (const std::string& probe : probes) {
    CAPTURE(probe);
    const Evidence want = reference.Lookup(probe);
    const Evidence got = replayed.Lookup(probe);
    CHECK(got.carried == want.carried);
    CHECK(got.carried_this_turn == want.carried_this_turn);
    CHECK(got.latest_turn == want.latest_turn);
    CHECK(got.exact_spelling_seen == want.exact_spelling_seen);
    CHECK(got.person_name == want.person_name);
    CHECK(got.bare_number == want.bare_number);
    CHECK(got.carriers_cut == want.carriers_cut);
    CHECK(
        std::vector<std::uint32_t>(got.carriers.begin(), got.carriers.end()) ==
        std::vector<std::uint32_t>(want.carriers.begin(), want.carriers.end()));
    const auto want_conflicts = reference.ConflictsOf(probe);
    const auto got_conflicts = replayed.ConflictsOf(probe);
    REQUIRE(got_conflicts.size() == want_conflicts.size());
    for (std::size_t i = 0; i < want_conflicts.size(); ++i) {
      CHECK(got_conflicts[i].key == want_conflicts[i].key);
      CHECK(got_conflicts[i].carrier == want_conflicts[i].carrier);
      CHECK(got_conflicts[i].other_carrier == want_conflicts[i].other_carrier);
    }
    const evidence::NumericIndex& want_numbers =
        CorpusInternals::numbers_this_turn(reference);
    const evidence::NumericIndex& got_numbers =
        CorpusInternals::numbers_this_turn(replayed);
    CHECK(got_numbers.Contains(probe) == want_numbers.Contains(probe));
    CHECK(got_numbers.OccurrencesOf(probe) ==
          want_numbers.OccurrencesOf(probe));
    const evidence::ColumnTotal* want_total =
        CorpusInternals::FindColumnTotal(reference, probe);
    const evidence::ColumnTotal* got_total =
        CorpusInternals::FindColumnTotal(replayed, probe);
    REQUIRE((got_total == nullptr) == (want_total == nullptr));
    if (want_total != nullptr) {
      CHECK(got_total->slot == want_total->slot);
      CHECK(got_total->total == want_total->total);
      CHECK(got_total->rows == want_total->rows);
    }
  }
  CHECK(CorpusInternals::numbers_this_turn(replayed).size() ==
        CorpusInternals::numbers_this_turn(reference).size());
  CHECK(CorpusInternals::numbers_this_turn(replayed).truncated() ==
        CorpusInternals::numbers_this_turn(reference).truncated());
  CHECK(CorpusInternals::counts_named(replayed) ==
        CorpusInternals::counts_named(reference));
  if (!same_contents) return;
  const auto want_contents = CorpusInternals::contents_this_turn(reference);
  const auto got_contents = CorpusInternals::contents_this_turn(replayed);
  REQUIRE(got_contents.size() == want_contents.size());
  for (std::size_t i = 0; i < want_contents.size(); ++i) {
    CHECK(got_contents[i] == want_contents[i]);
  }
}

evidence::ResultCache::Stats ProcessStats() {
  return evidence::ResultCache::Process().stats();
}

// Records the two results of one turn: two calls of one tool whose third
// flight's status differs (a conflict), then a CSV.
std::vector<RecordOutcome> RecordTurn(EvidenceCorpus& corpus,
                                      std::string_view tag) {
  corpus.BeginUserTurn();
  std::vector<RecordOutcome> outcomes;
  outcomes.push_back(corpus.RecordToolResult("call_1", "search_flights",
                                             FlightsJson(tag, "available")));
  outcomes.push_back(corpus.RecordToolResult("call_2", "search_flights",
                                             FlightsJson(tag, "delayed")));
  outcomes.push_back(
      corpus.RecordToolResult("call_3", "read_inventory", InventoryCsv(tag)));
  return outcomes;
}

TEST_CASE("a tool result recorded again is replayed, and answers as read") {
  const auto before = ProcessStats();
  EvidenceCorpus reference, second, replayed;
  // An earlier turn first, so that turns and carriers across them count.
  for (EvidenceCorpus* corpus : {&reference, &second, &replayed}) {
    corpus->RecordToolResult("call_0", "lookup", FlightsJson("hits", "late"));
  }
  const std::vector<RecordOutcome> read = RecordTurn(reference, "hits");
  RecordTurn(second, "hits");
  const std::vector<RecordOutcome> replay = RecordTurn(replayed, "hits");
  const auto after = ProcessStats();
  CHECK(after.builds - before.builds == 4);  // four distinct contents
  CHECK(after.hits - before.hits >= 4);      // the third sightings at least
  REQUIRE(read.size() == replay.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    CAPTURE(i);
    RequireSameOutcome(read[i], replay[i]);
  }
  std::string all = FlightsJson("hits", "available") +
                    FlightsJson("hits", "delayed") + InventoryCsv("hits");
  RequireSameIndex(reference, replayed, Probes(all));
  // The comparisons compared something: the corpus holds what was read.
  CHECK(replayed.Lookup("hat102").carried_this_turn);
  CHECK(replayed.Lookup("mia").person_name);
  CHECK_FALSE(replayed.ConflictsOf("delayed").empty());
  CHECK(CorpusInternals::FindColumnTotal(reference, "1940") != nullptr);
  CHECK(CorpusInternals::numbers_this_turn(replayed).OccurrencesOf("1234.5") ==
        2);
  CHECK(CorpusInternals::FindColumnTotal(replayed, "88.5") != nullptr);
  CHECK(read[2].parsed_as_json == false);
}

TEST_CASE("a replayed result meets the ceiling where a read one does") {
  CorpusOptions tight;
  tight.max_index_tokens = 40;
  const std::string content = FlightsJson("ceiling", "available");
  // Read under the tight ceiling (the replay is written then, or at the
  // second sighting, also tight), replayed under it.
  EvidenceCorpus read_tight(tight), second_tight(tight), replayed_tight(tight);
  const RecordOutcome read_outcome =
      read_tight.RecordToolResult("call_1", "search_flights", content);
  second_tight.RecordToolResult("call_1", "search_flights", content);
  const RecordOutcome replay_outcome =
      replayed_tight.RecordToolResult("call_1", "search_flights", content);
  CHECK(read_outcome.truncated);
  RequireSameOutcome(read_outcome, replay_outcome);
  RequireSameIndex(read_tight, replayed_tight, Probes(content));
  // Replayed under no ceiling, it is what a reading there gives: the
  // replay does not depend on the corpus it was written in. The reference
  // reads the same JSON with a space more, which the cache has not met.
  EvidenceCorpus read_ample, replayed_ample;
  const RecordOutcome ample_read =
      read_ample.RecordToolResult("call_1", "search_flights", content + " ");
  const RecordOutcome ample_replay =
      replayed_ample.RecordToolResult("call_1", "search_flights", content);
  CHECK_FALSE(ample_read.truncated);
  RequireSameOutcome(ample_read, ample_replay);
  RequireSameIndex(read_ample, replayed_ample, Probes(content),
                   /*same_contents=*/false);
}

TEST_CASE("a result too short or too long for the cache is read each time") {
  const std::string small = R"({"id":"HAT001","price":5})";
  REQUIRE(small.size() < evidence::kMinCachedResultBytes);
  std::string big = R"({"rows":[)";
  for (int i = 0; big.size() <= evidence::kMaxCachedResultBytes; ++i) {
    big += (i > 0 ? "," : "") + std::to_string(1000 + i);
  }
  big += "]}";
  const auto before = ProcessStats();
  for (int i = 0; i < 3; ++i) {
    EvidenceCorpus corpus;
    corpus.RecordToolResult("call_1", "t", small);
    corpus.RecordToolResult("call_2", "t", big);
  }
  const auto after = ProcessStats();
  CHECK(after.hits == before.hits);
  CHECK(after.builds == before.builds);
  CHECK(after.misses == before.misses);
}

TEST_CASE("the result cache stays within its entry and byte bounds") {
  evidence::ResultCacheLimits limits;
  limits.max_entries = 2;
  limits.admission = evidence::TextCacheAdmission::kSecondSighting;
  evidence::ResultCache cache(limits);
  int built = 0;
  auto build = [&] {
    ++built;
    auto replay = std::make_shared<evidence::ResultReplay>();
    replay->AddQueued(evidence::QueuedOp::kCarry, false, false, "a key");
    replay->Finish();
    return std::shared_ptr<const evidence::ResultReplay>(std::move(replay));
  };
  const std::string a(200, 'a'), b(200, 'b'), c(200, 'c');
  CHECK(cache.Get(a, build) == nullptr);  // first sighting: read directly
  CHECK(cache.Get(a, build) != nullptr);  // second: built
  CHECK(cache.Get(a, build) != nullptr);  // a hit
  CHECK(built == 1);
  for (const std::string* text : {&b, &b, &c, &c}) cache.Get(*text, build);
  CHECK(built == 3);
  CHECK(cache.stats().entries == 2);
  CHECK(cache.stats().evictions == 1);
  CHECK(cache.Get(b, build) != nullptr);  // kept: a went first
  CHECK(built == 3);
  evidence::ResultCacheLimits tiny = limits;
  tiny.max_bytes = 4 * 150;  // a quarter: 150 bytes of text at most
  evidence::ResultCache small_cache(tiny);
  CHECK(small_cache.Get(a, build) == nullptr);
  CHECK(small_cache.stats().entries == 0);
}

TEST_CASE("results are built on their first sighting while they repeat") {
  evidence::ResultCache cache;  // the process-wide cache's admission
  int built = 0;
  auto build = [&] {
    ++built;
    return std::make_shared<const evidence::ResultReplay>();
  };
  // Nothing repeats yet: a text is built on its second sighting.
  CHECK(cache.Get(std::string(200, 'a'), build) == nullptr);
  CHECK(cache.Get(std::string(200, 'a'), build) != nullptr);
  CHECK(built == 1);
  // That second sighting said texts repeat: a new text is built on its
  // first, and a hit keeps them repeating.
  CHECK(cache.Get(std::string(200, 'b'), build) != nullptr);
  CHECK(built == 2);
  CHECK(cache.Get(std::string(200, 'a'), build) != nullptr);
  CHECK(built == 2);
  // Many new texts and no hit: the share of hits and second sightings
  // falls below one in kRepeatShare, and a new text waits for its second
  // sighting again.
  for (int i = 0; i < 40; ++i) {
    cache.Get(std::string(200, 'c') + std::to_string(i), build);
  }
  const int before = built;
  CHECK(cache.Get(std::string(200, 'd'), build) == nullptr);
  CHECK(built == before);
}

TEST_CASE("a result is told seen before after hundreds of others") {
  evidence::ResultCacheLimits limits;
  limits.admission = evidence::TextCacheAdmission::kSecondSighting;
  int built = 0;
  auto build = [&] {
    ++built;
    return std::make_shared<const evidence::ResultReplay>();
  };
  auto text = [](int i) { return std::string(200, 'r') + std::to_string(i); };
  // The result cache remembers kResultSightings results met once: one data
  // set judged for another model, 300 results later, is built then.
  evidence::ResultCache cache(limits);
  for (int i = 0; i < 300; ++i) CHECK(cache.Get(text(i), build) == nullptr);
  CHECK(cache.Get(text(0), build) != nullptr);
  CHECK(built == 1);
  // Past as many as it remembers, the oldest is forgotten: met again, it
  // counts as met once.
  limits.sightings = 100;
  evidence::ResultCache short_memory(limits);
  for (int i = 0; i < 300; ++i) short_memory.Get(text(i), build);
  CHECK(short_memory.Get(text(0), build) == nullptr);
  CHECK(short_memory.Get(text(299), build) != nullptr);
  CHECK(built == 2);
}

TEST_SUITE("concurrency") {
  TEST_CASE("corpora on several threads share one cached tool result") {
    const std::string content = FlightsJson("threads", "available");
    EvidenceCorpus reference, second;
    const RecordOutcome want =
        reference.RecordToolResult("call_1", "search_flights", content);
    second.RecordToolResult("call_1", "search_flights", content);
    constexpr int kThreads = 4;
    std::vector<std::unique_ptr<EvidenceCorpus>> corpora;
    std::vector<RecordOutcome> outcomes(kThreads);
    for (int t = 0; t < kThreads; ++t) {
      corpora.push_back(std::make_unique<EvidenceCorpus>());
    }
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int round = 0; round < 20; ++round) {
          EvidenceCorpus scratch;
          scratch.RecordToolResult("call_1", "search_flights", content);
        }
        outcomes[t] =
            corpora[t]->RecordToolResult("call_1", "search_flights", content);
      });
    }
    for (std::thread& thread : threads) thread.join();
    const std::vector<std::string> probes = Probes(content);
    for (int t = 0; t < kThreads; ++t) {
      CAPTURE(t);
      RequireSameOutcome(want, outcomes[t]);
      RequireSameIndex(reference, *corpora[t], probes);
    }
  }
}

}  // namespace
}  // namespace groundgate
