/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-file.h: the container of a persistent index (docs/index.md): a
 * fixed header, then sections (each 64-byte aligned, checksummed), then a
 * table of sections. Written to a temporary file beside the target and
 * renamed when whole; read by mapping it (private, copy-on-write: a
 * reader may write to a section's pages, nothing reaches the file). Every
 * check a reader needs (magic, versions, bounds, checksums, the dump's
 * identity) happens in hs_index_file_open: a section handed out is whole.
 * Engine layer: GLib only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Bumped whenever a section's layout or meaning changes. */
#define HS_INDEX_FORMAT_VERSION 3

/* What the dump was, when the index was written. A reopen compares these
 * (hs_index_identity_matches): size, HPROF timestamp and sampled hash say
 * "the same bytes" anywhere (an index copied from a server); device, inode,
 * mtime and path say "the same file here" (the cache). */
typedef struct
{
  guint64 size;
  gint64 mtime_ns;
  guint64 dev, ino;
  guint64 hprof_timestamp_ms;
  guint64 sample_hash;  /* of sampled blocks of the file (hs-index-key.c) */
  guint64 options_hash; /* of the options that change results */
} HsIndexIdentity;

typedef enum
{
  HS_INDEX_MATCH_SAME_FILE,  /* everything, device, inode and mtime too */
  HS_INDEX_MATCH_SAME_BYTES, /* size, timestamp, sampled hash, options */
} HsIndexMatch;

/* Whether a (what an index was written for) and b (the dump now) match as
 * match says; if not, *differs (may be NULL) names the first field that
 * differs ("size", "HPROF timestamp", "sampled contents", "analysis
 * options", "modification time", "device and inode"). */
gboolean hs_index_identity_matches (const HsIndexIdentity *a, const HsIndexIdentity *b, HsIndexMatch match,
                                    const char **differs);

/* Section ids. One per array or record block; a reader asks for the ones
 * it knows and ignores the others. */
typedef enum
{
  HS_INDEX_SECTION_INFO = 1,                       /* HsIndexBlob: dump path, program version, dates */
  HS_INDEX_SECTION_HEAP = 2,                       /* HsIndexBlob: the heap's scalars and small tables */
  HS_INDEX_SECTION_HEAP_ARRAY_FIRST = 0x100,       /* 0x100..0x1fc: the heap's arrays */
  HS_INDEX_SECTION_HEAP_DEPTHS = 0x1ff,            /* optional: each object's depth, a guint32 */
  HS_INDEX_SECTION_DOM = 0x200,                    /* HsIndexBlob: the dominator tree's scalars */
  HS_INDEX_SECTION_DOM_ARRAY_FIRST = 0x201,        /* 0x201..0x2ff: its arrays */
  HS_INDEX_SECTION_ANALYSIS = 0x300,               /* class retained, native sizes */
  HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS = 0x301, /* hs-class-instances.h: each class's range */
  HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS = 0x302, /* ... and the objects, each class's in order */
  HS_INDEX_SECTION_LEAKS = 0x400,                  /* hs_leak_report_save */
  HS_INDEX_SECTION_SUSPECTS = 0x401,               /* hs_suspects_save */
  HS_INDEX_SECTION_WASTE = 0x402,                  /* hs_waste_save */
} HsIndexSection;

typedef struct _HsIndexWriter HsIndexWriter;

/* Starts an index that becomes path when hs_index_writer_finish succeeds:
 * until then it is a temporary file ".NAME.tmp-XXXXXX" (mode 0600) in
 * path's folder. Refuses a path that is a device, a pipe or a folder.
 * Errors of this writer are HS_ERROR_IO naming path and the reason ("No
 * space left on device"), except the same id twice (HS_ERROR_ARGUMENT);
 * after one, the temporary file is gone and every later call fails. */
HsIndexWriter *hs_index_writer_new (const char *path, const HsIndexIdentity *identity, GError **error);
/* Appends a section (data copied out at once; len may be 0). Sections
 * are at most a few per id; the same id twice is an error at finish. */
gboolean hs_index_writer_add (HsIndexWriter *w, guint32 id, gconstpointer data, guint64 len, GError **error);
/* Writes the table and the header, then renames the file into place
 * (G_IO_ERROR_CANCELLED and nothing renamed when cancellable is).
 * Frees w either way. */
gboolean hs_index_writer_finish (HsIndexWriter *w, GCancellable *cancellable, GError **error);
/* Drops an unfinished index: nothing is left on disk. NULL is fine. */
void hs_index_writer_abort (HsIndexWriter *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsIndexWriter, hs_index_writer_abort)

typedef struct _HsIndexFile HsIndexFile;

/* Maps path and checks it whole: magic, format and program version,
 * bounds of every section, every checksum (both cores). With expected,
 * the identity must match it as match says. Errors are HS_ERROR_INDEX
 * with a message naming the file and what is wrong ("written by another
 * version", "checksum of section 0x101 does not match", "for another
 * dump"); cancelled: G_IO_ERROR_CANCELLED. Mapped with the SIGBUS guard
 * (hs-guard.h): a file cut while mapped reads as zeros, and
 * hs_index_file_changed says so. */
HsIndexFile *hs_index_file_open (const char *path, const HsIndexIdentity *expected, HsIndexMatch match,
                                 GCancellable *cancellable, GError **error);
/* The same on bytes in memory (the fuzz target); data must be 8-byte
 * aligned and outlive it. */
HsIndexFile *hs_index_file_open_bytes (const guint8 *data, gsize len, const char *name,
                                       const HsIndexIdentity *expected, HsIndexMatch match, GError **error);
/* Reads only the header and the INFO section, checksummed, for a listing
 * (cache --list): no other section is read, and hs_index_file_section
 * hands out INFO only. No identity is checked. */
HsIndexFile *hs_index_file_open_header (const char *path, GError **error);
HsIndexFile *hs_index_file_ref (HsIndexFile *f);
void hs_index_file_unref (HsIndexFile *f);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsIndexFile, hs_index_file_unref)

/* A section's bytes (8-byte aligned, writable copy-on-write) or NULL when
 * the index has none with that id; *len is set either way (0). An empty
 * section is a pointer, not NULL. */
gpointer hs_index_file_section (HsIndexFile *f, guint32 id, guint64 *len);
/* The sections in the order of their ids (listings, the fuzz target): how
 * many, and the i-th one's id, bytes and length as hs_index_file_section. */
guint hs_index_file_n_sections (HsIndexFile *f);
gpointer hs_index_file_nth_section (HsIndexFile *f, guint i, guint32 *id, guint64 *len);
const HsIndexIdentity *hs_index_file_identity (HsIndexFile *f);
/* When the index was written (Unix seconds), and by which program version. */
gint64 hs_index_file_created (HsIndexFile *f);
const char *hs_index_file_program_version (HsIndexFile *f);
const char *hs_index_file_path (HsIndexFile *f);
guint64 hs_index_file_length (HsIndexFile *f);
/* Whether p lies in the mapping (a heap or tree reading its arrays from
 * here frees only what does not). */
gboolean hs_index_file_contains (HsIndexFile *f, gconstpointer p);
/* TRUE once the file was found cut short while mapped (its bytes past the
 * cut read as zeros since): what was read from it may be wrong. */
gboolean hs_index_file_changed (HsIndexFile *f);

/* The checksum of a section (exposed for tests; docs/index.md): of the
 * bytes, or of 16 MiB chunks combined beyond 64 MiB. */
guint64 hs_index_checksum (gconstpointer data, guint64 len);

G_END_DECLS
