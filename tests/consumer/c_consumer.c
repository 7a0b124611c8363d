/* tests/consumer/c_consumer.c — a C program outside the project that uses an
 * installed groundgate through its C API alone (groundgate/groundgate_c.h),
 * compiled as C11 and linked with `pkg-config groundgate-c`: it checks the
 * version the header names is the version linked and judges one answer.
 * Built by tests/consumer/run.sh with gcc and with clang, each with and
 * without --static; it does not link the C++ runtime itself. */
#include <stdio.h>
#include <string.h>

#include "groundgate/groundgate_c.h"

int main(void) {
  gg_error* error = NULL;
  gg_gate* gate = NULL;
  gg_corpus* corpus = NULL;
  char* verdict = NULL;
  int flagged = 0;
  if (strcmp(gg_version(), GROUNDGATE_VERSION_STRING) != 0) {
    fprintf(stderr, "version mismatch: header %s, library %s\n",
            GROUNDGATE_VERSION_STRING, gg_version());
    return 1;
  }
  if (gg_gate_create(NULL, &gate, &error) != GG_OK ||
      gg_corpus_create(0, &corpus, &error) != GG_OK ||
      gg_corpus_record_user_message(corpus, "CRC errors on fc1/3?", NULL,
                                    &error) != GG_OK ||
      gg_corpus_record_tool_result(corpus, "call_1", "port_stats",
                                   "{\"port\": \"fc1/3\", \"crc_errors\": "
                                   "41200}",
                                   &error) != GG_OK ||
      gg_judge(gate, corpus,
               "Port fc1/3 logged 41,200 CRC errors, up from 39,950.", 0,
               &verdict, &error) != GG_OK) {
    fprintf(stderr, "%s\n", gg_error_message(error));
    gg_error_free(error);
    gg_corpus_free(corpus);
    gg_gate_free(gate);
    return 1;
  }
  puts(verdict);
  /* 39,950 was typed, not read: the answer is flagged. */
  flagged = strstr(verdict, "\"action\":\"flagged\"") != NULL;
  gg_string_free(verdict);
  gg_corpus_free(corpus);
  gg_gate_free(gate);
  return flagged ? 0 : 1;
}
