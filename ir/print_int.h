/*
** print_int.h — what the printer's files share (ir/print.c: functions and
** ops; ir/print_attr.c: attributes, types, locations; ir/print_alias.c:
** affine map aliases and the module entry points). Not for anyone else:
** the printer's public face is ir/print.h.
*/
#ifndef TFRUN_PRINT_INT_H
#define TFRUN_PRINT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "ir/print.h"

/* The spelling of [t] ("none" for NULL). */
static inline const char *tspell(const Type *t) { return t && t->spelling ? t->spelling : "none"; }

/* print_attr.c */
bool pr_bare_ident(const char *s, size_t n);           /* [s] needs no quotes */
void pr_escaped(FILE *out, const char *s, size_t n);   /* "..." as llvm::printEscapedString */
void pr_symbol(FILE *out, const char *s);              /* @name or @"..." */
void pr_key(FILE *out, const char *s);                 /* name or "..." (attribute keys) */
void pr_float_value(FILE *out, const Attr *a);
void pr_int_value(FILE *out, const Attr *a);

/* print.c: the module without map aliases ([opt] NULL: tfrun's own form,
** with the locations written in the source). */
void pr_module_plain(FILE *out, const Module *m, const IrPrintOptions *opt);

#endif
