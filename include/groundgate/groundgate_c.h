/* groundgate/groundgate_c.h — the gate from C (and from any language with a
 * C foreign-function interface).
 *
 * Its one job: give programs that cannot use the C++ API the same judgement:
 * a gate made once from options written as JSON, one corpus per
 * conversation that records user messages, application text and tool
 * results, and a judge that returns the verdict's stable JSON form
 * (groundgate/verdict_json.h) as a string. It sits beside the C++ API, over
 * the same library: nothing here judges differently.
 *
 * What it does NOT do: expose the verdict as C structs (read the JSON),
 * read trace files (gg_check_record takes one record; the caller owns the
 * I/O), or throw: no C++ exception crosses this boundary.
 *
 *   #include <stdio.h>
 *   #include <stdlib.h>
 *
 *   #include "groundgate/groundgate_c.h"
 *
 *   int main(void) {
 *     gg_error* error = NULL;
 *     gg_gate* gate = NULL;
 *     gg_corpus* corpus = NULL;
 *     char* verdict = NULL;
 *     if (gg_gate_create("{\"exempt_values\": [\"TENANT-0042\"]}", &gate,
 *                        &error) != GG_OK ||
 *         gg_corpus_create(0, &corpus, &error) != GG_OK ||
 *         gg_corpus_record_user_message(
 *             corpus, "How many CRC errors on port fc1/3?", NULL,
 *             &error) != GG_OK ||
 *         gg_corpus_record_tool_result(
 *             corpus, "call_1", "port_stats",
 *             "{\"port\": \"fc1/3\", \"crc_errors\": 41200}",
 *             &error) != GG_OK ||
 *         gg_judge(gate, corpus, "Port fc1/3 logged 41,200 CRC errors.", 0,
 *                  &verdict, &error) != GG_OK) {
 *       fprintf(stderr, "groundgate: %s\n", gg_error_message(error));
 *       gg_error_free(error);
 *       gg_corpus_free(corpus);
 *       gg_gate_free(gate);
 *       return 2;
 *     }
 *     puts(verdict);  // {"action":"grounded","candidates":2,...}
 *     gg_string_free(verdict);
 *     gg_corpus_free(corpus);
 *     gg_gate_free(gate);
 *     return 0;
 *   }
 *
 * Errors: every fallible function returns a gg_code, GG_OK on success. When
 * it fails and its last argument `error` is not NULL, *error receives a
 * gg_error saying what went wrong (the same code, and a message naming the
 * argument or the option and the fix); free it with gg_error_free. Pass NULL
 * to ignore the detail. REQUIRES: *error is NULL on entry; a call never
 * overwrites an error already there (it keeps the first, and still returns
 * its own code). Out-parameters are left untouched on failure.
 *
 * Strings: every `const char*` argument is NUL-terminated UTF-8, read during
 * the call only (nothing keeps a pointer to it). Byte offsets in a verdict
 * ("start", "end") count bytes of the answer as passed.
 *
 * Ownership: what a gg_*_create, gg_judge or gg_check_record hands back
 * belongs to the caller, who releases it with the matching free function
 * (gg_gate_free, gg_corpus_free, gg_string_free, gg_error_free). Every free
 * function accepts NULL.
 *
 * Thread safety: a gg_gate is immutable after gg_gate_create and safe for
 * concurrent use by any number of threads: share one across all
 * conversations. A gg_corpus is one conversation's state: calls that record
 * into it must not run concurrently with any other call on the same corpus;
 * gg_judge only reads it, so judges of one corpus may run concurrently with
 * each other. Distinct corpora may be used on distinct threads freely.
 */
#ifndef GROUNDGATE_GROUNDGATE_C_H_
#define GROUNDGATE_GROUNDGATE_C_H_

#include <stddef.h>

#include "groundgate/export.h"
#include "groundgate/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What went wrong. Values are stable: new codes are only ever added. */
typedef enum gg_code {
  GG_OK = 0,
  /* A NULL where a value is required, unknown flags, bad options JSON or an
   * option Gate::Create rejects, a trace record that cannot be read. */
  GG_INVALID_ARGUMENT = 1,
  /* An allocation failed; the object the call was given is unchanged
   * except that a corpus may hold part of the text being recorded. */
  GG_OUT_OF_MEMORY = 2,
  /* An unexpected failure inside the library (a bug: please report it). */
  GG_INTERNAL = 3
} gg_code;

/* Opaque handles. */
typedef struct gg_gate gg_gate;
typedef struct gg_corpus gg_corpus;
typedef struct gg_error gg_error;

