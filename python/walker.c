#include "ext.h"
