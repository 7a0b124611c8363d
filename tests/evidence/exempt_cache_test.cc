// tests/evidence/exempt_cache_test.cc — exempt text indexed once per process.
//
// Pins evidence/exempt_cache.h and the corpus's use of it: a long exempt
// text recorded again is a cache hit; the cache stays within its entry and
// byte bounds; a corpus that attached a cached set answers exactly as one
// that indexed the text key by key (IsExempt, the count against the
// ceiling, truncated(), day shifts, days of the month), also when the
// ceiling cuts the text and when more sets come than a corpus attaches;
// and corpora on several threads share the cache safely (in the
// "concurrency" suite, which scripts/test also runs under ThreadSanitizer).
//
// The process-wide cache admits a text on its second sighting, so in each
// case the first corpus to record a text takes the per-key path: it is the
// reference the cached corpora are compared with. Each case uses texts of
// its own (a tag), so the order the cases run in changes nothing.
#include "evidence/exempt_cache.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "evidence/corpus_internal.h"
#include "evidence/extractor.h"
#include "evidence/relative_days.h"
#include "evidence/tokenizer.h"
#include "groundgate/corpus.h"

namespace groundgate {
namespace {

// A system prompt's worth of values: ids, dates, money, an email, a card's
// last digits, day shifts and a day of the month, repeated keys.
std::string PromptText(std::string_view tag) {
  std::string text = "# Airline agent policy (" + std::string(tag) + ")\n";
  text +=
      "You help users of the airline. Reservation ids look like ZFA04Y and "
      "HAT072; flights depart on 2024-05-22 at 14:00 or May 23, 2024. A "
      "basic economy ticket costs $1,234.50 and a change fee is USD 200. "
      "Write to mia.li@example.com or hotel-dealz@example.org. The card "
      "ending in 4111111111111784 is certificate_7504069. If the user asks "
      "for the next day, or 3 days later, or the 6th, say so. Never invent "
      "a value. Reservation ZFA04Y again; 41,200 miles, 1.2 million "
      "points, 12% off, 22 mai 2024.\n";
  for (int i = 0; i < 6; ++i) {
    text += "Rule " + std::to_string(i) + ": flight HAT" +
            std::to_string(100 + i) + " with tag " + std::string(tag) + "-" +
            std::to_string(i) + ".\n";
  }
  REQUIRE(text.size() >= evidence::kMinCachedExemptBytes);
  return text;
}

// The canonical forms of the text's tokens, and derived keys the prompt is
// known to hold: what the comparisons probe.
std::vector<std::string> Probes(std::string_view text) {
  std::vector<std::string> probes = {"@date:2024-05-22",
                                     "@md:05-22",
                                     "@time:14:00",
                                     "@date:2024-05-23",
                                     "@tail:1784",
                                     "@part:7504069",
                                     "mia",
                                     "hotel",
                                     "dealz",
                                     "1234.5",
                                     "41200",
                                     "1200000",
                                     "0.12",
                                     "not-a-value",
                                     "zfa04y"};
  evidence::ForEachToken(text, [&](evidence::TokenSpan span) {
    probes.push_back(
        evidence::ReadToken(text.substr(span.start, span.end - span.start))
            .canonical.form);
    return true;
  });
  return probes;
}

// What a comparison looks at, for one corpus.
void RequireSameExempt(const EvidenceCorpus& reference,
                       const EvidenceCorpus& cached,
                       const std::vector<std::string>& probes) {
  CHECK(cached.indexed_values() == reference.indexed_values());
  CHECK(cached.truncated() == reference.truncated());
  CHECK(CorpusInternals::day_shifts(cached).later ==
        CorpusInternals::day_shifts(reference).later);
  CHECK(CorpusInternals::day_shifts(cached).earlier ==
        CorpusInternals::day_shifts(reference).earlier);
  CHECK(CorpusInternals::days_of_month_named(cached) ==
        CorpusInternals::days_of_month_named(reference));
  for (const std::string& probe : probes) {
    CAPTURE(probe);
    CHECK(cached.IsExempt(probe) == reference.IsExempt(probe));
  }
}

evidence::ExemptCache::Stats ProcessStats() {
  return evidence::ExemptCache::Process().stats();
}

TEST_CASE("an exempt text recorded again is indexed once and hit after") {
  const std::string text = PromptText("hits");
  const auto before = ProcessStats();
  EvidenceCorpus first, second, third;
  first.RecordExempt(text);   // first sighting: the per-key path
  second.RecordExempt(text);  // second: built and kept
  third.RecordExempt(text);   // a hit
  const auto after = ProcessStats();
  CHECK(after.misses - before.misses == 2);
  CHECK(after.builds - before.builds == 1);
  CHECK(after.hits - before.hits == 1);
  const std::vector<std::string> probes = Probes(text);
  RequireSameExempt(first, second, probes);
  RequireSameExempt(first, third, probes);
  CHECK(third.IsExempt("zfa04y"));
  CHECK(third.IsExempt("@date:2024-05-22"));
  CHECK(CorpusInternals::day_shifts(third).Later(1));
  CHECK(CorpusInternals::day_shifts(third).Later(3));
  CHECK(((CorpusInternals::days_of_month_named(third) >> 6) & 1u) == 1u);
}

TEST_CASE("a short exempt text is never cached") {
  const auto before = ProcessStats();
  EvidenceCorpus corpus;
  for (int i = 0; i < 3; ++i) corpus.RecordExempt("My reservation is ZFA04Y.");
  const auto after = ProcessStats();
  CHECK(after.hits == before.hits);
  CHECK(after.builds == before.builds);
  CHECK(corpus.IsExempt("zfa04y"));
}

TEST_CASE("the exempt cache stays within its entry and byte bounds") {
  evidence::ExemptCacheLimits limits;
  limits.max_entries = 2;
  limits.min_text_bytes = 16;
  evidence::ExemptCache cache(limits);
  int built = 0;
  auto build = [&] {
    ++built;
    evidence::ExemptSetBuilder builder;
    builder.Add("abc123");
    return std::move(builder).Finish({}, 0);
  };
  std::vector<std::string> texts;
  for (int i = 0; i < 5; ++i) {
    texts.push_back("exempt text number " + std::to_string(i) +
                    " of the bound test");
  }
  for (const std::string& text : texts) {
    CHECK(cache.Get(text, build) == nullptr);  // first sighting
    CHECK(cache.Get(text, build) != nullptr);  // second: built
    CHECK(cache.stats().entries <= 2);
  }
  CHECK(built == 5);
  CHECK(cache.stats().evictions == 3);
  // The two most recent stay; the oldest was evicted and is built again.
  CHECK(cache.Get(texts[4], build) != nullptr);
  CHECK(built == 5);
  CHECK(cache.Get(texts[0], build) != nullptr);
  CHECK(built == 6);

  // Too short, and too long for the byte budget: never cached.
  CHECK(cache.Get("short", build) == nullptr);
  CHECK(cache.Get("short", build) == nullptr);
  evidence::ExemptCacheLimits tight = limits;
  tight.max_bytes = 4096;
  evidence::ExemptCache small(tight);
  const std::string big(2048, 'x');
  CHECK(small.Get(big, build) == nullptr);
  CHECK(small.Get(big, build) == nullptr);
  CHECK(small.stats().entries == 0);
  // Within the budget: entries are evicted until the bytes fit.
  const std::string mid(600, 'y');
  for (char c = 'a'; c < 'h'; ++c) {
    const std::string text = mid + c;
    small.Get(text, build);
    CHECK(small.Get(text, build) != nullptr);
    CHECK(small.stats().bytes <= tight.max_bytes);
  }
}

TEST_CASE(
    "cached and per-key corpora agree at every ceiling, with evidence "
    "and a user message before the text (law 5)") {
  // Past the last ceiling every key fits; below it the ceiling cuts the
  // text, and the cached corpora must let in the very keys, in text order,
  // that the per-key path does.
  for (std::size_t ceiling = 1; ceiling <= 140; ++ceiling) {
    CAPTURE(ceiling);
    // A text of this ceiling's own: its first sighting is the reference.
    const std::string text = PromptText("agree-" + std::to_string(ceiling));
    const std::vector<std::string> probes = Probes(text);
    auto prepare = [&](EvidenceCorpus& corpus) {
      corpus.RecordToolResult("call_1", "get_reservation",
                              R"({"reservation_id":"ZFA04Y","cost":200})");
      // A short user message: per-key, and sharing keys with the prompt.
      corpus.RecordUserMessage("Please change ZFA04Y to the next day.");
    };
    EvidenceCorpus reference(CorpusOptions{.max_index_tokens = ceiling});
    prepare(reference);
    reference.RecordExempt(text);  // first sighting: per-key
    EvidenceCorpus built(CorpusOptions{.max_index_tokens = ceiling});
    prepare(built);
    built.RecordExempt(text);  // second: built, then attached or replayed
    EvidenceCorpus hit(CorpusOptions{.max_index_tokens = ceiling});
    prepare(hit);
    const auto before = ProcessStats();
    hit.RecordExempt(text);
    CHECK(ProcessStats().hits == before.hits + 1);
    CHECK(hit.indexed_values() <= ceiling);
    RequireSameExempt(reference, built, probes);
    RequireSameExempt(reference, hit, probes);
    // Recording the text twice changes nothing, cached or not.
    reference.RecordExempt(text);
    hit.RecordExempt(text);
    RequireSameExempt(reference, hit, probes);
    if (ceiling == 140) CHECK_FALSE(reference.truncated());
  }
}

TEST_CASE(
    "more cached texts than a corpus attaches are copied, with the "
    "same result") {
  // First with room for every key, then with a ceiling that cuts the last
  // texts: some sets are attached, later ones are replayed key by key.
  std::size_t all_keys = 0;
  for (const char* round : {"room", "cut"}) {
    CAPTURE(round);
    const std::size_t ceiling = all_keys == 0 ? kMaxIndexTokens : all_keys - 20;
    EvidenceCorpus reference(CorpusOptions{.max_index_tokens = ceiling});
    EvidenceCorpus cached(CorpusOptions{.max_index_tokens = ceiling});
    std::vector<std::string> probes;
    for (int i = 0; i < 12; ++i) {
      const std::string text =
          PromptText("many-" + std::string(round) + "-" + std::to_string(i));
      reference.RecordExempt(text);  // first sighting: per-key
      cached.RecordExempt(text);     // second: built, attached or copied
      for (std::string& probe : Probes(text)) probes.push_back(probe);
    }
    RequireSameExempt(reference, cached, probes);
    CHECK(reference.truncated() == (all_keys != 0));
    all_keys = reference.indexed_values();
  }
}

// In the "concurrency" suite so that scripts/test runs it under
// ThreadSanitizer with the rest.
TEST_SUITE("concurrency") {
  TEST_CASE("corpora on several threads share one cached exempt text") {
    const std::string text = PromptText("threads");
    EvidenceCorpus reference;
    reference.RecordExempt(text);  // first sighting: per-key
    const std::vector<std::string> probes = Probes(text);
    constexpr int kThreads = 4;
    std::vector<std::size_t> counts(kThreads, 0);
    std::vector<int> exempt_hits(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int round = 0; round < 20; ++round) {
          EvidenceCorpus corpus;
          corpus.RecordExempt(text);
          counts[t] = corpus.indexed_values();
          int held = 0;
          for (const std::string& probe : probes)
            held += corpus.IsExempt(probe);
          exempt_hits[t] = held;
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    int reference_held = 0;
    for (const std::string& probe : probes) {
      reference_held += reference.IsExempt(probe);
    }
    for (int t = 0; t < kThreads; ++t) {
      CHECK(counts[t] == reference.indexed_values());
      CHECK(exempt_hits[t] == reference_held);
    }
  }
}  // TEST_SUITE("concurrency")

}  // namespace
}  // namespace groundgate
