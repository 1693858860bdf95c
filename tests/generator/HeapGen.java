/* SPDX-License-Identifier: GPL-3.0-or-later */ /*
 * HeapGen: writes heap dumps of known structure for Heapscope's tests and
 * benchmark. See README.md (same folder) for the planted structure and the
 * expected numbers, and build-aux/gen-dumps.sh for how it is run:
 *
 *   javac -d OUT $(find tests/generator -name '*.java')
 *   java -Xshare:off -Xbootclasspath/a:OUT -cp OUT HeapGen SCENARIO OUT.hprof [N]
 *
 * SCENARIO is small, sample, escape, threads or bench (N = millions of objects).
 * `series OUT.hprof N` writes four dumps OUT-1.hprof .. OUT-4.hprof of one
 * process: the bench heap of N million objects plus SeriesCache, which gains
 * SeriesCache.PER_STEP entries before each dump.
 * The classes must be on the boot class path (-Xbootclasspath/a) so their
 * class objects are sticky-class GC roots, as system classes are on Android:
 * a static field then starts the leak trace, as in LeakCanary.
 */
import com.example.CollectionScenario;
import com.example.Scenarios;
import com.example.ThreadScenario;
import com.example.bench.BenchHeap;
import com.example.bench.SeriesCache;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.File;
import java.lang.management.ManagementFactory;
import leakcanary.KeyedWeakReference;
import leakcanary.ObjectWatcher;

public final class HeapGen {
  private HeapGen() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: HeapGen small|sample|escape|threads|collections|bench OUT.hprof [MILLIONS]");
      System.exit(2);
    }
    if (HeapGen.class.getClassLoader() != null)
      System.err.println("HeapGen: warning: not on the boot class path (-Xbootclasspath/a)");
    String scenario = args[0];
    if (scenario.equals("series")) {
      series(args[1], args.length > 2 ? Integer.parseInt(args[2]) : 10);
      return;
    }
    File out = new File(args[1]);
    Object keep = build(scenario, args.length > 2 ? Integer.parseInt(args[2]) : 10);
    settle();
    KeyedWeakReference.heapDumpUptimeMillis = Scenarios.HEAP_DUMP_UPTIME;
    if (out.exists() && !out.delete())
      throw new RuntimeException("cannot replace " + out);
    HotSpotDiagnosticMXBean bean =
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    bean.dumpHeap(out.getPath(), true);
    Scenarios.keep(keep);
    if (scenario.equals("threads"))
      ThreadScenario.finish(keep);
    System.err.println("HeapGen: wrote " + out + " (" + out.length() + " bytes)");
  }

  /* Four dumps of one process whose cache grows between them. */
  private static void series(String out, int millions) throws Exception {
    if (!out.endsWith(".hprof"))
      throw new IllegalArgumentException("series: OUT must end in .hprof");
    String stem = out.substring(0, out.length() - ".hprof".length());
    Object[] keep = Scenarios.sample();
    long n = BenchHeap.build(millions);
    System.err.println("HeapGen: series: about " + n + " objects planted");
    HotSpotDiagnosticMXBean bean =
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    for (int i = 1; i <= 4; i++) {
      SeriesCache.grow();
      settle();
      KeyedWeakReference.heapDumpUptimeMillis = Scenarios.HEAP_DUMP_UPTIME;
      File f = new File(stem + "-" + i + ".hprof");
      if (f.exists() && !f.delete())
        throw new RuntimeException("cannot replace " + f);
      bean.dumpHeap(f.getPath(), true);
      System.err.println("HeapGen: wrote " + f + " (" + f.length() + " bytes)");
    }
    Scenarios.keep(keep);
  }

  private static Object build(String scenario, int millions) {
    switch (scenario) {
      case "small": return Scenarios.small();
      case "sample": return Scenarios.sample();
      case "escape": return Scenarios.escape();
      case "threads": return ThreadScenario.build();
      case "collections": return CollectionScenario.build();
      case "bench": {
        Object[] t = Scenarios.sample();
        long n = BenchHeap.build(millions);
        System.err.println("HeapGen: bench: about " + n + " objects planted");
        return t;
      }
      default:
        throw new IllegalArgumentException("unknown scenario " + scenario);
    }
  }

  /* Collect until the watched object that was dropped is gone, and check
   * that the others are still there (the dump's own GC then finds the same). */
  private static void settle() {
    for (int i = 0; i < 100; i++) {
      System.gc();
      boolean pending = false;
      for (KeyedWeakReference r : ObjectWatcher.watchedObjects)
        if (r.key.equals("key-collected") && r.get() != null)
          pending = true;
      if (!pending)
        break;
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        break;
      }
    }
    for (KeyedWeakReference r : ObjectWatcher.watchedObjects) {
      boolean cleared = r.get() == null;
      if (cleared != r.key.equals("key-collected"))
        throw new IllegalStateException("watched object " + r.key + (cleared ? " was collected" : " was not collected"));
    }
  }
}
