// tests/evidence/record_cache_test.cc — one turn's records read once per
// process.
//
// Pins evidence/record_cache.h and the corpus's use of it: a turn whose
// results the process read before shares the RecordSet read then, and that
// set is the one a reading would build (every record, field, identifier,
// group and lookup); the same results at other slots are another turn; a
// verdict judged over shared records is the verdict judged over read ones;
// CorpusOptions::process_caches false keeps a corpus out of every process
// cache; the key tells turns apart by their slots and the bounds between
// results; and corpora on several threads share one turn's records safely
// (the "concurrency" suite, which scripts/test also runs under
// ThreadSanitizer).
//
// The process-wide cache keeps a turn's records the first or the second
// time it reads them (as the process's turns repeat or not), and shares
// them from the third sighting on whichever it was. Each case uses results
// of its own (a tag), so the order the cases run in changes nothing.
#include "evidence/record_cache.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "evidence/corpus_internal.h"
#include "evidence/exempt_cache.h"
#include "evidence/records.h"
#include "evidence/result_cache.h"
#include "groundgate/corpus.h"
#include "groundgate/verdict_json.h"
#include "tests/default_gate.h"

namespace groundgate {
namespace {

using groundgate_test::DefaultGate;

// Five days of forecasts, two a day, each a record with a day, a time and
// fields nested two deep, under a city: what data-to-text answers bind to.
std::string ForecastJson(std::string_view tag) {
  std::string json = R"({"city":{"name":"Pirapora )" + std::string(tag) +
                     R"(","country":"BR"},"list":[)";
  for (int day = 0; day < 5; ++day) {
    for (const char* hour : {"03", "15"}) {
      if (json.back() != '[') json += ",";
      const bool day_time = hour[0] == '1';
      json +=
          R"({"main":{"temp":)" + std::to_string(20 + day) +
          (day_time ? ".5" : ".1") + R"(,"temp_min":)" +
          std::to_string((day_time ? 14 : 9) + day) + R"(,"temp_max":)" +
          std::to_string((day_time ? 27 : 19) + 2 * day) +
          R"(},"wind":{"speed":)" + std::to_string(3 + day) +
          (day_time ? ".25" : ".75") +
          R"(},"weather":[{"description":"light rain, clouds later in the day"}],)"
          R"("dt_txt":"2024-01-0)" +
          std::to_string(3 + day) + " " + hour + R"(:00:00"})";
    }
  }
  json += "]}";
  return json;
}

// Flights with ids, routes and fares: records told apart by identifiers.
std::string FlightsJson(std::string_view tag) {
  std::string json = R"({"tag":")" + std::string(tag) + R"(","flights":[)";
  for (int i = 0; i < 4; ++i) {
    if (i > 0) json += ",";
    json += R"({"flight_number":"HAT)" + std::to_string(200 + i) +
            R"(","destination":")" + (i % 2 == 0 ? "SEA" : "SFO") +
            R"(","prices":{"economy":)" + std::to_string(114 + 60 * i) +
            R"(,"business":)" + std::to_string(410 + 7 * i) + "}}";
  }
  json += "]}";
  return json;
}

std::vector<std::uint32_t> Of(std::span<const std::uint32_t> records) {
  return {records.begin(), records.end()};
}

// Every record, group and lookup of `got` equals `want`'s.
void RequireSameRecords(const evidence::RecordSet& want,
                        const evidence::RecordSet& got) {
  CHECK(got.complete() == want.complete());
  REQUIRE(got.records().size() == want.records().size());
  for (std::size_t r = 0; r < want.records().size(); ++r) {
    CAPTURE(r);
    const evidence::Record& a = want.records()[r];
    const evidence::Record& b = got.records()[r];
    CHECK(b.carrier == a.carrier);
    CHECK(b.group == a.group);
    CHECK(b.path == a.path);
    CHECK(b.identifiers == a.identifiers);
    CHECK(b.day == a.day);
    CHECK(b.time == a.time);
    CHECK(b.days == a.days);
    CHECK(b.weekday == a.weekday);
    REQUIRE(b.fields.size() == a.fields.size());
    for (std::size_t f = 0; f < a.fields.size(); ++f) {
      CHECK(b.fields[f].path == a.fields[f].path);
      CHECK(b.fields[f].text == a.fields[f].text);
      CHECK(b.fields[f].number == a.fields[f].number);
    }
    for (const std::string& id : a.identifiers) {
      CHECK(Of(got.NamedBy(id)) == Of(want.NamedBy(id)));
    }
  }
  REQUIRE(got.groups().size() == want.groups().size());
  for (std::size_t g = 0; g < want.groups().size(); ++g) {
    CHECK(got.groups()[g].carrier == want.groups()[g].carrier);
    CHECK(got.groups()[g].path == want.groups()[g].path);
    CHECK(got.groups()[g].records == want.groups()[g].records);
    CHECK(got.groups()[g].day_span == want.groups()[g].day_span);
  }
  CHECK(got.loose_numbers() == want.loose_numbers());
  CHECK(Of(got.WithTime(15, 0)) == Of(want.WithTime(15, 0)));
  CHECK(Of(got.OnMonthDay(1, 5)) == Of(want.OnMonthDay(1, 5)));
  CHECK(Of(got.WithText("SEA")) == Of(want.WithText("SEA")));
  std::vector<std::uint32_t> want_numbers, got_numbers;
  want.WithNumberIn(100, 300, &want_numbers);
  got.WithNumberIn(100, 300, &got_numbers);
  CHECK(got_numbers == want_numbers);
}