/* gg_judge and gg_check_record flags, OR-ed together. */
enum {
  /* Add each value's text to the verdict ("value", "near_miss",
   * "derivation", a conflict's "key", a misattributed value's
   * "named_value", "field", "named_path" and "read_path"; clipped to 64
   * bytes). Off by default:
   * the verdict names shapes and offsets, never values (law 8). */
  GG_INCLUDE_VALUES = 1 << 0,
  /* gg_check_record only: also judge the model's reasoning (a thinking
   * block, a reasoning item or step); it is never evidence either way. */
  GG_JUDGE_INTERMEDIATE = 1 << 1
};

/* ---- version and errors ---- */

/* The version of the library linked, "MAJOR.MINOR.PATCH"; a static string.
 * GROUNDGATE_VERSION_STRING (groundgate/version.h) is the headers'. */
GROUNDGATE_C_EXPORT const char* gg_version(void);

/* The error's code; GG_INTERNAL for a NULL error. */
GROUNDGATE_C_EXPORT gg_code gg_error_code(const gg_error* error);

/* The error's message, valid until gg_error_free; "" for a NULL error. */
GROUNDGATE_C_EXPORT const char* gg_error_message(const gg_error* error);

/* Releases an error. NULL is a no-op. */
GROUNDGATE_C_EXPORT void gg_error_free(gg_error* error);

/* "ok", "invalid_argument", "out_of_memory", "internal"; "unknown" for a
 * value outside the enum. A static string. */
GROUNDGATE_C_EXPORT const char* gg_code_name(gg_code code);

/* ---- the gate ---- */

/* Makes a gate from options written as a JSON object, or NULL for the
 * defaults:
 *
 *   {"min_digits": 4,                 bare numbers with at least this many
 *                                     digits are values (>= 1)
 *    "shapes": [{"name": "ticket", "pattern": "[A-Z]{2,6}-[0-9]+"}],
 *    "exempt_values": ["TENANT-0042"],
 *    "exempt_patterns": ["v[0-9]+\\.[0-9]+"],
 *    "names": true,                   names and digit-free identifiers
 *    "arithmetic": true,              derived sums, differences, ...
 *    "quantities": true,              measured quantities in prose (28 °C,
 *                                     74.66 years, 90%, Seats: 54)
 *    "bind_records": true,            a value told of one record must be
 *                                     that record's (law 11)
 *    "misattribution_flags": true}    false: a misattributed value is a
 *                                     warning that flags nothing
 *
 * Every member is optional; each means what its GateOptions field does
 * (groundgate/gate.h), and `groundgate check --shapes FILE` reads the same
 * shapes, exempt_values and exempt_patterns. On success stores the gate in
 * *out_gate and returns GG_OK. Returns GG_INVALID_ARGUMENT for a NULL
 * out_gate, JSON that does not parse, an unknown member, a mistyped one, or
 * an option the gate rejects (the message names it and the fix).
 * REQUIRES: out_gate is not NULL. */
GROUNDGATE_C_EXPORT gg_code gg_gate_create(const char* options_json,
                                           gg_gate** out_gate,
                                           gg_error** error);

/* Releases a gate. NULL is a no-op. REQUIRES: no call is using it. */
GROUNDGATE_C_EXPORT void gg_gate_free(gg_gate* gate);

/* ---- the corpus: one conversation ---- */

/* Makes an empty corpus. It holds at most max_index_tokens distinct values
 * (0 means the default, 200,000); past that it is truncated and verdicts
 * report values not found as unverified, accusing no one (law 5). Returns
 * GG_INVALID_ARGUMENT for a NULL out_corpus. */
GROUNDGATE_C_EXPORT gg_code gg_corpus_create(size_t max_index_tokens,
                                             gg_corpus** out_corpus,
                                             gg_error** error);

/* Makes an empty corpus from options written as a JSON object; NULL (or
 * "{}") gives the defaults. Members: "max_index_tokens" (an integer, at
 * least 1; default 200,000: as gg_corpus_create's) and "process_caches"
 * (true or false; default true: what reading a text yields is shared with
 * every corpus of the process and read once; false reads every text in this
 * corpus again and holds nothing process-wide, for a fresh process's cost
 * or a memory bound; the verdicts are the same). Returns
 * GG_INVALID_ARGUMENT for a NULL out_corpus, text that is not JSON, an
 * unknown member, or a member of the wrong type or range (the message
 * names it: "max_index_tokens: must be at least 1, got 0"). */
GROUNDGATE_C_EXPORT gg_code gg_corpus_create_with_options(
    const char* options_json, gg_corpus** out_corpus, gg_error** error);

/* Releases a corpus. NULL is a no-op. REQUIRES: no call is using it. */
GROUNDGATE_C_EXPORT void gg_corpus_free(gg_corpus* corpus);

