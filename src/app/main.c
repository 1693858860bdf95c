/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: heapscope, the desktop viewer. */
#include "config.h"
#include "hs-application.h"

#include <glib/gi18n.h>
#include <locale.h>

/* --version prints the version and exits before anything else starts (a
 * non-negative return ends g_application_run with that status). */
static int
on_handle_local_options (GApplication *app, GVariantDict *options, gpointer data)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("heapscope %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

int
main (int argc, char *argv[])
{
  g_autoptr (HsApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = hs_application_new ();
  g_application_add_main_option (G_APPLICATION (app), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _ ("Print the version and exit"), NULL);
  g_signal_connect (app, "handle-local-options", G_CALLBACK (on_handle_local_options), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
