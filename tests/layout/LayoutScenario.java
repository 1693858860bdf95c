// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutScenario: a heap of known classes for tests/layout/test_jvm_layout.py.
// It builds the objects below, prints its pid and "ready", and sleeps while
// the test takes the JVM's class histogram and a live heap dump with jcmd.
// Counts are distinct per class so that a class read wrongly cannot hide
// behind another's figures.
package layout;

public final class LayoutScenario
{
  static final class Empty
  {
  }

  static final class OneInt
  {
    int i;
  }

  static final class OneLong
  {
    long l;
  }

  static final class OneRef
  {
    Object o;
  }

  static class OneByte
  {
    byte b;
  }

  // Eight fields of every size: 8 + 8 + 4 + 4 + 2 + 2 + 1 + 1 bytes of data
  // and one reference.
  static final class Mixed
  {
    long l;
    double d;
    int i;
    float f;
    short s;
    char c;
    byte b;
    Object o;
  }

  // A superclass whose long leaves a gap after a 12-byte header, and
  // subclasses that can fill it (HotSpot's layout since JDK 15) or not.
  static class GapBase
  {
    long l;
  }

  static class GapInt extends GapBase
  {
    int i;
  }

  static final class GapIntByte extends GapInt
  {
    byte b;
    boolean z;
    short s;
  }

  static class RefByte
  {
    Object link;
    byte b;
  }

  static class RefByteByte extends RefByte
  {
    byte c;
  }

  static final class RefByteByteByte extends RefByteByte
  {
    byte d;
  }

  static final class Refs3Long extends GapBase
  {
    Object a, b, c;
  }

  static final class Shorts extends OneByte
  {
    short s1, s2, s3;
    char c;
  }

  static final class Bools
  {
    boolean a, b, c, d, e, f, g, h, i;
  }

  static final int[] LENGTHS = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 33 };

  static Object keep;

  public static void main (String[] args) throws Exception
  {
    java.util.ArrayList<Object> all = new java.util.ArrayList<> ();
    for (int k = 0; k < 3; k++)
      all.add (new Empty ());
    for (int k = 0; k < 4; k++)
      all.add (new OneInt ());
    for (int k = 0; k < 5; k++)
      all.add (new OneLong ());
    for (int k = 0; k < 6; k++)
      all.add (new OneRef ());
    for (int k = 0; k < 7; k++)
      all.add (new OneByte ());
    for (int k = 0; k < 8; k++)
      all.add (new Mixed ());
    for (int k = 0; k < 9; k++)
      all.add (new GapBase ());
    for (int k = 0; k < 10; k++)
      all.add (new GapInt ());
    for (int k = 0; k < 11; k++)
      all.add (new GapIntByte ());
    for (int k = 0; k < 12; k++)
      all.add (new RefByte ());
    for (int k = 0; k < 13; k++)
      all.add (new RefByteByte ());
    for (int k = 0; k < 14; k++)
      all.add (new RefByteByteByte ());
    for (int k = 0; k < 15; k++)
      all.add (new Refs3Long ());
    for (int k = 0; k < 16; k++)
      all.add (new Shorts ());
    for (int k = 0; k < 17; k++)
      all.add (new Bools ());
    // Arrays of every type; the lengths repeat for each type, and the
    // element type of the reference arrays is one of the scenario's classes
    // so that their histogram row is the scenario's alone.
    for (int n : LENGTHS)
      {
        all.add (new boolean[n]);
        all.add (new byte[n]);
        all.add (new char[n]);
        all.add (new short[n]);
        all.add (new int[n]);
        all.add (new float[n]);
        all.add (new long[n]);
        all.add (new double[n]);
        all.add (new Empty[n]);
        all.add (new OneInt[n][]);
      }
    keep = all;
    // Something of the JDK's own, of known kinds.
    java.util.HashMap<String, Integer> map = new java.util.HashMap<> ();
    for (int k = 0; k < 100; k++)
      map.put ("key" + k, k);
    all.add (map);
    all.add (new java.util.concurrent.atomic.AtomicInteger (3));
    all.add (new java.util.concurrent.atomic.AtomicLong (4));
    all.add (new java.util.concurrent.ConcurrentHashMap<String, String> ());
    System.out.println (ProcessHandle.current ().pid () + " ready");
    System.out.flush ();
    Thread.sleep (600_000);
  }
}
