/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/*
 * javac cannot name a class or a field with '<', '>' or '"', but the JVM
 * accepts them (a class name may hold any character but '.', ';', '[' and
 * an empty or doubled '/'; a field name anything but '.', ';', '[' and '/').
 * This writes, byte by byte, a class file for
 *
 *   public class com/example/<script>alert(1)</script> {
 *     public Object "><img src=x onerror=alert(1)>;
 *     public <init>() { super(); }
 *   }
 *
 * (binary name com.example.<script>alert(1)<.script>: the '/' of
 * "</script>" is a package separator) and defines it in its own loader.
 */
public final class HostileClass {
  public static final String INTERNAL_NAME = "com/example/" + Scenarios.XSS_SCRIPT;
  public static final String FIELD_NAME = Scenarios.XSS_IMG;

  /* Kept in statics so the class object and its loader are not dominated
   * by the instance (its retained size is then its own 16 bytes plus the
   * HostileActivity it holds). */
  static Loader loader;
  static Class<?> defined;

  private HostileClass() {}

  static byte[] classFile() {
    try {
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(buf);
      out.writeInt(0xCAFEBABE);
      out.writeShort(0);          // minor
      out.writeShort(52);         // major: Java 8 (no StackMapTable needed)
      out.writeShort(12);         // constant pool count (11 entries)
      out.writeByte(1); out.writeUTF(INTERNAL_NAME);           // #1
      out.writeByte(7); out.writeShort(1);                     // #2 Class #1
      out.writeByte(1); out.writeUTF("java/lang/Object");      // #3
      out.writeByte(7); out.writeShort(3);                     // #4 Class #3
      out.writeByte(1); out.writeUTF(FIELD_NAME);              // #5
      out.writeByte(1); out.writeUTF("Ljava/lang/Object;");    // #6
      out.writeByte(1); out.writeUTF("<init>");                // #7
      out.writeByte(1); out.writeUTF("()V");                   // #8
      out.writeByte(1); out.writeUTF("Code");                  // #9
      out.writeByte(12); out.writeShort(7); out.writeShort(8); // #10 NameAndType
      out.writeByte(10); out.writeShort(4); out.writeShort(10); // #11 Methodref Object.<init>
      out.writeShort(0x0021);     // ACC_PUBLIC | ACC_SUPER
      out.writeShort(2);          // this
      out.writeShort(4);          // super
      out.writeShort(0);          // interfaces
      out.writeShort(1);          // fields
      out.writeShort(0x0001); out.writeShort(5); out.writeShort(6); out.writeShort(0);
      out.writeShort(1);          // methods
      out.writeShort(0x0001); out.writeShort(7); out.writeShort(8); out.writeShort(1);
      out.writeShort(9);          // Code attribute
      out.writeInt(17);
      out.writeShort(1);          // max stack
      out.writeShort(1);          // max locals
      out.writeInt(5);
      out.write(new byte[] { 0x2a, (byte) 0xb7, 0x00, 0x0b, (byte) 0xb1 }); // aload_0; invokespecial #11; return
      out.writeShort(0);          // exception table
      out.writeShort(0);          // code attributes
      out.writeShort(0);          // class attributes
      out.flush();
      return buf.toByteArray();
    } catch (IOException e) {
      throw new RuntimeException(e);
    }
  }

  /* A new instance of the hostile class whose hostile field holds value. */
  static Object newInstance(Object value) {
    try {
      if (defined == null) {
        loader = new Loader();
        defined = loader.define(classFile());
      }
      Class<?> c = defined;
      Object o = c.getConstructor().newInstance();
      c.getField(FIELD_NAME).set(o, value);
      return o;
    } catch (ReflectiveOperationException e) {
      throw new RuntimeException(e);
    }
  }

  static final class Loader extends ClassLoader {
    Loader() {
      super(ClassLoader.getSystemClassLoader());
    }

    Class<?> define(byte[] b) {
      return defineClass(null, b, 0, b.length);
    }
  }
}
