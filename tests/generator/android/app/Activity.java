/* SPDX-License-Identifier: GPL-3.0-or-later */ package android.app;

/*
 * Stand-in for Android's Activity with the two fields LeakCanary's
 * Activity inspector reads. Not an Android dump: only the class name and
 * fields matter.
 */
public class Activity {
  public boolean mDestroyed;
  public boolean mFinished;
}
