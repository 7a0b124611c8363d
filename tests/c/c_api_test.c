/* tests/c/c_api_test.c — the C API (groundgate/groundgate_c.h) from C11.
 *
 * Its one job: call every function of the C API from a C program, on the
 * success paths and on each documented error path (NULL arguments, bad
 * options, unknown flags, a malformed record, an error already set), and
 * assert what comes back: codes, messages and the verdict JSON. Exits 0
 * when every check passed, 1 otherwise, naming each failed check.
 *
 * What it does NOT do: parse the verdict JSON (substring checks on the
 * stable form are enough here; the C++ suites pin the verdict itself), or
 * reach the out-of-memory and internal-error paths, which C cannot provoke.
 */
#include <stdio.h>
#include <string.h>

#include "groundgate/groundgate_c.h"

static int failures = 0;

#define CHECK(condition)                                               \
  do {                                                                 \
    if (!(condition)) {                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
              #condition);                                             \
      ++failures;                                                      \
    }                                                                  \
  } while (0)

/* True when `text` holds `part`. */
static int Contains(const char* text, const char* part) {
  return text != NULL && part != NULL && strstr(text, part) != NULL;
}

/* Checks that a call failed with GG_INVALID_ARGUMENT and an error whose
 * message holds `message_part`; frees the error and clears *error. */
static void ExpectInvalid(gg_code code, gg_error** error,
                          const char* message_part) {
  CHECK(code == GG_INVALID_ARGUMENT);
  CHECK(*error != NULL && gg_error_code(*error) == GG_INVALID_ARGUMENT);
  if (!Contains(gg_error_message(*error), message_part)) {
    fprintf(stderr, "  message \"%s\" lacks \"%s\"\n", gg_error_message(*error),
            message_part);
    ++failures;
  }
  gg_error_free(*error);
  *error = NULL;
}

/* Calls gg_gate_create and checks that it fails with `code` and a message
 * holding `message_part`. */
static void ExpectGateRejected(const char* options_json, gg_code code,
                               const char* message_part) {
  gg_error* error = NULL;
  gg_gate* gate = NULL;
  CHECK(gg_gate_create(options_json, &gate, &error) == code);
  CHECK(gate == NULL);
  CHECK(error != NULL);
  CHECK(gg_error_code(error) == code);
  if (!Contains(gg_error_message(error), message_part)) {
    fprintf(stderr, "  options %s: message \"%s\" lacks \"%s\"\n", options_json,
            gg_error_message(error), message_part);
    ++failures;
  }
  gg_error_free(error);
}

static void TestVersionAndCodes(void) {
  CHECK(strcmp(gg_version(), GROUNDGATE_VERSION_STRING) == 0);
  CHECK(GROUNDGATE_VERSION == GROUNDGATE_VERSION_MAJOR * 10000 +
                                  GROUNDGATE_VERSION_MINOR * 100 +
                                  GROUNDGATE_VERSION_PATCH);
  CHECK(strcmp(gg_code_name(GG_OK), "ok") == 0);
  CHECK(strcmp(gg_code_name(GG_INVALID_ARGUMENT), "invalid_argument") == 0);
  CHECK(strcmp(gg_code_name(GG_OUT_OF_MEMORY), "out_of_memory") == 0);
  CHECK(strcmp(gg_code_name(GG_INTERNAL), "internal") == 0);
  CHECK(strcmp(gg_code_name((gg_code)99), "unknown") == 0);
  /* A NULL error reads as an internal one with no message. */
  CHECK(gg_error_code(NULL) == GG_INTERNAL);
  CHECK(strcmp(gg_error_message(NULL), "") == 0);
  /* Every free function accepts NULL. */
  gg_error_free(NULL);
  gg_gate_free(NULL);
  gg_corpus_free(NULL);
  gg_string_free(NULL);
}