/* Records a user message: it starts a new user turn and its values are
 * exempt, unless it starts with "[evidence check" (a correction frame the
 * library wrote), which is neither. When began_user_turn is not NULL it
 * receives 1 if the message started a turn, else 0. Returns
 * GG_INVALID_ARGUMENT for a NULL corpus or text. */
GROUNDGATE_C_EXPORT gg_code gg_corpus_record_user_message(gg_corpus* corpus,
                                                          const char* text,
                                                          int* began_user_turn,
                                                          gg_error** error);

/* Records text the application supplied (the system prompt, context): its
 * values are exempt. Returns GG_INVALID_ARGUMENT for a NULL corpus or text.
 */
GROUNDGATE_C_EXPORT gg_code gg_corpus_record_exempt(gg_corpus* corpus,
                                                    const char* text,
                                                    gg_error** error);

/* Records one SUCCESSFUL tool result: content that parses as JSON is walked
 * structurally, anything else read as text. Never pass the model's tool-call
 * arguments, an error result or the model's own text (law 3). Returns
 * GG_INVALID_ARGUMENT when any pointer is NULL (an empty string is fine). */
GROUNDGATE_C_EXPORT gg_code gg_corpus_record_tool_result(
    gg_corpus* corpus, const char* tool_call_id, const char* tool_name,
    const char* content, gg_error** error);

/* ---- judging ---- */

/* Judges one answer against the conversation's corpus. On success stores in
 * *out_verdict_json the verdict's stable JSON form, one line with no
 * newline:
 *
 *   {"action": "grounded" | "flagged" | "unverified", "candidates",
 *    "looked_up", "unsupported": [...], "unverified": [...],
 *    "misattributed": [...], "grounded": [...], "carried_by": [...] | null,
 *    "conflicts": [...], "evidence_truncated", "answer_truncated",
 *    "grounding": {...}}
 *
 * (the README's "The verdict" says what each holds; a "misattributed"
 * entry is a value read from another record than the one the answer names,
 * law 11: {"shape", "start", "end", "named_carrier", "read_carrier"
 * [, "aggregate"]}, and with GG_INCLUDE_VALUES "value", "named_value",
 * "field", "named_path", "read_path"; its length is the misattributed
 * count), a malloc'ed string the
 * caller releases with gg_string_free. `flags` is 0 or GG_INCLUDE_VALUES.
 * Returns GG_INVALID_ARGUMENT for a NULL pointer or an unknown flag. */
GROUNDGATE_C_EXPORT gg_code gg_judge(const gg_gate* gate,
                                     const gg_corpus* corpus,
                                     const char* answer, unsigned flags,
                                     char** out_verdict_json, gg_error** error);

/* Judges one answer as gg_judge does, then records in the corpus what the
 * gate derived in it: a later answer that restates such a number without
 * its operands ("the $368 difference" after "$105 + $263 = $368") grounds
 * it the same way (EvidenceCorpus::RecordJudgedAnswer; nothing else of the
 * answer is recorded, law 3). Use it for each answer a loop judges; it
 * changes the corpus, so no other call may use that corpus meanwhile.
 * Arguments, flags and errors as gg_judge's. */
GROUNDGATE_C_EXPORT gg_code
gg_judge_and_record(const gg_gate* gate, gg_corpus* corpus, const char* answer,
                    unsigned flags, char** out_verdict_json, gg_error** error);

/* Re-judges one recorded conversation the way `groundgate check` does: one
 * JSONL record in any format the command reads (OpenAI Chat Completions or
 * Responses, Anthropic Messages, MCP, evidenceflow; detected from the
 * record), replayed into a fresh corpus. On success stores in *out_lines
 * one JSON line per judged answer, each ending in "\n", exactly as the
 * command prints them ("" when the record has no answer): a malloc'ed
 * string for gg_string_free. fallback_id names a record whose "id" is ""
 * and is every line's "source" (the command uses "FILE:LINE"; a record
 * without "id" is rejected: "id: missing"); NULL means "" and no
 * "source". Each line ends with "schema": its form's version. `flags` takes
 * GG_INCLUDE_VALUES (each listed value then also has "text", the answer's
 * bytes at its span) and GG_JUDGE_INTERMEDIATE. A blank record gives "".
 * Returns GG_INVALID_ARGUMENT for a NULL gate, record or out_lines, an unknown
 * flag, or a record that is not a readable trace (the message names the
 * field: "messages[3].role: missing"). */
GROUNDGATE_C_EXPORT gg_code gg_check_record(const gg_gate* gate,
                                            const char* record,
                                            const char* fallback_id,
                                            unsigned flags, char** out_lines,
                                            gg_error** error);

/* Releases a string gg_judge or gg_check_record returned. NULL is a no-op.
 */
GROUNDGATE_C_EXPORT void gg_string_free(char* text);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif /* GROUNDGATE_GROUNDGATE_C_H_ */
