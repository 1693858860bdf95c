/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hprof-bigdump.c: a streaming writer of app-shaped HotSpot heap dumps of
 * any size, the shape of `HeapGen bench N` (BenchHeap.java and the
 * planted leaks of the sample scenario) without a JVM: constant memory,
 * deterministic from a seed, as fast as the disk takes it.
 *
 *   hprof-bigdump [--objects N] [--seed S] [--chain N] [--wide N] OUT.hprof
 *
 * Every address is arithmetic: the fixed part (statics, leaks, chain, wide
 * array, configs, the big arrays) is laid out first, then session i lives at
 * SESS_BASE + i * STRIDE, its map node and weak reference at fixed offsets in
 * its block, so any object can point at any session before it is written.
 * Objects are written in ascending address order, in heap dump segments of
 * at most SEG_MAX bytes whose length is patched when each segment ends.
 * README.md (same folder) lists what is written and how many of each. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum
{
  T_OBJ = 2,
  T_BOOL = 4,
  T_CHAR = 5,
  T_FLOAT = 6,
  T_BYTE = 8,
  T_INT = 10,
  T_LONG = 11
};
enum
{
  R_JAVA_FRAME = 0x03,
  R_STICKY = 0x05,
  R_THREAD_OBJ = 0x08
};
enum
{
  S_CLASS = 0x20,
  S_INST = 0x21,
  S_OBJARR = 0x22,
  S_PRIMARR = 0x23
};

#define SEG_MAX (1u << 30)
#define BUF_SIZE (8u << 20)
#define HEAP_BASE UINT64_C (0x600000000)
#define CLASS_BASE UINT64_C (0x100000000)
#define PER_SESSION 34 /* as BenchHeap.PER_SESSION */
#define STRIDE 1376    /* the most a session block can hold, see session() */
#define N_WORKERS 4
/* Config 16, HashMap 48, Node[16] 80, 10 nodes 320, 20 strings of at most 16 characters 56 each */
#define CONFIG_BLOCK 1584
#define WORKER_SHARE 1000

/* ---- output: a buffer over a file descriptor ------------------------- */

static int out_fd;
static const char *out_name;
static unsigned char *buf;
static size_t buf_len;
static uint64_t out_pos;                /* file offset of buf[0] */
static uint64_t seg_start = UINT64_MAX; /* file offset of the open segment's header */

static void
die (const char *what)
{
  fprintf (stderr, "hprof-bigdump: %s: %s: %s\n", out_name, what, strerror (errno));
  exit (1);
}

static void
flush_buf (void)
{
  size_t done = 0;
  while (done < buf_len)
    {
      ssize_t w = write (out_fd, buf + done, buf_len - done);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        die ("write");
      done += (size_t)w;
    }
  out_pos += buf_len;
  buf_len = 0;
}

static inline void
need (size_t n)
{
  if (buf_len + n > BUF_SIZE)
    flush_buf ();
}
static inline void
u1 (unsigned v)
{
  need (1);
  buf[buf_len++] = (unsigned char)v;
}
static inline void
u4 (uint32_t v)
{
  need (4);
  unsigned char *p = buf + buf_len;
  p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
  buf_len += 4;
}
static inline void
u8 (uint64_t v)
{
  u4 ((uint32_t)(v >> 32));
  u4 ((uint32_t)v);
}
static void
bytes (const void *p, size_t n)
{
  while (n)
    {
      need (1);
      size_t k = BUF_SIZE - buf_len < n ? BUF_SIZE - buf_len : n;
      memcpy (buf + buf_len, p, k);
      buf_len += k;
      p = (const char *)p + k;
      n -= k;
    }
}
static inline uint64_t
pos (void)
{
  return out_pos + buf_len;
}

static void
record (unsigned tag, uint32_t len)
{
  u1 (tag);
  u4 (0);
  u4 (len);
}

/* Patches the open segment's length (in the buffer, or in the file). */
static void
seg_end (void)
{
  if (seg_start == UINT64_MAX)
    return;
  uint64_t len = pos () - seg_start - 9;
  unsigned char l[4] = { len >> 24, len >> 16, len >> 8, len };
  if (seg_start + 5 >= out_pos)
    memcpy (buf + (seg_start + 5 - out_pos), l, 4);
  else if (pwrite (out_fd, l, 4, (off_t)(seg_start + 5)) != 4)
    die ("pwrite");
  seg_start = UINT64_MAX;
}

/* Before each sub-record of at most `n` bytes: a new segment when needed. */
static void
sub (uint64_t n)
{
  if (seg_start != UINT64_MAX && pos () - seg_start + n > SEG_MAX)
    seg_end ();
  if (seg_start == UINT64_MAX)
    {
      seg_start = pos ();
      record (0x1C, 0);
    }
}

/* ---- names (UTF8 records) -------------------------------------------- */

static uint64_t next_name = 0x10000;

static uint64_t
name (const char *s)
{
  uint64_t id = next_name;
  next_name += 8;
  record (0x01, 8 + (uint32_t)strlen (s));
  u8 (id);
  bytes (s, strlen (s));
  return id;
}

/* ---- classes --------------------------------------------------------- */

typedef struct
{
  const char *name;    /* internal form, a/b/C or [Lx; */
  int super;           /* index, -1 for none */
  const char *fields;  /* "name:T name:T" with T one of L Z B I J F */
  const char *statics; /* names of static object fields */
  uint64_t id;
  unsigned size; /* shallow: align(12 + fields, 8), references 4 bytes */
  unsigned data; /* instance dump bytes: fields of the class and its supers, ids 8 */
} Cls;