static void TestGateOptions(void) {
  gg_gate* gate = NULL;
  gg_error* error = NULL;
  CHECK(gg_gate_create(NULL, &gate, &error) == GG_OK);
  CHECK(gate != NULL && error == NULL);
  gg_gate_free(gate);

  gate = NULL;
  CHECK(gg_gate_create("{\"min_digits\": 3, \"names\": false,"
                       " \"arithmetic\": false, \"quantities\": false,"
                       " \"shapes\": [{\"name\": \"ticket\","
                       " \"pattern\": \"[A-Z]{2,6}-[0-9]+\"}],"
                       " \"exempt_values\": [\"TENANT-0042\"],"
                       " \"exempt_patterns\": [\"v[0-9]+\\\\.[0-9]+\"]}",
                       &gate, &error) == GG_OK);
  CHECK(gate != NULL && error == NULL);
  gg_gate_free(gate);

  /* Law 11's switches: bind values to records, and whether a misattributed
   * value flags the answer or only warns. */
  gate = NULL;
  CHECK(gg_gate_create("{\"bind_records\": true,"
                       " \"misattribution_flags\": false}",
                       &gate, &error) == GG_OK);
  CHECK(gate != NULL && error == NULL);
  gg_gate_free(gate);
  gate = NULL;
  CHECK(gg_gate_create("{\"bind_records\": false}", &gate, &error) == GG_OK);
  CHECK(gate != NULL && error == NULL);
  gg_gate_free(gate);

  ExpectGateRejected("{\"min_digits\": ", GG_INVALID_ARGUMENT, "not JSON");
  ExpectGateRejected("[]", GG_INVALID_ARGUMENT, "options: expected an object");
  ExpectGateRejected("{\"min_digit\": 3}", GG_INVALID_ARGUMENT,
                     "unknown option \"min_digit\"");
  ExpectGateRejected("{\"min_digits\": \"3\"}", GG_INVALID_ARGUMENT,
                     "min_digits: expected an integer, got string");
  ExpectGateRejected("{\"min_digits\": 0}", GG_INVALID_ARGUMENT,
                     "min_digits is 0");
  ExpectGateRejected("{\"names\": 1}", GG_INVALID_ARGUMENT,
                     "names: expected true or false");
  ExpectGateRejected("{\"quantities\": \"yes\"}", GG_INVALID_ARGUMENT,
                     "quantities: expected true or false");
  ExpectGateRejected("{\"bind_records\": 1}", GG_INVALID_ARGUMENT,
                     "bind_records: expected true or false");
  ExpectGateRejected("{\"misattribution_flags\": \"warn\"}",
                     GG_INVALID_ARGUMENT,
                     "misattribution_flags: expected true or false");
  ExpectGateRejected("{\"shapes\": [{\"name\": \"ticket\"}]}",
                     GG_INVALID_ARGUMENT, "shapes[0].pattern: missing");
  ExpectGateRejected("{\"shapes\": [{\"name\": \"t\", \"pattern\": \"(\"}]}",
                     GG_INVALID_ARGUMENT, "pattern RE2 rejects");
  ExpectGateRejected("{\"exempt_values\": [7]}", GG_INVALID_ARGUMENT,
                     "exempt_values[0]: expected a string, got number");
}

static void TestGateArguments(void) {
  gg_error* error = NULL;
  ExpectInvalid(gg_gate_create(NULL, NULL, &error), &error,
                "gg_gate_create: out_gate is NULL");

  /* A NULL error pointer: the code alone says what happened. */
  gg_gate* gate = NULL;
  CHECK(gg_gate_create("{\"min_digits\": 0}", &gate, NULL) ==
        GG_INVALID_ARGUMENT);
  CHECK(gate == NULL);

  /* An error already in place is kept; the code is still the call's own. */
  error = NULL;
  CHECK(gg_gate_create("{\"min_digits\": 0}", &gate, &error) ==
        GG_INVALID_ARGUMENT);
  const gg_error* first = error;
  CHECK(gg_gate_create("{\"bogus\": 1}", &gate, &error) == GG_INVALID_ARGUMENT);
  CHECK(error == first);
  CHECK(Contains(gg_error_message(error), "min_digits"));
  gg_error_free(error);
}

