/* hs-models.h: kept only so that existing includers compile; each row or
 * model type now has its own header. Include those instead. */
#pragma once

#include "hs-object-row.h"
#include "hs-object-list.h"
#include "hs-class-row.h"
#include "hs-class-model.h"