enum
{
  C_OBJECT,
  C_CLASS,
  C_STRING,
  C_NUMBER,
  C_INTEGER,
  C_LONG,
  C_ABSMAP,
  C_HASHMAP,
  C_NODE,
  C_ABSCOLL,
  C_ABSLIST,
  C_ARRAYLIST,
  C_REF,
  C_WEAKREF,
  C_SOFTREF,
  C_THREAD,
  C_KWR,
  C_WATCHER,
  C_ACTIVITY,
  C_LEAKED,
  C_RECENT,
  C_LEAKHOLDER,
  C_LEAKTHREAD,
  C_THREADLEAK,
  C_USER,
  C_UNODE,
  C_APP,
  C_BENCH,
  C_SESSION,
  C_EVENT,
  C_CONFIG,
  C_CHAIN,
  C_ITEM,
  C_WORKER,
  C_UNSAFE,
  C_LOCKSUPPORT,
  C_HEAPGEN,
  C_OBJARR,
  C_NODEARR,
  C_CONFIGARR,
  C_WORKERARR,
  C_STRINGARR,
  N_CLASSES
};

static Cls cls[N_CLASSES] = {
  [C_OBJECT] = { "java/lang/Object", -1, "", "" },
  [C_CLASS] = { "java/lang/Class", C_OBJECT, "", "" },
  [C_STRING] = { "java/lang/String", C_OBJECT, "value:L coder:B hash:I hashIsZero:Z", "" },
  [C_NUMBER] = { "java/lang/Number", C_OBJECT, "", "" },
  [C_INTEGER] = { "java/lang/Integer", C_NUMBER, "value:I", "" },
  [C_LONG] = { "java/lang/Long", C_NUMBER, "value:J", "" },
  [C_ABSMAP] = { "java/util/AbstractMap", C_OBJECT, "keySet:L values:L", "" },
  [C_HASHMAP]
  = { "java/util/HashMap", C_ABSMAP, "table:L entrySet:L size:I modCount:I threshold:I loadFactor:F", "" },
  [C_NODE] = { "java/util/HashMap$Node", C_OBJECT, "hash:I key:L value:L next:L", "" },
  [C_ABSCOLL] = { "java/util/AbstractCollection", C_OBJECT, "", "" },
  [C_ABSLIST] = { "java/util/AbstractList", C_ABSCOLL, "modCount:I", "" },
  [C_ARRAYLIST] = { "java/util/ArrayList", C_ABSLIST, "elementData:L size:I", "" },
  [C_REF] = { "java/lang/ref/Reference", C_OBJECT, "referent:L queue:L next:L discovered:L", "" },
  [C_WEAKREF] = { "java/lang/ref/WeakReference", C_REF, "", "" },
  [C_SOFTREF] = { "java/lang/ref/SoftReference", C_REF, "timestamp:J", "" },
  [C_THREAD] = { "java/lang/Thread", C_OBJECT, "name:L priority:I daemon:Z tid:J threadStatus:I", "" },
  [C_KWR] = { "leakcanary/KeyedWeakReference", C_WEAKREF,
              "key:L description:L watchUptimeMillis:J retainedUptimeMillis:J", "" },
  [C_WATCHER] = { "leakcanary/ObjectWatcher", C_OBJECT, "", "watchedObjects" },
  [C_ACTIVITY] = { "android/app/Activity", C_OBJECT, "mDestroyed:Z mFinished:Z", "" },
  [C_LEAKED] = { "com/example/LeakedActivity", C_ACTIVITY, "name:L buffer:L index:I", "" },
  [C_RECENT] = { "com/example/RecentActivity", C_ACTIVITY, "name:L", "" },
  [C_LEAKHOLDER] = { "com/example/LeakHolder", C_OBJECT, "", "leaked" },
  [C_LEAKTHREAD] = { "com/example/LeakThread", C_THREAD, "ready:L leakName:L description:L", "" },
  [C_THREADLEAK] = { "com/example/ThreadLeak", C_OBJECT, "name:L buffer:L", "" },
  [C_USER] = { "com/example/User", C_OBJECT, "name:L age:I tags:L friend:L", "" },
  [C_UNODE] = { "com/example/Node", C_OBJECT, "value:I next:L", "" },
  [C_APP] = { "com/example/App", C_OBJECT, "", "userList chain recent" },
  [C_BENCH] = { "com/example/bench/BenchHeap", C_OBJECT, "",
                "sessions sessionList configs chain wide softCache weakIndex workers" },
  [C_SESSION] = { "com/example/bench/Session", C_OBJECT, "id:L attrs:L events:L config:L peer:L", "" },
  [C_EVENT] = { "com/example/bench/Event", C_OBJECT, "time:J message:L prev:L", "" },
  [C_CONFIG] = { "com/example/bench/Config", C_OBJECT, "values:L", "" },
  [C_CHAIN] = { "com/example/bench/ChainNode", C_OBJECT, "value:I next:L", "" },
  [C_ITEM] = { "com/example/bench/Item", C_OBJECT, "value:I", "" },
  [C_WORKER] = { "com/example/bench/Worker", C_THREAD, "ready:L handoff:L", "" },
  [C_UNSAFE] = { "jdk/internal/misc/Unsafe", C_OBJECT, "", "" },
  [C_LOCKSUPPORT] = { "java/util/concurrent/locks/LockSupport", C_OBJECT, "", "" },
  [C_HEAPGEN] = { "HeapGen", C_OBJECT, "", "" },
  [C_OBJARR] = { "[Ljava/lang/Object;", C_OBJECT, "", "" },
  [C_NODEARR] = { "[Ljava/util/HashMap$Node;", C_OBJECT, "", "" },
  [C_CONFIGARR] = { "[Lcom/example/bench/Config;", C_OBJECT, "", "" },
  [C_WORKERARR] = { "[Lcom/example/bench/Worker;", C_OBJECT, "", "" },
  [C_STRINGARR] = { "[Ljava/lang/String;", C_OBJECT, "", "" },
};

