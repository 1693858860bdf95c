/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-file-save.c: atomic writing of a file the user named (see the header). */
#include "config.h"

#include "hs-file-save.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

static gboolean
write_all (int fd, const char *data, gsize len, int *err)
{
  while (len > 0)
    {
      gssize w = write (fd, data, len);
      if (w < 0)
        {
          if (errno == EINTR)
            continue;
          *err = errno;
          return FALSE;
        }
      data += w;
      len -= (gsize)w;
    }
  return TRUE;
}

/* The file written: path with every symlink followed (up to 40, like the
 * kernel), so that the link stays a link and the file it names is
 * replaced. A dangling link gives the name it points to. */
static char *
resolve_target (const char *path)
{
  char *cur = g_strdup (path);

  for (guint hops = 0; hops < 40; hops++)
    {
      char *link = g_file_read_link (cur, NULL);
      if (link == NULL)
        break;
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          char *abs = g_build_filename (dir, link, NULL);
          g_free (link);
          link = abs;
        }
      g_free (cur);
      cur = link;
    }
  return cur;
}

static gboolean
write_error (GError **error, int err, const char *path, const char *what, const char *why)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "Cannot write %s to “%s”: %s", what, path,
               why ? why : g_strerror (err));
  return FALSE;
}

/* The checks of hs_file_save_check on the resolved target; *exists and
 * *st say what is there. */
static gboolean
check_target (const char *path, const char *target, const char *keep, const char *what, gboolean *exists,
              GStatBuf *st, GError **error)
{
  GStatBuf keep_st;

  *exists = g_stat (target, st) == 0;
  if (*exists && S_ISDIR (st->st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "Cannot write %s to “%s”: it is a folder",
                   what, path);
      return FALSE;
    }
  /* A device, FIFO or socket is never replaced by a regular file (run as
   * root, -o /dev/null would otherwise turn the device into one). */
  if (*exists && !S_ISREG (st->st_mode))
    return write_error (error, EINVAL, path, what, "not a regular file (a device, FIFO or socket)");
  /* Nor is the heap dump, under any of its names. */
  if (*exists && keep && g_stat (keep, &keep_st) == 0 && keep_st.st_dev == st->st_dev
      && keep_st.st_ino == st->st_ino)
    return write_error (error, EEXIST, path, what, "that is the heap dump itself");
  return TRUE;
}

gboolean
hs_file_save_check (const char *path, const char *keep, const char *what, GError **error)
{
  g_return_val_if_fail (path != NULL && what != NULL, FALSE);

  g_autofree char *target = resolve_target (path);
  gboolean exists;
  GStatBuf st;
  return check_target (path, target, keep, what, &exists, &st, error);
}

gboolean
hs_file_save (const char *path, const char *data, gsize len, const char *keep, const char *what,
              GError **error)
{
  g_return_val_if_fail (path != NULL && (data != NULL || len == 0) && what != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *target = resolve_target (path);
  g_autofree char *dir = g_path_get_dirname (target);
  /* Short: a temporary name longer than the target's fails near NAME_MAX. */
  g_autofree char *tmp = g_build_filename (dir, ".hsr-XXXXXX", NULL);
  gboolean exists;
  GStatBuf st;
  int err = 0;

  if (!check_target (path, target, keep, what, &exists, &st, error))
    return FALSE;
  /* 0666 minus the umask, like any new file (mkstemp alone gives 0600). */
  int fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      err = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                   "Cannot write %s to “%s”: cannot create a file in the folder “%s”: %s", what, path, dir,
                   g_strerror (err));
      return FALSE;
    }
  /* An existing file keeps its permissions (and owner, where allowed). */
  if (exists)
    {
      if (fchown (fd, st.st_uid, st.st_gid) != 0)
        { /* not ours to give away: the mode is still kept */
        }
      fchmod (fd, st.st_mode & 07777);
    }
  if (!write_all (fd, data, len, &err) || fsync (fd) != 0)
    {
      if (err == 0)
        err = errno;
      close (fd);
      g_unlink (tmp);
      return write_error (error, err, path, what, NULL);
    }
  if (close (fd) != 0 || g_rename (tmp, target) != 0)
    {
      err = errno;
      g_unlink (tmp);
      return write_error (error, err, path, what, NULL);
    }
  return TRUE;
}