// A corpus holding one turn: `before` results (slots 0..), then the
// forecast and the flights of `tag`.
std::unique_ptr<EvidenceCorpus> Turn(std::string_view tag, int before = 0,
                                     CorpusOptions options = {}) {
  auto corpus = std::make_unique<EvidenceCorpus>(options);
  corpus->RecordUserMessage("What is the weather, and which flight is it?");
  for (int i = 0; i < before; ++i) {
    corpus->RecordToolResult(
        "call_pre" + std::to_string(i), "lookup",
        R"({"note":"nothing here )" + std::to_string(i) + R"("})");
  }
  corpus->RecordToolResult("call_w", "get_forecast", ForecastJson(tag));
  corpus->RecordToolResult("call_f", "search_flights", FlightsJson(tag));
  return corpus;
}

evidence::RecordCache::Stats ProcessStats() {
  return evidence::RecordCache::Process().stats();
}

TEST_CASE("a turn met again shares the records read the first time") {
  const auto reference = Turn("shared", 0, {.process_caches = false});
  const evidence::RecordSet& want = CorpusInternals::records(*reference);
  REQUIRE(want.records().size() == 14);  // ten forecasts, four flights
  REQUIRE(ForecastJson("shared").size() + FlightsJson("shared").size() >=
          evidence::kMinCachedTurnBytes);
  const auto before = ProcessStats();
  // Each corpus reads its records (the judge's first binding) before the
  // next is made.
  std::vector<std::unique_ptr<EvidenceCorpus>> corpora;
  for (int i = 0; i < 3; ++i) {
    corpora.push_back(Turn("shared"));
    RequireSameRecords(want, CorpusInternals::records(*corpora.back()));
  }
  const evidence::RecordSet& third = CorpusInternals::records(*corpora[2]);
  // The third sighting shares what the first or the second kept.
  CHECK((&third == &CorpusInternals::records(*corpora[0]) ||
         &third == &CorpusInternals::records(*corpora[1])));
  CHECK(ProcessStats().hits >= before.hits + 1);
  CHECK(&want != &third);  // the reference read its own
}

TEST_CASE("the same results at other slots are another turn") {
  const auto first = Turn("slots");
  const auto moved = Turn("slots", 2);
  const auto moved_again = Turn("slots", 2);
  const auto moved_thrice = Turn("slots", 2);
  const evidence::RecordSet& at_zero = CorpusInternals::records(*first);
  const evidence::RecordSet& at_two = CorpusInternals::records(*moved_thrice);
  REQUIRE(!at_two.records().empty());
  CHECK(at_zero.records().front().carrier == 0);
  CHECK(at_two.records().front().carrier == 2);
  CHECK(&at_zero != &at_two);
  RequireSameRecords(
      CorpusInternals::records(*Turn("slots", 2, {.process_caches = false})),
      at_two);
}

TEST_CASE("a verdict over shared records is the verdict over read ones") {
  const std::string answer =
      "On January 5th the low is 16 °C and the high 31 °C, with wind at "
      "5.25 m/s. Flight HAT201 flies to SFO for $174 in economy; HAT202 "
      "costs $114.";
  const auto read = Turn("verdict", 0, {.process_caches = false});
  const VerdictJsonOptions with_values{.include_values = true};
  const std::string want =
      VerdictToJson(DefaultGate().Judge(answer, *read), with_values);
  // HAT202's fare is HAT200's: a binding the shared records must make too.
  CHECK(want.find(R"("misattributed":[{)") != std::string::npos);
  for (int i = 0; i < 3; ++i) {
    const auto corpus = Turn("verdict");
    CHECK(VerdictToJson(DefaultGate().Judge(answer, *corpus), with_values) ==
          want);
  }
}