static unsigned
type_size (char t, int ref)
{
  switch (t)
    {
      case 'L': return ref;
      case 'Z':
      case 'B': return 1;
      case 'I':
      case 'F': return 4;
      default: return 8;
    }
}

static unsigned
fields_size (const char *f, int ref)
{
  unsigned n = 0;
  for (const char *c = strchr (f, ':'); c; c = strchr (c + 1, ':'))
    n += type_size (c[1], ref);
  return n;
}

static void
init_classes (void)
{
  for (int i = 0; i < N_CLASSES; i++)
    {
      cls[i].id = CLASS_BASE + (uint64_t)i * 0x200;
      unsigned s = 0, d = 0;
      for (int k = i; k >= 0; k = cls[k].super)
        s += fields_size (cls[k].fields, 4), d += fields_size (cls[k].fields, 8);
      cls[i].size = (12 + s + 7) & ~7u;
      cls[i].data = d;
    }
}

static inline uint64_t
align8 (uint64_t n)
{
  return (n + 7) & ~(uint64_t)7;
}
static inline uint64_t
bytes_size (uint64_t n) /* byte[n] */
{
  return align8 (16 + n);
}
static inline uint64_t
refs_size (uint64_t n) /* Object[n], compressed references */
{
  return align8 (16 + 4 * n);
}

static void
inst (uint64_t id, int c)
{
  sub (1 + 8 + 4 + 8 + 4 + cls[c].data);
  u1 (S_INST);
  u8 (id);
  u4 (0);
  u8 (cls[c].id);
  u4 (cls[c].data);
}

static void
objarr_begin (uint64_t id, int c, uint32_t n)
{
  sub (1 + 8 + 4 + 4 + 8 + 8 * (uint64_t)n);
  u1 (S_OBJARR);
  u8 (id);
  u4 (0);
  u4 (n);
  u8 (cls[c].id);
}

static void
bytearr (uint64_t id, const void *data, uint32_t n)
{
  sub (1 + 8 + 4 + 4 + 1 + (uint64_t)n);
  u1 (S_PRIMARR);
  u8 (id);
  u4 (0);
  u4 (n);
  u1 (T_BYTE);
  bytes (data, n);
}

/* A String at `id` with its own Latin-1 byte[] right after it. */
static uint64_t
string_size (size_t len)
{
  return cls[C_STRING].size + bytes_size (len);
}

static uint64_t
string (uint64_t id, const char *s)
{
  size_t len = strlen (s);
  int32_t h = 0;
  for (size_t k = 0; k < len; k++)
    h = (int32_t)(31u * (uint32_t)h + (unsigned char)s[k]);
  inst (id, C_STRING);
  u8 (id + cls[C_STRING].size);
  u1 (0);
  u4 ((uint32_t)h);
  u1 (0);
  bytearr (id + cls[C_STRING].size, s, (uint32_t)len);
  return id + string_size (len);
}

static int32_t
jhash (const char *s)
{
  int32_t h = 0;
  for (; *s; s++)
    h = (int32_t)(31u * (uint32_t)h + (unsigned char)*s);
  return h;
}

/* HashMap (AbstractMap's keySet, values first, then HashMap's own). */
static void
hashmap (uint64_t id, uint64_t table, uint32_t size, uint32_t cap)
{
  inst (id, C_HASHMAP);
  u8 (table), u8 (0), u4 (size), u4 (size), u4 (cap * 3 / 4), u4 (0x3f400000); /* 0.75f */
  u8 (0), u8 (0);
}

static void
node (uint64_t id, int32_t hash, uint64_t key, uint64_t value, uint64_t next)
{
  inst (id, C_NODE);
  u4 ((uint32_t)hash), u8 (key), u8 (value), u8 (next);
}

static void
arraylist (uint64_t id, uint64_t data, uint32_t size)
{
  inst (id, C_ARRAYLIST);
  u8 (data), u4 (size), u4 (size);
}

/* Reference's fields come after those of its subclasses. */
static void
reference_fields (uint64_t referent)
{
  u8 (referent), u8 (0), u8 (0), u8 (0);
}

static void
thread_fields (uint64_t name_id, uint64_t tid, int daemon, uint32_t status)
{
  u8 (name_id), u4 (5), u1 (daemon), u8 (tid), u4 (status);
}

/* ---- the seeded random numbers (splitmix64) -------------------------- */

static uint64_t seed = 20261129;

