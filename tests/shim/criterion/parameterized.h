/*
** Parameterized tests for the Criterion shim (see criterion.h: used only by
** `make tsan`). ParameterizedTestParameters(suite, name) returns the array made
** with cr_make_param_array; ParameterizedTest(Type *p, suite, name, ...) runs
** once per element, each run counting as one test.
*/
#ifndef shim_parameterized_h
#define shim_parameterized_h
#pragma GCC system_header
#include "criterion.h"

#define cr_make_param_array(Type, array, len, ...)                                  \
    ((struct criterion_test_params){ sizeof(Type), (void *)(array), (len), __VA_ARGS__ })

#define ParameterizedTestParameters(S, N)                                           \
    static struct criterion_test_params S##_##N##_params(void)

#define ParameterizedTest(P, S, N, ...)                                             \
    static struct criterion_test_params S##_##N##_params(void);                     \
    static void S##_##N##_pfn(P);                                                   \
    static void S##_##N##_tramp(void *p) { S##_##N##_pfn(p); }                      \
    SHIM_REG_(S##_##N, .suite = #S, .name = #N, .file = __FILE__,                   \
              .pfn = S##_##N##_tramp, .params = S##_##N##_params,                   \
              __VA_ARGS__)                                                          \
    static void S##_##N##_pfn(P)

#endif
