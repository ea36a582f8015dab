#include <criterion/criterion.h>
Test(test_text, placeholder) { cr_assert(1); }
