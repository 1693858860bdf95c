/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A JVM for the capture tests: it holds 1234 Planted objects from a static
 * field, leaves 5000 Garbage objects unreferenced, prints its java.version
 * and "ready", then waits to be dumped. Run it with -Xint (no escape
 * analysis removing the garbage) and a young generation big enough that no
 * GC runs before the dump. */
public class CaptureTarget {
    static class Planted {
        long value;
        Planted(long value) { this.value = value; }
    }

    static class Garbage {
        long value;
    }

    static Planted[] keep;

    public static void main(String[] args) throws Exception {
        keep = new Planted[1234];
        for (int i = 0; i < keep.length; i++)
            keep[i] = new Planted(i);
        Garbage sink = null;
        for (int i = 0; i < 5000; i++)
            sink = new Garbage();
        sink = null;
        System.out.println(System.getProperty("java.version"));
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(600_000);
    }
}
