// tests/support/tool_results.h — tool results several suites judge against.
//
// Its one job: one copy of each realistic tool result that more than one
// suite records, so a reader's suite and a rung's suite judge against the
// same data. Each names where its shape comes from.
//
// What it does NOT do: record anything (each suite builds its own corpus,
// or calls OneResultCorpus of judged_cases.h) or hold a suite's own data.
#ifndef GROUNDGATE_TESTS_SUPPORT_TOOL_RESULTS_H_
#define GROUNDGATE_TESTS_SUPPORT_TOOL_RESULTS_H_

#include <string_view>

namespace groundgate_test {

// An OpenWeather forecast as quintd-dev holds them (kasnerz/quintd, MIT):
// the units named once, the readings bare; no identifier and no span of
// time among its values.
inline constexpr std::string_view kWeather =
    R"({"units": {"temp": "°C", "wind": "m/s", "pressure": "hPa"},
        "list": [{"main": {"temp": 17.58, "pressure": 1017},
                  "wind": {"speed": 2.41}, "clouds": {"all": 35},
                  "pop": 0.4523}]})";

// The reservation the airline traces look like (tau-bench, credited in
// tests/fixtures/README.md): ISO dates, clock times with seconds, a
// timestamp.
inline constexpr std::string_view kSchedule =
    R"({"reservation_id": "4WQ150", "flights": [{"date": "2024-05-22",
        "scheduled_departure_time_est": "14:00:00",
        "scheduled_arrival_time_est": "17:30:45"},
        {"date": "2024-05-22", "scheduled_departure_time_est": "23:00:00",
        "scheduled_arrival_time_est": "02:15:00+1"}],
        "created_at": "2024-05-06T13:25:06",
        "boarding": "2023-09-12 09:05:00"})";

// A reservation of two flights with their prices (tau-bench airline,
// taubench-airline-t2-r0): one column of prices, which totals 3538.
inline constexpr std::string_view kTwoFlightReservation =
    R"({"reservation_id": "JG7FMM", "flights": [
        {"flight_number": "HAT028", "price": 1679},
        {"flight_number": "HAT277", "price": 1859}]})";

// A passenger list as an airline tool returns it: first and last names
// the word list knows ("Mia", "Li"), beside general knowledge (LGA, ATL).
inline constexpr std::string_view kPassengers =
    R"({"reservation_id": "ZFA04Y", "origin": "LGA",
        "destination": "ATL", "passengers": [
          {"first_name": "Mia", "last_name": "Li",
           "dob": "1990-04-05"}]})";

// A booking of one traveller, with a vendor written as one handle.
inline constexpr std::string_view kBooking =
    R"({"first_name": "Beatrix", "last_name": "Okafor",
        "vendor": "hoteldealz"})";

// An entity as Wikidata and a weather service describe it (the shapes of
// ../shared/data/quintd-dev.jsonl, quintd, MIT).
inline constexpr std::string_view kEntity =
    R"({"name": "Cellers Unió", "operating area": "Catalonia",
        "legal form": "S.A.", "successor of": "Kingdom of the Lombards",
        "city": {"name": "Dragash", "country": "XK"}})";

}  // namespace groundgate_test

#endif  // GROUNDGATE_TESTS_SUPPORT_TOOL_RESULTS_H_
