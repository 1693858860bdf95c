/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-hprof.c: decoding HPROF values and naming types and roots (see
 * hs-hprof.h). */
#include "config.h"

#include <string.h>

#include "hs-hprof.h"

HsValue
hs_value_decode (const guint8 *p, guint type, guint id_size)
{
  HsValue v = { .type = type };
  switch (type)
    {
      case HS_TYPE_OBJECT: v.id = hs_read_id (p, id_size); break;
      case HS_TYPE_BOOLEAN: v.z = p[0] != 0; break;
      case HS_TYPE_BYTE: v.b = (gint8)p[0]; break;
      case HS_TYPE_CHAR: v.c = hs_be16 (p); break;
      case HS_TYPE_SHORT: v.s = (gint16)hs_be16 (p); break;
      case HS_TYPE_INT: v.i = (gint32)hs_be32 (p); break;
      case HS_TYPE_FLOAT:
        {
          guint32 u = hs_be32 (p);
          memcpy (&v.f, &u, 4);
          break;
        }
      case HS_TYPE_LONG: v.j = (gint64)hs_be64 (p); break;
      case HS_TYPE_DOUBLE:
        {
          guint64 u = hs_be64 (p);
          memcpy (&v.d, &u, 8);
          break;
        }
      default: break;
    }
  return v;
}

const char *
hs_type_name (HsType type)
{
  switch (type)
    {
      case HS_TYPE_OBJECT: return "Object";
      case HS_TYPE_BOOLEAN: return "boolean";
      case HS_TYPE_CHAR: return "char";
      case HS_TYPE_FLOAT: return "float";
      case HS_TYPE_DOUBLE: return "double";
      case HS_TYPE_BYTE: return "byte";
      case HS_TYPE_SHORT: return "short";
      case HS_TYPE_INT: return "int";
      case HS_TYPE_LONG: return "long";
      default: return "?";
    }
}

const char *
hs_root_type_name (guint8 type)
{
  switch (type)
    {
      case HS_ROOT_JNI_GLOBAL: return "JNI Global";
      case HS_ROOT_JNI_LOCAL: return "JNI Local";
      case HS_ROOT_JAVA_FRAME: return "Java Frame";
      case HS_ROOT_NATIVE_STACK: return "Native Stack";
      case HS_ROOT_STICKY_CLASS: return "System Class";
      case HS_ROOT_THREAD_BLOCK: return "Thread Block";
      case HS_ROOT_MONITOR_USED: return "Monitor Used";
      case HS_ROOT_THREAD_OBJECT: return "Thread Object";
      case HS_ROOT_INTERNED_STRING: return "Interned String";
      case HS_ROOT_FINALIZING: return "Finalizing";
      case HS_ROOT_DEBUGGER: return "Debugger";
      case HS_ROOT_REFERENCE_CLEANUP: return "Reference Cleanup";
      case HS_ROOT_VM_INTERNAL: return "VM Internal";
      case HS_ROOT_JNI_MONITOR: return "JNI Monitor";
      case HS_ROOT_UNREACHABLE: return "Unreachable";
      case HS_ROOT_INFERRED: return "Unreferenced (no roots in the dump)";
      case HS_ROOT_UNKNOWN: return "Unknown";
      default: return "Unknown";
    }
}
