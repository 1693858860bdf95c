/* hs-classes-instances.c: the worker of the classes view's instance list
 * (see hs-classes-view-private.h). The instances of a class come from a
 * scan over every object and a sort by retained size (seconds for a class
 * with tens of millions of instances). A long list's first page goes to the
 * view as soon as it is known (one read of each instance's sizes), and the
 * rest when sorted: the page's rows are the sorted list's first rows, so
 * they stay where they are, selection and scrolling included. */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-query.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"

void
_hs_classes_instances_job_free (InstancesJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_object (&job->view);
  g_free (job);
}

static void
instances_page_free (InstancesPage *p)
{
  g_clear_object (&p->view);
  g_clear_object (&p->loader);
  g_clear_pointer (&p->page, g_array_unref);
  g_free (p);
}

/* On a thread of its own at a lower priority (hs_run_niced): the scan and
 * the sort use both cores, and the UI thread must still get one. */
static gpointer
instances_work (gpointer data)
{
  InstancesJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_process_cpu ();
  GArray *instances = hs_query_instances_unsorted (a, &job->klass, 1);

  /* CPU: of the whole process (the steps use two threads); on a busy
   * machine the wall time is mostly waiting for a core. */
  hs_timing_mark ("worker: %u instances found in %.3f s (%.3f s of CPU in the process)", instances->len,
                  (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
  if (instances->len > INSTANCES_PAGE)
    {
      InstancesPage *p = g_new0 (InstancesPage, 1);

      start = g_get_monotonic_time ();
      cpu = hs_timing_process_cpu ();
      p->page = hs_query_instances_first (a, (const HsObj *) instances->data, instances->len, INSTANCES_PAGE);
      hs_timing_mark ("worker: their first %u by retained size found in %.3f s (%.3f s of CPU in the process)",
                      p->page->len, (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
      p->view = g_object_ref (job->view);
      p->loader = g_object_ref (job->loader);
      p->klass = job->klass;
      p->serial = job->serial;
      p->asked = job->asked;
      p->total = instances->len;
      /* An idle source, not g_main_context_invoke: that runs the function
       * right here when no thread iterates the context at the moment. */
      GSource *idle = g_idle_source_new ();
      g_source_set_priority (idle, G_PRIORITY_DEFAULT);
      g_source_set_callback (idle, _hs_classes_view_show_instances_page, p, (GDestroyNotify) instances_page_free);
      g_source_attach (idle, job->context);
      g_source_unref (idle);
    }
  start = g_get_monotonic_time ();
  cpu = hs_timing_process_cpu ();
  hs_query_sort_instances (a, (HsObj *) instances->data, instances->len);
  hs_timing_mark ("worker: %u instances sorted in %.3f s (%.3f s of CPU in the process)", instances->len,
                  (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
  job->result = instances;
  return NULL;
}

void
_hs_classes_instances_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  InstancesJob *job = data;

  hs_run_niced ("hs-instances", instances_work, job);
  g_task_return_pointer (task, g_steal_pointer (&job->result), (GDestroyNotify) g_array_unref);
}