static inline uint64_t
mix (uint64_t *s)
{
  uint64_t z = (*s += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}
static inline uint32_t
below (uint64_t *s, uint32_t n)
{
  return (uint32_t)(((mix (s) >> 32) * n) >> 32);
}

/* ---- the layout ------------------------------------------------------ */

static uint64_t n_sessions, n_configs, n_soft, chain_len = 200000, wide_len = 1200000, map_cap;
static uint64_t sess_base;

typedef struct
{
  uint64_t at;
} Bump;
static uint64_t
take (Bump *b, uint64_t n)
{
  uint64_t a = b->at;
  b->at += n;
  return a;
}

/* The fixed part, in address (and file) order. */
static struct
{
  uint64_t leak_list, leak_arr, leaked[2], watch_list, watch_arr, kwr[4], recent;
  uint64_t threadleak, leakthread, users_list, users_arr, user0, unode0, keys[4];
  uint64_t chain0, wide_arr, item0, config0, configs_arr, sess_table, sess_map, sess_list, sess_list_arr;
  uint64_t weak_list, weak_arr, soft_list, soft_arr, workers_arr, worker[N_WORKERS], wlist[N_WORKERS],
      warr[N_WORKERS], wscratch[N_WORKERS], witem0[N_WORKERS], main_thread, end;
} F;

#define N_USERS 3000
#define N_UNODES 2000
/* User 32, its name "user-NNNN" 24 + 32, tags ArrayList 24 + Object[3] 32, three tags (at most 8 characters) 24 + 24 each */
#define USER_BLOCK (32 + 56 + 24 + 32 + 3 * 48)
static const char *const words[] = { "open", "close", "click", "scroll", "load", "save", "error", "retry" };
static const char *const tag_pool[] = { "admin", "beta", "staff", "guest", "premium", "trial" };
static const char *const map_keys[] = { "user", "page", "hits", "bytes" };
static const char *const watch_keys[]
    = { "key-leaked-activity-0", "key-leaked-activity-1", "key-thread-leak", "key-recent" };
static const char *const watch_desc[]
    = { "com.example.LeakedActivity received Activity#onDestroy() callback",
        "com.example.LeakedActivity received Activity#onDestroy() callback",
        "com.example.ThreadLeak held by a parked thread",
        "com.example.RecentActivity received Activity#onDestroy() callback" };

static uint64_t
kwr_block (int k)
{
  return cls[C_KWR].size + string_size (strlen (watch_keys[k])) + string_size (strlen (watch_desc[k]));
}

static void
layout (void)
{
  Bump b = { HEAP_BASE };
  F.leak_list = take (&b, cls[C_ARRAYLIST].size);
  F.leak_arr = take (&b, refs_size (4));
  for (int i = 0; i < 2; i++)
    F.leaked[i] = take (&b, cls[C_LEAKED].size + string_size (16) + bytes_size (1000));
  F.threadleak = take (&b, cls[C_THREADLEAK].size + string_size (16) + bytes_size (2000));
  F.recent = take (&b, cls[C_RECENT].size + string_size (16));
  F.watch_list = take (&b, cls[C_ARRAYLIST].size);
  F.watch_arr = take (&b, refs_size (4));
  for (int k = 0; k < 4; k++)
    F.kwr[k] = take (&b, kwr_block (k));
  F.leakthread = take (&b, cls[C_LEAKTHREAD].size + string_size (18) + string_size (16)
                               + string_size (strlen (watch_desc[2])));
  F.main_thread = take (&b, cls[C_THREAD].size + string_size (4));
  F.users_list = take (&b, cls[C_ARRAYLIST].size);
  F.users_arr = take (&b, refs_size (N_USERS));
  F.user0 = take (&b, (uint64_t)N_USERS * USER_BLOCK);
  F.unode0 = take (&b, (uint64_t)N_UNODES * cls[C_UNODE].size);
  for (int k = 0; k < 4; k++)
    F.keys[k] = take (&b, string_size (strlen (map_keys[k])));
  F.chain0 = take (&b, chain_len * cls[C_CHAIN].size);
  F.wide_arr = take (&b, refs_size (wide_len));
  F.item0 = take (&b, wide_len * cls[C_ITEM].size);
  F.configs_arr = take (&b, refs_size (n_configs));
  F.config0 = take (&b, n_configs * CONFIG_BLOCK);
  F.sess_map = take (&b, cls[C_HASHMAP].size);
  F.sess_table = take (&b, refs_size (map_cap));
  F.sess_list = take (&b, cls[C_ARRAYLIST].size);
  F.sess_list_arr = take (&b, refs_size (n_sessions));
  F.weak_list = take (&b, cls[C_ARRAYLIST].size);
  F.weak_arr = take (&b, refs_size (n_sessions));
  F.soft_list = take (&b, cls[C_ARRAYLIST].size);
  F.soft_arr = take (&b, refs_size (n_soft));
  F.workers_arr = take (&b, refs_size (N_WORKERS));
  for (int w = 0; w < N_WORKERS; w++)
    {
      F.worker[w] = take (&b, cls[C_WORKER].size + string_size (14));
      F.wlist[w] = take (&b, cls[C_ARRAYLIST].size);
      F.warr[w] = take (&b, refs_size (WORKER_SHARE));
      F.wscratch[w] = take (&b, refs_size (1000));
      F.witem0[w] = take (&b, 1000 * cls[C_ITEM].size);
    }
  F.end = b.at;
  sess_base = (F.end + 4095) & ~(uint64_t)4095;
}

/* Session i's objects at fixed offsets (see session()). */
static inline uint64_t
sess (uint64_t i)
{
  return sess_base + i * STRIDE;
}
static inline uint64_t
sess_id (uint64_t i)
{
  return sess (i) + 32;
}
static inline uint64_t
sess_mapnode (uint64_t i)
{
  return sess (i) + 88;
}
static inline uint64_t
sess_weak (uint64_t i)
{
  return sess (i) + 120;
}
static inline uint64_t
sess_soft (uint64_t i)
{
  return sess (i) + STRIDE - 312;
}

/* ---- the non-heap records: names, classes, stacks -------------------- */

static uint64_t n_field_name[64];
static int n_field_names;
static const char *field_names[64];

static uint64_t
field_name (const char *s, size_t len)
{
  for (int k = 0; k < n_field_names; k++)
    if (strlen (field_names[k]) == len && memcmp (field_names[k], s, len) == 0)
      return n_field_name[k];
  char *copy = strndup (s, len);
  field_names[n_field_names] = copy;
  return n_field_name[n_field_names++] = name (copy);
}

typedef struct
{
  const char *method, *sig, *file;
  int cls, line;
} Frame;

static const Frame park_frames[] = {
  { "park", "(ZJ)V", "Unsafe.java", C_UNSAFE, -2 },
  { "park", "(Ljava/lang/Object;)V", "LockSupport.java", C_LOCKSUPPORT, 211 },
};

/* Threads: serial 1 main, 2 leak-holder-thread, 3.. the workers. */
static void
stacks (void)
{
  uint64_t frame_id = 0x900000;
  for (unsigned t = 1; t <= 2 + N_WORKERS; t++)
    {
      Frame own = t == 1   ? (Frame){ "main", "([Ljava/lang/String;)V", "HeapGen.java", C_HEAPGEN, 40 }
                  : t == 2 ? (Frame){ "run", "()V", "Scenarios.java", C_LEAKTHREAD, 277 }
                           : (Frame){ "run", "()V", "BenchHeap.java", C_WORKER, 172 };
      Frame fr[3];
      unsigned n = 0;
      if (t > 1)
        fr[n++] = park_frames[0], fr[n++] = park_frames[1];
      fr[n++] = own;
      for (unsigned k = 0; k < n; k++)
        {
          uint64_t m = name (fr[k].method), s = name (fr[k].sig), f = name (fr[k].file);
          record (0x04, 8 * 4 + 4 + 4);
          u8 (frame_id + k), u8 (m), u8 (s), u8 (f), u4 ((uint32_t)fr[k].cls + 1), u4 ((uint32_t)fr[k].line);
        }
      record (0x05, 12 + 8 * n);
      u4 (t), u4 (t), u4 (n);
      for (unsigned k = 0; k < n; k++)
        u8 (frame_id + k);
      frame_id += 16;
    }
}

static void
class_dumps (void)
{
  for (int i = 0; i < N_CLASSES; i++)
    {
      uint64_t nm = name (cls[i].name);
      /* LOAD_CLASS names are binary names with slashes, as HotSpot writes. */
      record (0x02, 4 + 8 + 4 + 8);
      u4 ((uint32_t)i + 1), u8 (cls[i].id), u4 (0), u8 (nm);
    }
  /* Field names first (UTF8 records may not sit inside a heap segment). */
  for (int i = 0; i < N_CLASSES; i++)
    {
      const char *f = cls[i].fields;
      while (*f)
        {
          const char *c = strchr (f, ':');
          field_name (f, (size_t)(c - f));
          f = c + 2;
          while (*f == ' ')
            f++;
        }
      field_name ("heapDumpUptimeMillis", 20);
      const char *s = cls[i].statics;
      while (*s)
        {
          size_t len = strcspn (s, " ");
          field_name (s, len);
          s += len;
          while (*s == ' ')
            s++;
        }
    }
}

/* The value of each class's static object fields. */
static uint64_t
static_value (int c, const char *f, size_t len)
{
#define IS(x) (len == strlen (x) && memcmp (f, x, len) == 0)
  switch (c)
    {
      case C_WATCHER: return F.watch_list;
      case C_LEAKHOLDER: return F.leak_list;
      case C_APP: return IS ("userList") ? F.users_list : IS ("chain") ? F.unode0 : F.recent;
      case C_BENCH:
        return IS ("sessions")      ? F.sess_map
               : IS ("sessionList") ? F.sess_list
               : IS ("configs")     ? F.configs_arr
               : IS ("chain")       ? F.chain0
               : IS ("wide")        ? F.wide_arr
               : IS ("softCache")   ? F.soft_list
               : IS ("weakIndex")   ? F.weak_list
                                    : F.workers_arr;
      default: return 0;
    }
#undef IS
}

static void
class_dump (int i)
{
  const Cls *c = &cls[i];
  unsigned nf = 0, ns = 0;
  for (const char *p = strchr (c->fields, ':'); p; p = strchr (p + 1, ':'))
    nf++;
  for (const char *p = c->statics; *p; p += strcspn (p, " "), p += strspn (p, " "))
    ns++;
  sub (1 + 8 + 4 + 6 * 8 + 4 + 2 + 2 + (ns + 1) * 17 + 2 + nf * 9);
  u1 (S_CLASS);
  u8 (c->id), u4 (0), u8 (c->super >= 0 ? cls[c->super].id : 0), u8 (0), u8 (0), u8 (0), u8 (0), u8 (0);
  u4 (c->size);
  u1 (0), u1 (0); /* constant pool */
  /* KeyedWeakReference.heapDumpUptimeMillis (a long), for the watch durations. */
  unsigned nl = i == C_KWR;
  u1 ((ns + nl) >> 8), u1 (ns + nl);
  if (nl)
    u8 (field_name ("heapDumpUptimeMillis", 20)), u1 (T_LONG), u8 (60000);
  for (const char *p = c->statics; *p;)
    {
      size_t len = strcspn (p, " ");
      u8 (field_name (p, len)), u1 (T_OBJ), u8 (static_value (i, p, len));
      p += len;
      p += strspn (p, " ");
    }
  u1 (nf >> 8), u1 (nf);
  for (const char *f = c->fields; *f;)
    {
      const char *colon = strchr (f, ':');
      char t = colon[1];
      u8 (field_name (f, (size_t)(colon - f)));
      u1 (t == 'L'   ? T_OBJ
          : t == 'Z' ? T_BOOL
          : t == 'B' ? T_BYTE
          : t == 'I' ? T_INT
          : t == 'F' ? T_FLOAT
                     : T_LONG);
      f = colon + 2;
      f += strspn (f, " ");
    }
}

static void
roots (void)
{
  for (int i = 0; i < N_CLASSES; i++)
    {
      sub (9);
      u1 (R_STICKY), u8 (cls[i].id);
    }
  uint64_t threads[2 + N_WORKERS] = { F.main_thread, F.leakthread };
  for (int w = 0; w < N_WORKERS; w++)
    threads[2 + w] = F.worker[w];
  for (unsigned t = 0; t < 2 + N_WORKERS; t++)
    {
      sub (17);
      u1 (R_THREAD_OBJ), u8 (threads[t]), u4 (t + 1), u4 (t + 1);
    }
  /* Locals in the frame of each run() (depth 2, under the two park frames). */
  sub (17);
  u1 (R_JAVA_FRAME), u8 (F.threadleak), u4 (2), u4 (2);
  for (int w = 0; w < N_WORKERS; w++)
    {
      sub (34);
      u1 (R_JAVA_FRAME), u8 (F.wlist[w]), u4 (3 + w), u4 (2);
      u1 (R_JAVA_FRAME), u8 (F.wscratch[w]), u4 (3 + w), u4 (2);
    }
}

/* ---- the fixed part of the heap -------------------------------------- */

static void
leaks (void)
{
  arraylist (F.leak_list, F.leak_arr, 2);
  objarr_begin (F.leak_arr, C_OBJARR, 4);
  u8 (F.leaked[0]), u8 (F.leaked[1]), u8 (0), u8 (0);
  unsigned char zero[2000] = { 0 };
  for (int i = 0; i < 2; i++)
    {
      uint64_t a = F.leaked[i], s = a + cls[C_LEAKED].size, bb = s + string_size (16);
      inst (a, C_LEAKED);
      u8 (s), u8 (bb), u4 ((uint32_t)i), u1 (1), u1 (1);
      char nm[17];
      snprintf (nm, sizeof nm, "LeakedActivity#%d", i);
      string (s, nm);
      bytearr (bb, zero, 1000);
    }
  uint64_t t = F.threadleak, ts = t + cls[C_THREADLEAK].size;
  inst (t, C_THREADLEAK);
  u8 (ts), u8 (ts + string_size (16));
  string (ts, "thread-leak-0001");
  bytearr (ts + string_size (16), zero, 2000);
  inst (F.recent, C_RECENT);
  u8 (F.recent + cls[C_RECENT].size), u1 (1), u1 (0);
  string (F.recent + cls[C_RECENT].size, "RecentActivity#0");

  arraylist (F.watch_list, F.watch_arr, 4);
  objarr_begin (F.watch_arr, C_OBJARR, 4);
  for (int k = 0; k < 4; k++)
    u8 (F.kwr[k]);
  static const int64_t watch_at[] = { 10000, 11000, 13000, 55000 },
                       retained_at[] = { 15000, 16000, 18000, -1 };
  uint64_t referent[] = { F.leaked[0], F.leaked[1], F.threadleak, F.recent };
  for (int k = 0; k < 4; k++)
    {
      uint64_t a = F.kwr[k], key = a + cls[C_KWR].size, desc = key + string_size (strlen (watch_keys[k]));
      inst (a, C_KWR);
      u8 (key), u8 (desc), u8 ((uint64_t)watch_at[k]), u8 ((uint64_t)retained_at[k]);
      reference_fields (referent[k]);
      string (key, watch_keys[k]);
      string (desc, watch_desc[k]);
    }
  /* LeakThread: its own fields, then Thread's. */
  uint64_t lt = F.leakthread, n1 = lt + cls[C_LEAKTHREAD].size, n2 = n1 + string_size (18),
           n3 = n2 + string_size (16);
  inst (lt, C_LEAKTHREAD);
  u8 (0), u8 (n2), u8 (n3);
  thread_fields (n1, 20, 1, 0x291);
  string (n1, "leak-holder-thread");
  string (n2, "thread-leak-0001");
  string (n3, "com.example.ThreadLeak held by a parked thread");
  inst (F.main_thread, C_THREAD);
  thread_fields (F.main_thread + cls[C_THREAD].size, 1, 0, 0x5);
  string (F.main_thread + cls[C_THREAD].size, "main");
}

static void
filler (void)
{
  uint64_t rs = 42;
  arraylist (F.users_list, F.users_arr, N_USERS);
  objarr_begin (F.users_arr, C_OBJARR, N_USERS);
  for (uint64_t i = 0; i < N_USERS; i++)
    u8 (F.user0 + i * USER_BLOCK);
  for (uint64_t i = 0; i < N_USERS; i++)
    {
      uint64_t u = F.user0 + i * USER_BLOCK, nm = u + 32, tl = nm + 56, ta = tl + 24, t0 = ta + 32;
      char s[16];
      inst (u, C_USER);
      u8 (nm), u4 (18 + below (&rs, 60)), u8 (tl), u8 (F.user0 + below (&rs, N_USERS) * USER_BLOCK);
      snprintf (s, sizeof s, "user-%04u", (unsigned)i);
      string (nm, s);
      arraylist (tl, ta, 3);
      objarr_begin (ta, C_OBJARR, 3);
      u8 (t0), u8 (t0 + 48), u8 (t0 + 96);
      for (int k = 0; k < 3; k++)
        string (t0 + 48 * (uint64_t)k, tag_pool[below (&rs, 6)]);
    }
  for (uint64_t i = 0; i < N_UNODES; i++)
    {
      inst (F.unode0 + i * 24, C_UNODE);
      u4 ((uint32_t)i), u8 (i + 1 < N_UNODES ? F.unode0 + (i + 1) * 24 : 0);
    }
  for (int k = 0; k < 4; k++)
    string (F.keys[k], map_keys[k]);
}

static void
bench_fixed (void)
{
  for (uint64_t i = 0; i < chain_len; i++)
    {
      inst (F.chain0 + i * 24, C_CHAIN);
      u4 ((uint32_t)i), u8 (i + 1 < chain_len ? F.chain0 + (i + 1) * 24 : 0);
    }
  objarr_begin (F.wide_arr, C_OBJARR, (uint32_t)wide_len);
  for (uint64_t i = 0; i < wide_len; i++)
    u8 (F.item0 + i * 16);
  for (uint64_t i = 0; i < wide_len; i++)
    {
      inst (F.item0 + i * 16, C_ITEM);
      u4 ((uint32_t)i);
    }
  objarr_begin (F.configs_arr, C_CONFIGARR, (uint32_t)n_configs);
  for (uint64_t i = 0; i < n_configs; i++)
    u8 (F.config0 + i * CONFIG_BLOCK);
  for (uint64_t i = 0; i < n_configs; i++)
    {
      uint64_t c = F.config0 + i * CONFIG_BLOCK, m = c + 16, tab = m + 48, nd = tab + refs_size (16),
               s = nd + 10 * 32;
      inst (c, C_CONFIG);
      u8 (m);
      hashmap (m, tab, 10, 16);
      objarr_begin (tab, C_NODEARR, 16);
      for (int k = 0; k < 16; k++)
        u8 (k < 10 ? nd + 32 * (uint64_t)k : 0);
      uint64_t ks[10], vs[10];
      char kb[32], vb[48];
      for (int k = 0; k < 10; k++)
        {
          snprintf (kb, sizeof kb, "config.key.%d", k);
          snprintf (vb, sizeof vb, "value-%" PRIu64 "-%d", i, k);
          ks[k] = s;
          s += string_size (strlen (kb));
          vs[k] = s;
          s += string_size (strlen (vb));
          node (nd + 32 * (uint64_t)k, jhash (kb), ks[k], vs[k], 0);
        }
      for (int k = 0; k < 10; k++)
        {
          snprintf (kb, sizeof kb, "config.key.%d", k);
          snprintf (vb, sizeof vb, "value-%" PRIu64 "-%d", i, k);
          string (ks[k], kb);
          string (vs[k], vb);
        }
    }
  /* The sessions map: session i's node in bucket i (the table has twice the room). */
  hashmap (F.sess_map, F.sess_table, (uint32_t)n_sessions, (uint32_t)map_cap);
  objarr_begin (F.sess_table, C_NODEARR, (uint32_t)map_cap);
  for (uint64_t i = 0; i < map_cap; i++)
    u8 (i < n_sessions ? sess_mapnode (i) : 0);
  arraylist (F.sess_list, F.sess_list_arr, (uint32_t)n_sessions);
  objarr_begin (F.sess_list_arr, C_OBJARR, (uint32_t)n_sessions);
  for (uint64_t i = 0; i < n_sessions; i++)
    u8 (sess (i));
  arraylist (F.weak_list, F.weak_arr, (uint32_t)n_sessions);
  objarr_begin (F.weak_arr, C_OBJARR, (uint32_t)n_sessions);
  for (uint64_t i = 0; i < n_sessions; i++)
    u8 (sess_weak (i));
  arraylist (F.soft_list, F.soft_arr, (uint32_t)n_soft);
  objarr_begin (F.soft_arr, C_OBJARR, (uint32_t)n_soft);
  for (uint64_t i = 0; i < n_soft; i++)
    u8 (sess_soft (i * 20));
  objarr_begin (F.workers_arr, C_WORKERARR, N_WORKERS);
  for (int w = 0; w < N_WORKERS; w++)
    u8 (F.worker[w]);
  uint64_t rs = seed ^ UINT64_C (0x5752);
  for (int w = 0; w < N_WORKERS; w++)
    {
      uint64_t t = F.worker[w], nm = t + cls[C_WORKER].size;
      char s[16];
      inst (t, C_WORKER);
      u8 (0), u8 (0);
      thread_fields (nm, 30 + (uint64_t)w, 1, 0x291);
      snprintf (s, sizeof s, "bench-worker-%d", w);
      string (nm, s);
      arraylist (F.wlist[w], F.warr[w], WORKER_SHARE);
      objarr_begin (F.warr[w], C_OBJARR, WORKER_SHARE);
      for (int k = 0; k < WORKER_SHARE; k++)
        u8 (sess (below (&rs, (uint32_t)n_sessions)));
      objarr_begin (F.wscratch[w], C_OBJARR, 1000);
      for (int k = 0; k < 1000; k++)
        u8 (F.witem0[w] + 16 * (uint64_t)k);
      for (int k = 0; k < 1000; k++)
        {
          inst (F.witem0[w] + 16 * (uint64_t)k, C_ITEM);
          u4 ((uint32_t)-k);
        }
    }
}

/* ---- one session: 34 objects (BenchHeap.build), one soft pair per 20 -- */

static void
session (uint64_t i)
{
  uint64_t rs = seed * UINT64_C (0x100000001B3) ^ i;
  uint64_t a = sess (i), id = sess_id (i), mapnode = sess_mapnode (i), weak = sess_weak (i);
  uint64_t attrs = a + 152, table = attrs + 48, evarr = table + 80, evlist = evarr + 40, nodes = evlist + 24;
  uint64_t v = nodes + 4 * 32; /* the four values, then the events */
  char idb[24], user[24], page[24];
  snprintf (idb, sizeof idb, "session-%08" PRIx64, UINT64_C (0x10000000) + i);
  snprintf (user, sizeof user, "user%u", below (&rs, 1000000));
  snprintf (page, sizeof page, "/page/%u", below (&rs, 500));
  uint32_t hits = 1000 + below (&rs, 1000000), nbytes = 1000 + below (&rs, 1000000);
  uint64_t vuser = v, vpage = vuser + string_size (strlen (user)),
           vhits = vpage + string_size (strlen (page)), vbytes = vhits + 16, ev = vbytes + 24;

  inst (a, C_SESSION);
  u8 (id), u8 (attrs), u8 (evlist), u8 (F.config0 + (i % n_configs) * CONFIG_BLOCK);
  u8 ((i & 1) ? sess (i - 1) : (i + 1 < n_sessions ? sess (i + 1) : 0));
  string (id, idb);
  node (mapnode, jhash (idb), id, a, 0);
  inst (weak, C_WEAKREF);
  reference_fields (a);
  hashmap (attrs, table, 4, 16);
  objarr_begin (table, C_NODEARR, 16);
  for (int k = 0; k < 16; k++)
    u8 (k < 4 ? nodes + 32 * (uint64_t)k : 0);
  /* Event k at ev_at[k]: 32 + its String and byte[]. */
  uint64_t ev_at[5], e = ev;
  char msg[5][24];
  int64_t etime[5];
  for (int k = 0; k < 5; k++)
    {
      etime[k] = INT64_C (1700000000000) + below (&rs, 1000000);
      snprintf (msg[k], sizeof msg[k], "%s #%d", words[below (&rs, 8)], k);
      ev_at[k] = e;
      e += cls[C_EVENT].size + string_size (strlen (msg[k]));
    }
  objarr_begin (evarr, C_OBJARR, 5);
  for (int k = 0; k < 5; k++)
    u8 (ev_at[k]);
  arraylist (evlist, evarr, 5);
  uint64_t vals[4] = { vuser, vpage, vhits, vbytes };
  for (int k = 0; k < 4; k++)
    node (nodes + 32 * (uint64_t)k, jhash (map_keys[k]), F.keys[k], vals[k], 0);
  string (vuser, user);
  string (vpage, page);
  inst (vhits, C_INTEGER);
  u4 (hits);
  inst (vbytes, C_LONG);
  u8 (nbytes);
  for (int k = 0; k < 5; k++)
    {
      inst (ev_at[k], C_EVENT);
      u8 ((uint64_t)etime[k]), u8 (ev_at[k] + cls[C_EVENT].size), u8 (k ? ev_at[k - 1] : 0);
      string (ev_at[k] + cls[C_EVENT].size, msg[k]);
    }
  if (e > sess_soft (i))
    {
      fprintf (stderr, "hprof-bigdump: session %" PRIu64 " overflows its block\n", i);
      exit (1);
    }
  if (i % 20 == 0)
    {
      uint64_t s = sess_soft (i);
      unsigned char zero[256] = { 0 };
      inst (s, C_SOFTREF);
      u8 (0);
      reference_fields (s + 40);
      bytearr (s + 40, zero, 256);
    }
}

static uint64_t
parse_count (const char *s)
{
  char *end;
  errno = 0;
  double v = strtod (s, &end);
  if (errno || end == s || v < 0)
    {
      fprintf (stderr, "hprof-bigdump: not a count: %s\n", s);
      exit (2);
    }
  if (*end == 'k' || *end == 'K')
    v *= 1e3, end++;
  else if (*end == 'M' || *end == 'm')
    v *= 1e6, end++;
  else if (*end == 'G' || *end == 'g')
    v *= 1e9, end++;
  if (*end)
    {
      fprintf (stderr, "hprof-bigdump: not a count: %s\n", s);
      exit (2);
    }
  return (uint64_t)v;
}

int
main (int argc, char **argv)
{
  uint64_t target = 10000000;
  const char *out = NULL;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--objects") == 0 && i + 1 < argc)
        target = parse_count (argv[++i]);
      else if (strcmp (argv[i], "--seed") == 0 && i + 1 < argc)
        seed = parse_count (argv[++i]);
      else if (strcmp (argv[i], "--chain") == 0 && i + 1 < argc)
        chain_len = parse_count (argv[++i]);
      else if (strcmp (argv[i], "--wide") == 0 && i + 1 < argc)
        wide_len = parse_count (argv[++i]);
      else if (argv[i][0] != '-' && !out)
        out = argv[i];
      else
        {
          fprintf (stderr, "usage: hprof-bigdump [--objects N] [--seed S] [--chain N] [--wide N] OUT.hprof\n"
                           "  N may end in k, M or G; about N objects are written (default 10M)\n");
          return 2;
        }
    }
  if (!out)
    {
      fprintf (stderr, "usage: hprof-bigdump [--objects N] [--seed S] [--chain N] [--wide N] OUT.hprof\n");
      return 2;
    }
  /* As BenchHeap.build: the sessions fill what the fixed part leaves. */
  uint64_t fixed = chain_len + wide_len + 1;
  n_sessions = target > fixed + 1000 * PER_SESSION ? (target - fixed) / PER_SESSION : 1000;
  if (n_sessions >= UINT64_C (0xF0000000) || wide_len >= UINT32_MAX)
    {
      fprintf (stderr, "hprof-bigdump: too many objects for this generator\n");
      return 2;
    }
  n_configs = n_sessions / 1000 ? n_sessions / 1000 : 1;
  n_soft = (n_sessions + 19) / 20;
  for (map_cap = 16; map_cap < 2 * n_sessions; map_cap *= 2)
    ;
  if (map_cap >= UINT32_MAX / 2)
    {
      fprintf (stderr, "hprof-bigdump: too many objects for this generator\n");
      return 2;
    }
  init_classes ();
  layout ();

  out_name = out;
  out_fd = open (out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out_fd < 0)
    die ("open");
  buf = malloc (BUF_SIZE);
  if (!buf)
    die ("malloc");
  static const char header[] = "JAVA PROFILE 1.0.2";
  bytes (header, sizeof header);
  u4 (8);
  u8 (UINT64_C (1764547200000)); /* a fixed dump time */
  class_dumps ();
  stacks ();
  for (int i = 0; i < N_CLASSES; i++)
    class_dump (i);
  roots ();
  leaks ();
  filler ();
  bench_fixed ();
  for (uint64_t i = 0; i < n_sessions; i++)
    session (i);
  seg_end ();
  record (0x2C, 0);
  flush_buf ();
  if (close (out_fd) != 0)
    die ("close");
  fprintf (stderr, "hprof-bigdump: wrote %s (%" PRIu64 " bytes, %" PRIu64 " sessions)\n", out, out_pos,
           n_sessions);
  return 0;
}
