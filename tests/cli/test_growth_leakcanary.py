#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli growth on the scenarios of LeakCanary's
ObjectGrowthDetectorTest (shark, square/leakcanary), written again with
hprofgen: the same heaps, the same nodes found growing or not. Retained
sizes are ours (docs/semantics.md "Growth over a series of dumps": the
dominator tree's, nothing shared split), counted by hand from the size
rules with 4-byte ids and A = 8: an instance align(8 + fields, 8), an
Object[n] align(12 + 4n, 8), a byte[n] align(12 + n, 8), a String {value} 16."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, main  # noqa: E402
import growthdump  # noqa: E402
import hprofgen as g  # noqa: E402


def new():
    x = growthdump.Gen()
    x.collections()
    return x


def strings_in_static(*strings):
    """classWithStringsInStaticField: ClassWithStatics.strings, an Object[] of Strings."""
    x = new()
    x.cls('ClassWithStatics', statics=[('strings', g.OBJECT, x.array([x.str(s) for s in strings]))])
    return x.h


def obj_array_sizes(n):
    return (12 + 4 * n + 7) // 8 * 8


def string_size(s):
    # The String and its byte[].
    return 16 + (12 + len(s) + 7) // 8 * 8


class LeakCanaryScenarios(CliTest):
    def series(self, name, heaps):
        paths = []
        for i, h in enumerate(heaps):
            p = self.path('%s-%d.hprof' % (name, i))
            h.write(p)
            paths.append(p)
        return paths

    def growing(self, name, heaps, *extra):
        out = self.json_of(['growth'] + self.series(name, heaps) + ['--json'] + list(extra))
        return out['growing']

    def test_no_growth_on_identical_heaps(self):
        self.assertEqual(self.growing('identical', [strings_in_static('Hi'), strings_in_static('Hi')]), [])

    def test_no_growth_on_structurally_identical_heaps(self):
        self.assertEqual(self.growing('structural', [strings_in_static('Hi'), strings_in_static('Bonjour')]),
                         [])

    def test_static_field_growth_and_retained(self):
        # One growing node, the array; retained: the array, the Strings and
        # their byte[]: Object[1] 16 + "Hello" 16 + 24 = 56, Object[2] 24 +
        # 40 + "World!" 16 + 24 = 104.
        got = self.growing('static', [strings_in_static('Hello'), strings_in_static('Hello', 'World!')])
        self.assertEqual(len(got), 1)
        node = got[0]
        self.assertEqual(node['path'], [{'root_kind': 'System Class', 'reference': None,
                                         'class': 'class ClassWithStatics'},
                                        {'reference': 'static ClassWithStatics.strings',
                                         'class': 'java.lang.Object[]'}])
        self.assertEqual((node['objects'], node['retained']), ([1, 1], [56, 104]))
        self.assertEqual(obj_array_sizes(1) + string_size('Hello'), 56)
        self.assertEqual(node['children'], [{'reference': '[]', 'class': 'java.lang.String', 'objects': [1, 2],
                                             'retained': [40, 80]}])

    def test_retained_increase_with_three_dumps(self):
        # "Turtles" adds a String and its byte[7] (24) and the array goes
        # from 24 to align(24, 8) = 24: 104 + 40 = 144.
        got = self.growing('three', [strings_in_static('Hello'), strings_in_static('Hello', 'World!'),
                                     strings_in_static('Hello', 'World!', 'Turtles')])
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]['retained'], [56, 104, 144])

    def test_retained_skips_objects_held_another_way(self):
        # arrayOfWrappersOfStablyHeldInstances: `stable` holds 2 Held, the
        # growing array 1 then 2 Wrappers of them. Breadth first, the Held
        # are reached through `stable`; the growing array retains itself and
        # its Wrappers only: Object[2] 24 + 2 x 16 = 56 (before: 16 + 16).
        def heap(wrappers):
            x = new()
            x.cls('Held', fields=[('value', g.INT)])
            x.cls('Wrapper', fields=[('held', g.OBJECT)])
            held = [x.inst('Held', {'value': v}) for v in (1, 2)]
            ws = [x.inst('Wrapper', {'held': h}) for h in held[:wrappers]]
            x.cls('ClassWithStatics', statics=[('stable', g.OBJECT, x.array(held)),
                                               ('growing', g.OBJECT, x.array(ws))])
            return x.h
        got = self.growing('stable', [heap(1), heap(2)])
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]['path'][-1]['reference'], 'static ClassWithStatics.growing')
        self.assertEqual(got[0]['retained'], [32, 56])

    def test_shared_objects_retained_by_neither(self):
        # arraysOfWrappersSharingInstances: two arrays whose Wrappers hold
        # the same Shared instances. Both arrays grow; the Shared instances
        # are dominated by neither (LeakCanary splits them, we do not):
        # each array retains itself and its Wrappers, 24 + 32 = 56.
        def heap(shared, arrays=2):
            x = new()
            x.cls('Shared', fields=[('value', g.INT)])
            x.cls('Wrapper', fields=[('shared', g.OBJECT)])
            objs = [x.inst('Shared', {'value': v}) for v in range(1, shared + 1)]
            statics = [('array%d' % i, g.OBJECT, x.array([x.inst('Wrapper', {'shared': s}) for s in objs]))
                       for i in range(1, arrays + 1)]
            x.cls('ClassWithStatics', statics=statics)
            return x.h
        got = self.growing('shared', [heap(1), heap(2)])
        self.assertEqual(sorted(n['path'][-1]['reference'] for n in got),
                         ['static ClassWithStatics.array1', 'static ClassWithStatics.array2'])
        for n in got:
            self.assertEqual(n['retained'], [32, 56])
        # 65 arrays, more than LeakCanary's mask holds: all 65 grow.
        got = self.growing('shared65', [heap(1, 65), heap(2, 65)])
        self.assertEqual(len(got), 65)

    def test_objects_visited_by_another_node(self):
        # arraysSharingAnArray: `stable` and `growing` both hold the shared
        # array; `stable` comes first, so the node under `growing` stands
        # for the growing array alone: it and its Held, Object[2] 24 + 2 x
        # 16 = 56 (before Object[1] 16 + 16 = 32).
        def heap(n):
            x = new()
            x.cls('Held', fields=[('value', g.INT)])
            shared = x.array([x.inst('Held', {'value': 0})])
            grow = x.array([x.inst('Held', {'value': v}) for v in range(1, n + 1)])
            x.cls('ClassWithStatics', statics=[('stable', g.OBJECT, x.array([shared])),
                                               ('growing', g.OBJECT, x.array([shared, grow]))])
            return x.h
        got = self.growing('visited', [heap(1), heap(2)])
        self.assertEqual(len(got), 1)
        self.assertEqual([s.get('reference') for s in got[0]['path'][1:]],
                         ['static ClassWithStatics.growing', '[]'])
        self.assertEqual((got[0]['objects'], got[0]['retained']), ([1, 1], [32, 56]))

    def linked_list(self, length):
        x = new()
        x.cls('CustomLinkedList', fields=[('next', g.OBJECT)])
        nxt = 0
        for _ in range(length):
            nxt = x.inst('CustomLinkedList', {'next': nxt})
        x.cls('ListHolder', statics=[('staticList', g.OBJECT, nxt)])
        return x.h

    def test_custom_linked_list(self):
        # 2 then 3 elements: the head grows by its `next` child (the rest of
        # the list, one node).
        got = self.growing('list', [self.linked_list(2), self.linked_list(3)])
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]['path'][-1]['reference'], 'static ListHolder.staticList')
        self.assertEqual(got[0]['children'][0]['objects'], [1, 2])

    def test_linked_list_flattened(self):
        # 2 then 6 elements: one child, 4 new objects.
        got = self.growing('flat', [self.linked_list(2), self.linked_list(6)])
        self.assertEqual(len(got), 1)
        self.assertEqual(len(got[0]['children']), 1)
        c = got[0]['children'][0]
        self.assertEqual(c['objects'][1] - c['objects'][0], 4)

    def test_no_growth_if_more_loops_than_increase(self):
        self.assertEqual(self.growing('loops', [strings_in_static('Hello'),
                                                strings_in_static('Hello', 'World!')], '--min-growth', '2'), [])

    def test_static_field_growth_counts(self):
        # 3 dumps of 7, 14, 21 Strings, --min-growth 7.
        heaps = [strings_in_static(*['Hi %d' % i for i in range(1, 7 * k + 1)]) for k in (1, 2, 3)]
        got = self.growing('counts', heaps, '--min-growth', '7')
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]['objects'], [1, 1, 1])
        self.assertEqual([(c['reference'], c['objects']) for c in got[0]['children']], [('[]', [7, 14, 21])])

    def test_no_growth_when_node_without_children_grows(self):
        # An empty array gains 2 Strings: it had no children to grow.
        def heap(strings):
            x = new()
            x.cls('SomeClass')
            x.cls('ClassWithStatics', statics=[('strings', g.OBJECT, x.array([x.str(s) for s in strings]))])
            return x.h
        self.assertEqual(self.growing('empty', [heap([]), heap(['Hello 1', 'Hello 2'])], '--min-growth', '2'),
                         [])
        got = self.growing('existing', [heap(['Hello 1', 'Hello 2']),
                                        heap(['Hello 1', 'Hello 2', 'Hello 3', 'Hello 4'])], '--min-growth', '2')
        self.assertEqual(len(got), 1)

    def test_no_growth_if_only_the_sum_of_children_grows(self):
        # Two new arrays of one String each: 3 new objects in all, but no
        # child of the class gained 2.
        def heap(n):
            x = new()
            statics = [('strings%d' % i, g.OBJECT, x.array([x.str(w)]))
                       for i, w in zip(range(1, n + 1), ('Hello', 'World', '!'))]
            x.cls('ClassWithStatics', statics=statics)
            return x.h
        self.assertEqual(self.growing('sum', [heap(1), heap(3)], '--min-growth', '2'), [])

    def test_no_growth_if_different_children_grow(self):
        # Strings grow in the first interval, SomeClass instances in the
        # second: no child grows in both.
        def heap(strings, others):
            x = new()
            other = x.cls('SomeClass')
            els = [x.str('Hello %d' % i) for i in range(1, strings + 1)]
            els += [x.inst(other) for _ in range(others)]
            x.cls('ClassWithStatics', statics=[('list', g.OBJECT, x.array(els))])
            return x.h
        self.assertEqual(self.growing('different', [heap(2, 2), heap(4, 2), heap(4, 4)], '--min-growth', '2'),
                         [])

    def test_shared_sub_paths_reported_once(self):
        # list -> GrowingClass -> Pair -> 2 Objects: every node below the
        # array grows with it; only the array is reported.
        def heap(n):
            x = new()
            x.cls('Pair', fields=[('first', g.OBJECT), ('second', g.OBJECT)])
            x.cls('GrowingClass', fields=[('growingField', g.OBJECT)])
            els = []
            for _ in range(n):
                pair = x.inst('Pair', {'first': x.inst(x.obj), 'second': x.inst(x.obj)})
                els.append(x.inst('GrowingClass', {'growingField': pair}))
            x.cls('ClassWithStatics', statics=[('list', g.OBJECT, x.array(els))])
            return x.h
        got = self.growing('subpaths', [heap(1), heap(2)])
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]['path'][-1]['reference'], 'static ClassWithStatics.list')

    def test_null_element_is_no_child(self):
        # An ArrayList with a null element: only the Strings are children.
        def heap(strings):
            x = new()
            els = [0] + [x.str(s) for s in strings]
            x.cls('ClassWithStatics', statics=[('list', g.OBJECT, x.arraylist(els))])
            return x.h
        got = self.growing('null', [heap(['Hello']), heap(['Hello', 'World'])])
        self.assertEqual(len(got), 1)
        self.assertEqual([(c['reference'], c['class'], c['objects']) for c in got[0]['children']],
                         [('[]', 'java.lang.String', [1, 2])])


if __name__ == '__main__':
    main()
