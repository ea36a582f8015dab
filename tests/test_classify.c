#include <criterion/criterion.h>
Test(test_classify, placeholder) { cr_assert(1); }
