/*
** json.h — one JSON string writer for the commands that print JSON
** (`tfrun explore --json`, `tfrun test --json`).
**
** Module prefix: json_.
*/
#ifndef TFRUN_CLI_JSON_H
#define TFRUN_CLI_JSON_H

#include <stddef.h>
#include <stdio.h>

/* Writes the [n] bytes of [s] to [out] as a JSON string: quotes, '"' and
** '\' escaped, \n \t \r by name, other control bytes as \u00XX; other
** bytes (UTF-8 included) as they are. */
void json_string(FILE *out, const char *s, size_t n);

#endif
