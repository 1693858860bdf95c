/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-siphash-private.h: the SipHash round (Aumasson and Bernstein), shared
 * by the string table's hash (hs-strhash.c) and the waste pass's value
 * hashes (hs-waste.c), on four 64-bit state words held by the caller. */
#pragma once

#include <glib.h>

#define HS_SIP_ROTL(x, b) ((guint64)(((x) << (b)) | ((x) >> (64 - (b)))))

#define HS_SIPROUND(v0, v1, v2, v3)                                                                          \
  do                                                                                                         \
    {                                                                                                        \
      (v0) += (v1);                                                                                          \
      (v1) = HS_SIP_ROTL ((v1), 13);                                                                         \
      (v1) ^= (v0);                                                                                          \
      (v0) = HS_SIP_ROTL ((v0), 32);                                                                         \
      (v2) += (v3);                                                                                          \
      (v3) = HS_SIP_ROTL ((v3), 16);                                                                         \
      (v3) ^= (v2);                                                                                          \
      (v0) += (v3);                                                                                          \
      (v3) = HS_SIP_ROTL ((v3), 21);                                                                         \
      (v3) ^= (v0);                                                                                          \
      (v2) += (v1);                                                                                          \
      (v1) = HS_SIP_ROTL ((v1), 17);                                                                         \
      (v1) ^= (v2);                                                                                          \
      (v2) = HS_SIP_ROTL ((v2), 32);                                                                         \
    }                                                                                                        \
  while (0)