static void TestCorpusArguments(void) {
  gg_error* error = NULL;
  ExpectInvalid(gg_corpus_create(0, NULL, &error), &error,
                "gg_corpus_create: out_corpus is NULL");

  gg_corpus* corpus = NULL;
  CHECK(gg_corpus_create(0, &corpus, NULL) == GG_OK);
  CHECK(corpus != NULL);

  error = NULL;
  ExpectInvalid(gg_corpus_record_user_message(NULL, "hi", NULL, &error), &error,
                "gg_corpus_record_user_message: corpus is NULL");
  ExpectInvalid(gg_corpus_record_user_message(corpus, NULL, NULL, &error),
                &error, "gg_corpus_record_user_message: text is NULL");
  ExpectInvalid(gg_corpus_record_exempt(NULL, "x", &error), &error,
                "gg_corpus_record_exempt: corpus is NULL");
  ExpectInvalid(gg_corpus_record_exempt(corpus, NULL, &error), &error,
                "gg_corpus_record_exempt: text is NULL");
  ExpectInvalid(gg_corpus_record_tool_result(NULL, "c", "t", "{}", &error),
                &error, "gg_corpus_record_tool_result: corpus is NULL");
  ExpectInvalid(gg_corpus_record_tool_result(corpus, NULL, "t", "{}", &error),
                &error, "tool_call_id is NULL");
  ExpectInvalid(gg_corpus_record_tool_result(corpus, "c", NULL, "{}", &error),
                &error, "tool_name is NULL");
  ExpectInvalid(gg_corpus_record_tool_result(corpus, "c", "t", NULL, &error),
                &error, "content is NULL");
  gg_corpus_free(corpus);
}

/* Calls gg_corpus_create_with_options and checks that it fails with
 * GG_INVALID_ARGUMENT and a message holding `message_part`. */
static void ExpectCorpusRejected(const char* options_json,
                                 const char* message_part) {
  gg_error* error = NULL;
  gg_corpus* corpus = NULL;
  ExpectInvalid(gg_corpus_create_with_options(options_json, &corpus, &error),
                &error, message_part);
  CHECK(corpus == NULL);
}

/* The judge's verdict on one answer over one recorded result, in a corpus
 * made from `options_json`; NULL when the corpus was rejected. */
static char* VerdictWithCorpusOptions(const char* options_json) {
  gg_gate* gate = NULL;
  gg_corpus* corpus = NULL;
  char* verdict = NULL;
  CHECK(gg_gate_create(NULL, &gate, NULL) == GG_OK);
  if (gg_corpus_create_with_options(options_json, &corpus, NULL) != GG_OK) {
    gg_gate_free(gate);
    return NULL;
  }
  CHECK(
      gg_corpus_record_tool_result(corpus, "call_1", "flights",
                                   "[{\"flight\": \"HAT069\", \"fare\": 174},"
                                   " {\"flight\": \"HAT139\", \"fare\": 114}]",
                                   NULL) == GG_OK);
  CHECK(gg_judge(gate, corpus, "HAT069 costs $114; HAT139 costs $99.", 0,
                 &verdict, NULL) == GG_OK);
  gg_corpus_free(corpus);
  gg_gate_free(gate);
  return verdict;
}

static void TestCorpusOptions(void) {
  gg_error* error = NULL;
  ExpectInvalid(gg_corpus_create_with_options(NULL, NULL, &error), &error,
                "gg_corpus_create_with_options: out_corpus is NULL");
  ExpectCorpusRejected("{\"max_index_tokens\": 0}",
                       "max_index_tokens: must be at least 1, got 0");
  ExpectCorpusRejected("{\"max_index_tokens\": -3}",
                       "max_index_tokens: must be at least 1, got -3");
  ExpectCorpusRejected("{\"max_index_tokens\": \"10\"}",
                       "max_index_tokens: expected an integer, got string");
  ExpectCorpusRejected("{\"process_caches\": 0}",
                       "process_caches: expected true or false, got number");
  ExpectCorpusRejected("{\"caches\": false}",
                       "unknown option \"caches\" (expected max_index_tokens, "
                       "process_caches)");
  ExpectCorpusRejected("[]", "options: expected an object");
  ExpectCorpusRejected("{\"process_caches\": ", "not JSON");

  /* The defaults, written or not, and the process caches off: the same
   * verdict (the caches change what a reading costs, never its result),
   * with the misattributed fare and the fare no flight has. */
  char* by_default = VerdictWithCorpusOptions(NULL);
  char* written = VerdictWithCorpusOptions("{}");
  char* cold = VerdictWithCorpusOptions(
      "{\"process_caches\": false, \"max_index_tokens\": 5000}");
  CHECK(by_default != NULL && written != NULL && cold != NULL);
  if (by_default != NULL && written != NULL && cold != NULL) {
    CHECK(strcmp(by_default, written) == 0);
    CHECK(strcmp(by_default, cold) == 0);
    CHECK(Contains(by_default, "\"misattributed\":[{"));
    CHECK(Contains(by_default, "\"unsupported\":[{"));
  }
  gg_string_free(by_default);
  gg_string_free(written);
  gg_string_free(cold);
}