TEST_CASE("a corpus without process caches reads every text itself") {
  const auto records = ProcessStats();
  const auto results = evidence::ResultCache::Process().stats();
  const auto exempt = evidence::ExemptCache::Process().stats();
  const std::string prompt(400, 'p');
  for (int i = 0; i < 4; ++i) {
    const auto corpus = Turn("uncached", 0, {.process_caches = false});
    corpus->RecordExempt(prompt);
    CHECK(!CorpusInternals::records(*corpus).records().empty());
  }
  const auto records_after = ProcessStats();
  const auto results_after = evidence::ResultCache::Process().stats();
  const auto exempt_after = evidence::ExemptCache::Process().stats();
  CHECK(records_after.hits == records.hits);
  CHECK(records_after.misses == records.misses);
  CHECK(results_after.hits == results.hits);
  CHECK(results_after.misses == results.misses);
  CHECK(exempt_after.hits == exempt.hits);
  CHECK(exempt_after.misses == exempt.misses);
}

TEST_CASE("a turn's key tells its slots and its results' bounds") {
  using Contents = std::vector<std::pair<std::uint32_t, std::string>>;
  std::string a, b, c, d;
  evidence::RecordCache::Key(Contents{{0, "ab"}, {1, "c"}}, &a);
  evidence::RecordCache::Key(Contents{{0, "a"}, {1, "bc"}}, &b);
  evidence::RecordCache::Key(Contents{{0, "ab"}, {2, "c"}}, &c);
  evidence::RecordCache::Key(Contents{{0, "ab"}, {1, "c"}}, &d);
  CHECK(a != b);
  CHECK(a != c);
  CHECK(a == d);
}

TEST_CASE("a record set's estimate grows with what it holds") {
  evidence::RecordSet small, large;
  small.Add(0, FlightsJson("small"));
  small.Finish();
  std::string many = R"({"flights":[)";
  for (int i = 0; i < 200; ++i) {
    many += (i > 0 ? "," : "") + std::string(R"({"flight_number":"HAT)") +
            std::to_string(1000 + i) + R"(","price":)" + std::to_string(i) +
            "}";
  }
  many += "]}";
  large.Add(0, many);
  large.Finish();
  REQUIRE(large.records().size() == 200);
  CHECK(small.bytes() >= FlightsJson("small").size());
  CHECK(large.bytes() >= many.size());
  CHECK(large.bytes() > 10 * small.bytes());
}

TEST_CASE("the record cache keeps turns within its entry bounds") {
  evidence::RecordCacheLimits limits;
  limits.max_entries = 2;
  limits.admission = evidence::TextCacheAdmission::kSecondSighting;
  evidence::RecordCache cache(limits);
  int built = 0;
  auto build = [&] {
    ++built;
    auto set = std::make_shared<evidence::RecordSet>();
    set->Add(0, FlightsJson("bounds"));
    set->Finish();
    return std::shared_ptr<const evidence::RecordSet>(std::move(set));
  };
  const std::size_t n = evidence::kMinCachedTurnBytes + 100;
  const std::string a(n, 'a'), b(n, 'b'), c(n, 'c');
  CHECK(cache.Get(a, build) == nullptr);  // first sighting: read directly
  CHECK(cache.Get(a, build) != nullptr);  // second: kept
  for (const std::string* key : {&b, &b, &c, &c}) cache.Get(*key, build);
  CHECK(built == 3);
  CHECK(cache.stats().entries == 2);
  CHECK(cache.stats().evictions == 1);
  CHECK(cache.stats().bytes >= 2 * n);
  // A turn shorter than the cache's minimum is never looked up.
  const std::size_t misses = cache.stats().misses;
  CHECK(cache.Get(std::string(evidence::kMinCachedTurnBytes - 1, 's'), build) ==
        nullptr);
  CHECK(cache.stats().misses == misses);
  CHECK(built == 3);
}

TEST_SUITE("concurrency") {
  TEST_CASE("corpora on several threads share one turn's records") {
    const auto reference = Turn("threads", 0, {.process_caches = false});
    const evidence::RecordSet& want = CorpusInternals::records(*reference);
    constexpr int kThreads = 4;
    std::vector<std::unique_ptr<EvidenceCorpus>> corpora(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int round = 0; round < 10; ++round) {
          const auto scratch = Turn("threads");
          (void)CorpusInternals::records(*scratch);
        }
        corpora[t] = Turn("threads");
        (void)CorpusInternals::records(*corpora[t]);
      });
    }
    for (std::thread& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t) {
      CAPTURE(t);
      RequireSameRecords(want, CorpusInternals::records(*corpora[t]));
    }
  }
}

}  // namespace
}  // namespace groundgate
