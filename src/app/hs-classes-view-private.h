/* hs-classes-view-private.h: what the classes view (hs-classes-view.c)
 * and its instance-list worker (hs-classes-instances.c) share. */
#pragma once

#include "hs-classes-view.h"

G_BEGIN_DECLS

/* A list longer than this shows its first page before the rest is sorted. */
#define INSTANCES_PAGE 1000

typedef struct {
  HsLoader *loader;
  HsClass klass;
  guint serial;
  gint64 asked; /* for HEAPSCOPE_DEBUG_TIMES */
  GMainContext *context; /* the view's: where the page goes */
  HsClassesView *view;   /* a reference */
  GArray *result;        /* the sorted instances, on the worker */
} InstancesJob;

/* The first page, handed to the view's context. */
typedef struct {
  HsClassesView *view;
  HsLoader *loader;
  HsClass klass;
  guint serial;
  gint64 asked;
  guint64 total;
  GArray *page;
} InstancesPage;

void     _hs_classes_instances_job_free  (InstancesJob *job);
/* The GTask thread function: returns the sorted GArray of HsObj, after an
 * idle source with the first page when the list is longer than a page. */
void     _hs_classes_instances_thread    (GTask        *task,
                                          gpointer      source,
                                          gpointer      data,
                                          GCancellable *cancellable);
/* hs-classes-view.c: shows an InstancesPage (the idle source's callback). */
gboolean _hs_classes_view_show_instances_page (gpointer data);

G_END_DECLS