/* The README's example conversation. */
static gg_corpus* PortCorpus(void) {
  gg_corpus* corpus = NULL;
  int began = -1;
  CHECK(gg_corpus_create(0, &corpus, NULL) == GG_OK);
  CHECK(gg_corpus_record_exempt(corpus,
                                "You are the SAN desk for tenant TENANT-0042.",
                                NULL) == GG_OK);
  CHECK(gg_corpus_record_user_message(corpus,
                                      "How many CRC errors on port fc1/3?",
                                      &began, NULL) == GG_OK);
  CHECK(began == 1);
  /* A correction frame the library wrote starts no turn. */
  CHECK(gg_corpus_record_user_message(corpus,
                                      "[evidence check] 39950 was not read",
                                      &began, NULL) == GG_OK);
  CHECK(began == 0);
  CHECK(gg_corpus_record_tool_result(
            corpus, "call_1", "port_stats",
            "{\"port\": \"fc1/3\", \"crc_errors\": 41200}", NULL) == GG_OK);
  /* Plain text is read as text; an empty result is fine. */
  CHECK(gg_corpus_record_tool_result(corpus, "call_2", "uptime",
                                     "up 3 days, load 1234567", NULL) == GG_OK);
  CHECK(gg_corpus_record_tool_result(corpus, "call_3", "", "", NULL) == GG_OK);
  return corpus;
}

static void TestJudge(void) {
  gg_gate* gate = NULL;
  CHECK(gg_gate_create(NULL, &gate, NULL) == GG_OK);
  gg_corpus* corpus = PortCorpus();
  gg_error* error = NULL;
  char* verdict = NULL;

  CHECK(gg_judge(gate, corpus, "Port fc1/3 logged 41,200 CRC errors.", 0,
                 &verdict, &error) == GG_OK);
  CHECK(error == NULL);
  CHECK(Contains(verdict, "{\"action\":\"grounded\",\"candidates\":2,"));
  CHECK(Contains(verdict, "\"reason\":\"canonical\""));
  CHECK(Contains(verdict, "\"tool_call_id\":\"call_1\""));
  CHECK(!Contains(verdict, "41200")); /* no value without the flag */
  /* The misattributed list (law 11) is always there, after unverified. */
  CHECK(Contains(verdict, "\"unverified\":[],\"misattributed\":[],"));
  gg_string_free(verdict);

  /* A value no result carried is unsupported; with GG_INCLUDE_VALUES the
   * verdict names it. */
  verdict = NULL;
  CHECK(gg_judge(gate, corpus, "Port fc1/3 logged 41,200, up from 39,950.",
                 GG_INCLUDE_VALUES, &verdict, &error) == GG_OK);
  CHECK(Contains(verdict, "\"action\":\"flagged\""));
  CHECK(Contains(verdict,
                 "\"unsupported\":[{\"shape\":\"number\","
                 "\"start\":34,\"end\":40"));
  CHECK(Contains(verdict, "\"value\":\"39950\""));
  gg_string_free(verdict);

  /* The tenant the system text named is exempt, not flagged. */
  verdict = NULL;
  CHECK(gg_judge(gate, corpus, "Tenant TENANT-0042 port fc1/3 is fine.", 0,
                 &verdict, &error) == GG_OK);
  CHECK(Contains(verdict, "\"action\":\"grounded\""));
  CHECK(Contains(verdict, "\"looked_up\":1"));
  gg_string_free(verdict);

  /* gg_judge_and_record keeps what the gate derived: a later answer that
   * restates the sum without its operands grounds it; gg_judge keeps
   * nothing. */
  verdict = NULL;
  CHECK(gg_judge(gate, corpus,
                 "The two add up to 41,200 + 1,234,567 = "
                 "1,275,767. Again: 1,275,767.",
                 0, &verdict, &error) == GG_OK);
  CHECK(Contains(verdict, "\"action\":\"grounded\""));
  gg_string_free(verdict);
  verdict = NULL;
  CHECK(gg_judge(gate, corpus, "In all: 1,275,767.", 0, &verdict, &error) ==
        GG_OK);
  CHECK(Contains(verdict, "\"action\":\"flagged\""));
  gg_string_free(verdict);
  verdict = NULL;
  CHECK(gg_judge_and_record(gate, corpus,
                            "The two add up to 41,200 + 1,234,567 = "
                            "1,275,767.",
                            0, &verdict, &error) == GG_OK);
  CHECK(Contains(verdict, "\"reason\":\"derived_sum\""));
  gg_string_free(verdict);
  verdict = NULL;
  CHECK(gg_judge(gate, corpus, "In all: 1,275,767.", 0, &verdict, &error) ==
        GG_OK);
  CHECK(Contains(verdict, "\"action\":\"grounded\""));
  CHECK(Contains(verdict, "\"reason\":\"derived_sum\""));
  gg_string_free(verdict);
  verdict = NULL;
  ExpectInvalid(gg_judge_and_record(gate, NULL, "a", 0, &verdict, &error),
                &error, "gg_judge_and_record: corpus is NULL");
  ExpectInvalid(gg_judge_and_record(gate, corpus, "a", GG_JUDGE_INTERMEDIATE,
                                    &verdict, &error),
                &error, "gg_judge_and_record: unknown flags 0x2");

  /* Error paths: NULLs and flags gg_judge does not take. */
  verdict = NULL;
  ExpectInvalid(gg_judge(NULL, corpus, "a", 0, &verdict, &error), &error,
                "gg_judge: gate is NULL");
  ExpectInvalid(gg_judge(gate, NULL, "a", 0, &verdict, &error), &error,
                "gg_judge: corpus is NULL");
  ExpectInvalid(gg_judge(gate, corpus, NULL, 0, &verdict, &error), &error,
                "gg_judge: answer is NULL");
  ExpectInvalid(gg_judge(gate, corpus, "a", 0, NULL, &error), &error,
                "gg_judge: out_verdict_json is NULL");
  ExpectInvalid(
      gg_judge(gate, corpus, "a", GG_JUDGE_INTERMEDIATE, &verdict, &error),
      &error, "gg_judge: unknown flags 0x2");
  ExpectInvalid(gg_judge(gate, corpus, "a", 0x100u, &verdict, &error), &error,
                "gg_judge: unknown flags 0x100");
  CHECK(verdict == NULL); /* untouched on failure */

  gg_corpus_free(corpus);
  gg_gate_free(gate);
}

