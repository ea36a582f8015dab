#include <criterion/criterion.h>
Test(test_scene_json, placeholder) { cr_assert(1); }
