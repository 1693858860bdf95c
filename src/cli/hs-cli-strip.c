/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-strip.c: heapscope-cli strip DUMP -o OUT [--keep-strings]: a copy (OUT "-": stdout)
 * of the dump with the contents of its primitive arrays zeroed, to send on
 * without the passwords, tokens and user data it holds (hs-strip.h). */
#include "config.h"

#include <unistd.h>

#include "hs-cli.h"
#include "hs-strip.h"

int
hs_cli_strip (const HsCliOptions *o, const char *path, GError **error)
{
  HsStripOptions opts = { .keep_strings = o->keep_strings };

  if (!o->output)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "strip needs -o FILE: where to write the copy");
      return 2;
    }
  /* "-" is stdout, as for every command's -o. */
  if (g_str_equal (o->output, "-"))
    {
      fflush (stdout);
      return hs_strip_write_fd (path, STDOUT_FILENO, &opts, hs_cli_cancellable (), error) ? 0 : 2;
    }
  if (!hs_strip_write (path, o->output, &opts, NULL, error))
    return 2;
  if (!o->quiet)
    {
      g_autofree char *size = g_format_size (opts.bytes);

      g_printerr ("heapscope-cli: wrote %s: %" G_GUINT64_FORMAT " primitive arrays zeroed (%s)%s\n",
                  o->output, opts.arrays, size, o->keep_strings ? ", String contents kept" : "");
    }
  return 0;
}
