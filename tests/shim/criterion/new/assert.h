/*
** The part of Criterion's "new" assertion API that tests/test_*.c use, for the
** Criterion shim (see ../criterion.h: used only by `make tsan`): criteria
** eq/ne/lt/le/gt/ge(TYPE, a, b) given to cr_assert/cr_expect. TYPE is one of
** Criterion's tags: i8..i64, u8..u64, sz, int, flt, dbl, ldbl, ptr, str.
*/
#ifndef shim_new_assert_h
#define shim_new_assert_h
#pragma GCC system_header
#include <stdint.h>
#include "../criterion.h"

#define SHIM_T_i8   int8_t
#define SHIM_T_i16  int16_t
#define SHIM_T_i32  int32_t
#define SHIM_T_i64  int64_t
#define SHIM_T_u8   uint8_t
#define SHIM_T_u16  uint16_t
#define SHIM_T_u32  uint32_t
#define SHIM_T_u64  uint64_t
#define SHIM_T_sz   size_t
#define SHIM_T_int  int
#define SHIM_T_flt  float
#define SHIM_T_dbl  double
#define SHIM_T_ldbl long double
#define SHIM_T_ptr  const void *
#define SHIM_T_chr  char

/* Numbers compare after conversion to the tag's type; strings with strcmp. */
#define SHIM_CMP_(T, op, a, b) ((SHIM_T_##T)(a) op (SHIM_T_##T)(b))
#define SHIM_STRCMP_(a, b) strcmp((const char *)(a), (const char *)(b))
#define eq(T, a, b) SHIM_SEL_##T(==, a, b)
#define ne(T, a, b) SHIM_SEL_##T(!=, a, b)
#define lt(T, a, b) SHIM_SEL_##T(<, a, b)
#define le(T, a, b) SHIM_SEL_##T(<=, a, b)
#define gt(T, a, b) SHIM_SEL_##T(>, a, b)
#define ge(T, a, b) SHIM_SEL_##T(>=, a, b)
#define not(c) (!(c))

#define SHIM_SEL_i8(op, a, b)   SHIM_CMP_(i8, op, a, b)
#define SHIM_SEL_i16(op, a, b)  SHIM_CMP_(i16, op, a, b)
#define SHIM_SEL_i32(op, a, b)  SHIM_CMP_(i32, op, a, b)
#define SHIM_SEL_i64(op, a, b)  SHIM_CMP_(i64, op, a, b)
#define SHIM_SEL_u8(op, a, b)   SHIM_CMP_(u8, op, a, b)
#define SHIM_SEL_u16(op, a, b)  SHIM_CMP_(u16, op, a, b)
#define SHIM_SEL_u32(op, a, b)  SHIM_CMP_(u32, op, a, b)
#define SHIM_SEL_u64(op, a, b)  SHIM_CMP_(u64, op, a, b)
#define SHIM_SEL_sz(op, a, b)   SHIM_CMP_(sz, op, a, b)
#define SHIM_SEL_int(op, a, b)  SHIM_CMP_(int, op, a, b)
#define SHIM_SEL_flt(op, a, b)  SHIM_CMP_(flt, op, a, b)
#define SHIM_SEL_dbl(op, a, b)  SHIM_CMP_(dbl, op, a, b)
#define SHIM_SEL_ldbl(op, a, b) SHIM_CMP_(ldbl, op, a, b)
#define SHIM_SEL_ptr(op, a, b)  SHIM_CMP_(ptr, op, a, b)
#define SHIM_SEL_chr(op, a, b)  SHIM_CMP_(chr, op, a, b)
#define SHIM_SEL_str(op, a, b)  (SHIM_STRCMP_(a, b) op 0)

#endif
