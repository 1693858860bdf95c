/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example.bench;

import java.util.HashMap;

/*
 * The cache that grows between the dumps of the `series` scenario: a static
 * HashMap from request id to a Request (a String id and a byte[64] body).
 * Each call of grow() adds PER_STEP entries, as a slow leak that keeps one
 * entry per request would.
 */
public final class SeriesCache {
  public static final int PER_STEP = 100_000;

  public static final HashMap<String, Request> requests = new HashMap<>();

  private SeriesCache() {}

  public static final class Request {
    final String id;
    final byte[] body = new byte[64];

    Request(String id) {
      this.id = id;
    }
  }

  public static void grow() {
    int base = requests.size();
    for (int i = 0; i < PER_STEP; i++) {
      String id = "request-" + (base + i);
      requests.put(id, new Request(id));
    }
  }
}
