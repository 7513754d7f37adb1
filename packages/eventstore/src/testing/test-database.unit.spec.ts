import { describe, expect, it } from '@jest/globals';
import { templatesToDrop } from './test-database.js';

const marked = (name: string) => ({ name, isTemplate: true });
const halfMade = (name: string) => ({ name, isTemplate: false });

describe('the templates dropped before a new one is made', () => {
  it('Given two templates of other migrations, When a third is made, Then both stay: another checkout may be copying either', () => {
    expect(templatesToDrop([marked('ls_test_template_b'), marked('ls_test_template_a')])).toEqual([]);
  });

  it('Given four templates of other migrations, newest first, When one is made, Then the two oldest are dropped', () => {
    const found = ['d', 'c', 'b', 'a'].map((id) => marked(`ls_test_template_${id}`));

    expect(templatesToDrop(found)).toEqual(['ls_test_template_b', 'ls_test_template_a']);
  });

  it('Given a half-made template among them (its maker was killed), When one is made, Then it is dropped and counts for nothing', () => {
    const found = [
      halfMade('ls_test_template_new'),
      marked('ls_test_template_c'),
      marked('ls_test_template_b'),
    ];

    expect(templatesToDrop(found)).toEqual(['ls_test_template_new']);
  });
});
