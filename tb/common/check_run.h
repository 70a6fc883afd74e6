/* check_run.h - what every Check (libcheck) program of the REMS tests does around its tests, written once:
 *
 *   Suite *s = suite_create("name");
 *   TCase *tc = check_tcase(s, "case", 300);      // one test case, a timeout in seconds for each test
 *   tcase_add_test(tc, ...); ...
 *   return check_run(s, CK_NOFORK) ? 1 : 0;       // CK_NOFORK keeps the tests' totals in this process
 *
 * check_run prints Check's summary line "N%: Checks: N, Failures: F, Errors: E", which scripts/run-suite
 * counts, and returns the number of tests that failed. */
#ifndef CHECK_RUN_H
#define CHECK_RUN_H
#include <check.h>

static inline TCase *check_tcase(Suite *s, const char *name, double timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    suite_add_tcase(s, tc);
    return tc;
}

static inline int check_run(Suite *s, enum fork_status fork)
{
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, fork);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed;
}
#endif
