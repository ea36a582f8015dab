#include <criterion/criterion.h>
Test(test_numfmt, placeholder) { cr_assert(1); }
