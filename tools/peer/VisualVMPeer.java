/* SPDX-License-Identifier: GPL-3.0-or-later */ /*
 * VisualVMPeer: the benchmark's peer. Opens a heap dump with VisualVM's heap
 * library (Debian package visualvm: org-graalvm-visualvm-lib-jfluid-heap.jar,
 * or the older org-netbeans-lib-profiler.jar) and computes the retained size
 * of every object, as VisualVM's heap viewer does, timing both phases.
 *
 *   javac -cp JAR -d OUT tools/peer/VisualVMPeer.java
 *   java -Xmx8g -cp JAR:OUT VisualVMPeer DUMP [TOP [CLASS...]]
 *
 * Prints one "key value" line per figure (index_s, retained_s, total_s,
 * instances, shallow_bytes, retained_sum_of_roots ...) and the TOP objects by
 * retained size (and every instance of each CLASS named), so
 * build-aux/bench.sh can read it and a person can compare
 * it with ../shared/corpus/expected/*.json.
 *
 * The library writes its index ("DUMP.hwcache") next to the file it opens
 * and reuses it on the next run: the dump is opened through a symbolic link
 * in a private temporary folder, deleted at the end, so nothing is written
 * beside the dump and every run starts cold.
 */
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

public final class VisualVMPeer {
  private VisualVMPeer() {}

  /* The package moved between VisualVM versions: try the new one first. */
  private static final String[] PACKAGES = {
    "org.graalvm.visualvm.lib.jfluid.heap", "org.netbeans.lib.profiler.heap",
  };

  private static void deleteTree(File f) {
    File[] children = f.isDirectory() && !Files.isSymbolicLink(f.toPath()) ? f.listFiles() : null;
    if (children != null)
      for (File c : children)
        deleteTree(c);
    f.delete();
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: VisualVMPeer DUMP [TOP]");
      System.exit(2);
    }
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    String pkg = null;
    for (String p : PACKAGES) {
      try {
        Class.forName(p + ".HeapFactory");
        pkg = p;
        break;
      } catch (ClassNotFoundException e) {
        // try the next
      }
    }
    if (pkg == null) {
      System.err.println("VisualVMPeer: VisualVM's heap library is not on the class path");
      System.exit(3);
    }
    // Reflection keeps one source for both package names.
    Class<?> factory = Class.forName(pkg + ".HeapFactory");
    Class<?> heapIf = Class.forName(pkg + ".Heap");
    Class<?> instIf = Class.forName(pkg + ".Instance");
    Class<?> classIf = Class.forName(pkg + ".JavaClass");
    var getSize = instIf.getMethod("getSize");
    var getRetained = instIf.getMethod("getRetainedSize");
    var getId = instIf.getMethod("getInstanceId");
    var getCls = instIf.getMethod("getJavaClass");
    var getName = classIf.getMethod("getName");

    Path work = Files.createTempDirectory("visualvm-peer");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(work.toFile())));
    Path dump = Path.of(args[0]).toAbsolutePath();
    Path link = work.resolve(dump.getFileName());
    Files.createSymbolicLink(link, dump);

    long t0 = System.nanoTime();
    Object heap = factory.getMethod("createHeap", File.class).invoke(null, link.toFile());
    long t1 = System.nanoTime();

    long n = 0, shallow = 0;
    Iterator<?> it = (Iterator<?>) heapIf.getMethod("getAllInstancesIterator").invoke(heap);
    while (it.hasNext()) {
      Object o = it.next();
      n++;
      shallow += (Long) getSize.invoke(o);
    }
    long t2 = System.nanoTime();

    // The first getRetainedSize() computes the dominator tree for the whole heap.
    PriorityQueue<long[]> best = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    List<Object> keep = new ArrayList<>();
    it = (Iterator<?>) heapIf.getMethod("getAllInstancesIterator").invoke(heap);
    long maxRetained = 0;
    while (it.hasNext()) {
      Object o = it.next();
      long r = (Long) getRetained.invoke(o);
      if (r > maxRetained)
        maxRetained = r;
      if (top > 0) {
        best.add(new long[] { r, (Long) getId.invoke(o) });
        if (best.size() > top)
          best.poll();
      }
    }
    long t3 = System.nanoTime();

    System.out.println("library " + pkg);
    System.out.println("instances " + n);
    System.out.println("shallow_bytes " + shallow);
    System.out.println("max_retained " + maxRetained);
    System.out.printf("index_s %.3f%n", (t1 - t0) / 1e9);
    System.out.printf("iterate_s %.3f%n", (t2 - t1) / 1e9);
    System.out.printf("retained_s %.3f%n", (t3 - t2) / 1e9);
    System.out.printf("total_s %.3f%n", (t3 - t0) / 1e9);
    List<long[]> list = new ArrayList<>(best);
    list.sort((a, b) -> Long.compare(b[0], a[0]));
    var byId = heapIf.getMethod("getInstanceByID", long.class);
    for (long[] e : list) {
      Object o = byId.invoke(heap, e[1]);
      String cls = (String) getName.invoke(getCls.invoke(o));
      System.out.printf("top 0x%x %s shallow=%d retained=%d%n", e[1], cls, (Long) getSize.invoke(o), e[0]);
    }
    var byName = heapIf.getMethod("getJavaClassByName", String.class);
    var getInstances = classIf.getMethod("getInstances");
    for (int i = 2; i < args.length; i++) {
      Object c = byName.invoke(heap, args[i]);
      if (c == null) {
        System.out.println("class " + args[i] + " not found");
        continue;
      }
      for (Object o : (List<?>) getInstances.invoke(c))
        System.out.printf("instance 0x%x %s shallow=%d retained=%d%n", (Long) getId.invoke(o), args[i],
                          (Long) getSize.invoke(o), (Long) getRetained.invoke(o));
    }
  }
}
