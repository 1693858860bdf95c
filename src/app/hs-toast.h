/* hs-toast.h: an in-window toast (a message for a few seconds, with an
 * Open button when it names a file). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HS_TYPE_TOAST (hs_toast_get_type ())
G_DECLARE_FINAL_TYPE (HsToast, hs_toast, HS, TOAST, GtkWidget)

/* Shows text for 8 s; uri non-NULL adds an Open button that opens it. */
void        hs_toast_show     (HsToast *self, const char *text, const char *uri);
void        hs_toast_dismiss  (HsToast *self);
/* The text while the toast is shown, else NULL. */
const char *hs_toast_get_text (HsToast *self);

G_END_DECLS