/* `corpus` holds one value: it is truncated at once, and values it could
 * not index are unverified, not unsupported (law 5). Frees it. */
static void CheckTruncatedCorpus(gg_corpus* corpus) {
  gg_gate* gate = NULL;
  char* verdict = NULL;
  CHECK(gg_gate_create(NULL, &gate, NULL) == GG_OK);
  CHECK(gg_corpus_record_tool_result(
            corpus, "call_1", "inventory",
            "{\"serial\": \"JPG2134006X\", \"wwpn\": "
            "\"50:06:01:60:3b:a0:11:22\", \"crc\": 41200}",
            NULL) == GG_OK);
  CHECK(gg_judge(gate, corpus, "Serial JPG2134006X, 99999 errors.", 0, &verdict,
                 NULL) == GG_OK);
  CHECK(Contains(verdict, "\"action\":\"unverified\""));
  CHECK(Contains(verdict, "\"evidence_truncated\":true"));
  CHECK(Contains(verdict, "\"carried_by\":null"));
  gg_string_free(verdict);
  gg_corpus_free(corpus);
  gg_gate_free(gate);
}

static void TestTruncatedCorpus(void) {
  gg_corpus* corpus = NULL;
  CHECK(gg_corpus_create(1, &corpus, NULL) == GG_OK);
  CheckTruncatedCorpus(corpus);
  /* The same ceiling written as an option. */
  corpus = NULL;
  CHECK(gg_corpus_create_with_options("{\"max_index_tokens\": 1}", &corpus,
                                      NULL) == GG_OK);
  CheckTruncatedCorpus(corpus);
}

/* One conversation, two answers: the first grounded, the second not. */
#define RECORD_MESSAGES                                                     \
  "\"messages\": ["                                                         \
  "{\"role\": \"user\", \"content\": \"CRC errors on fc1/3?\"},"            \
  "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": " \
  "\"call_1\", \"type\": \"function\", \"function\": {\"name\": "           \
  "\"port_stats\", \"arguments\": \"{}\"}}]},"                              \
  "{\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": "        \
  "\"{\\\"port\\\": \\\"fc1/3\\\", \\\"crc_errors\\\": 41200}\"},"          \
  "{\"role\": \"assistant\", \"content\": \"fc1/3 logged 41,200.\"},"       \
  "{\"role\": \"user\", \"content\": \"And yesterday?\"},"                  \
  "{\"role\": \"assistant\", \"content\": \"Yesterday 39,950.\"}]}"

