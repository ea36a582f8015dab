#include <criterion/criterion.h>
Test(test_extract, placeholder) { cr_assert(1); }