static const char kRecord[] = "{\"id\": \"san-1\", " RECORD_MESSAGES;
/* An empty id takes the fallback; a CRLF ending is read as the command
 * reads it. */
static const char kRecordNoId[] = "{\"id\": \"\", " RECORD_MESSAGES "\r";

static void TestCheckRecord(void) {
  gg_gate* gate = NULL;
  gg_error* error = NULL;
  char* lines = NULL;
  CHECK(gg_gate_create(NULL, &gate, NULL) == GG_OK);

  CHECK(gg_check_record(gate, kRecord, "file.jsonl:1", 0, &lines, &error) ==
        GG_OK);
  CHECK(error == NULL);
  /* Two answers, two lines, each ending in a newline. */
  const char* first_end = lines == NULL ? NULL : strchr(lines, '\n');
  CHECK(first_end != NULL);
  CHECK(Contains(lines,
                 "{\"trace_id\":\"san-1\",\"message_index\":3,"
                 "\"action\":\"grounded\""));
  CHECK(Contains(first_end,
                 "{\"trace_id\":\"san-1\",\"message_index\":5,"
                 "\"action\":\"flagged\""));
  CHECK(lines != NULL && lines[strlen(lines) - 1] == '\n');
  CHECK(Contains(lines, "\"source\":\"file.jsonl:1\",\"schema\":2}\n"));
  CHECK(!Contains(lines, "39950"));
  gg_string_free(lines);

  /* With values; and a record without an id takes the fallback id. */
  lines = NULL;
  CHECK(gg_check_record(gate, kRecordNoId, "file.jsonl:7", GG_INCLUDE_VALUES,
                        &lines, &error) == GG_OK);
  CHECK(Contains(lines, "\"trace_id\":\"file.jsonl:7\""));
  CHECK(Contains(lines, "\"value\":\"39950\""));
  gg_string_free(lines);
  lines = NULL;
  CHECK(gg_check_record(gate, kRecordNoId, NULL, GG_JUDGE_INTERMEDIATE, &lines,
                        &error) == GG_OK);
  CHECK(Contains(lines, "{\"trace_id\":\"\",\"message_index\":3,"));
  gg_string_free(lines);

  /* A blank record judges nothing. */
  lines = NULL;
  CHECK(gg_check_record(gate, "  \t", NULL, 0, &lines, &error) == GG_OK);
  CHECK(lines != NULL && lines[0] == '\0');
  gg_string_free(lines);

  /* Errors: a malformed record, flags, NULLs. */
  lines = NULL;
  ExpectInvalid(gg_check_record(gate, "{\"id\": \"x\", \"messages\": [{}]}",
                                NULL, 0, &lines, &error),
                &error, "gg_check_record: messages[0]");
  ExpectInvalid(
      gg_check_record(gate, "{\"messages\": []}", NULL, 0, &lines, &error),
      &error, "gg_check_record: id: missing");
  ExpectInvalid(gg_check_record(gate, "not json", NULL, 0, &lines, &error),
                &error, "gg_check_record: not JSON");
  ExpectInvalid(gg_check_record(gate, kRecord, NULL, 0x4u, &lines, &error),
                &error, "gg_check_record: unknown flags 0x4");
  ExpectInvalid(gg_check_record(NULL, kRecord, NULL, 0, &lines, &error), &error,
                "gg_check_record: gate is NULL");
  ExpectInvalid(gg_check_record(gate, NULL, NULL, 0, &lines, &error), &error,
                "gg_check_record: record is NULL");
  ExpectInvalid(gg_check_record(gate, kRecord, NULL, 0, NULL, &error), &error,
                "gg_check_record: out_lines is NULL");
  CHECK(lines == NULL);

  gg_gate_free(gate);
}

int main(void) {
  TestVersionAndCodes();
  TestGateOptions();
  TestGateArguments();
  TestCorpusArguments();
  TestCorpusOptions();
  TestJudge();
  TestTruncatedCorpus();
  TestCheckRecord();
  if (failures != 0) {
    fprintf(stderr, "c_api_test: %d check(s) failed\n", failures);
    return 1;
  }
  printf("c_api_test: all checks passed\n");
  return 0;
}
