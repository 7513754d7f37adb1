import { describe, expect, it } from '@jest/globals';
import { costliestStatements, type StatementCounts } from './database-activity.js';

const counts = (query: string, calls: number, totalMs: number, rows: number): StatementCounts => ({
  query,
  calls,
  totalMs,
  rows,
});

describe("the platform's costliest statements", () => {
  const before = new Map([
    ['1', counts('select 1', 10, 5, 10)],
    ['2', counts('insert into events', 100, 40, 100)],
    ['3', counts('select name, transaction_id::text, global_position from projection_checkpoints', 5, 1, 50)],
  ]);
  const after = new Map([
    ['1', counts('select 1', 10, 5, 10)],
    ['2', counts('insert into events', 300, 140, 300)],
    [
      '3',
      counts('select name, transaction_id::text, global_position from projection_checkpoints', 905, 91, 9050),
    ],
    ['4', counts('select\n  "version"   from "account_states"\n where id = $1', 200, 20, 200)],
  ]);

  it('lists what each statement cost in the window per request, costliest first, in one line', () => {
    expect(costliestStatements(before, after, 100, { top: 5 })).toEqual([
      {
        statement: 'insert into events',
        calls_per_request: 2,
        ms_per_call: 0.5,
        ms_per_request: 1,
        rows_per_call: 1,
      },
      {
        statement: 'select name, transaction_id::text, global_position from projection_checkpoints',
        calls_per_request: 9,
        ms_per_call: 0.1,
        ms_per_request: 0.9,
        rows_per_call: 10,
      },
      {
        statement: 'select "version" from "account_states" where id = $1',
        calls_per_request: 2,
        ms_per_call: 0.1,
        ms_per_request: 0.2,
        rows_per_call: 1,
      },
    ]);
  });

  it("leaves out statements not run in the window and the benchmark's own, and keeps the top ones", () => {
    const listed = costliestStatements(before, after, 100, {
      top: 1,
      except: ['select name, transaction_id::text,\n global_position from projection_checkpoints'],
    });

    expect(listed.map((cost) => cost.statement)).toEqual(['insert into events']);
    expect(costliestStatements(before, after, 100, { top: 5, except: ['insert into events'] })).toHaveLength(
      2,
    );
  });

  it('shortens a long statement to 120 characters', () => {
    const long = new Map([['9', counts(`select ${'"column", '.repeat(30)}1`, 1, 1, 1)]]);

    const [listed] = costliestStatements(new Map(), long, 1, { top: 1 });
    expect(listed!.statement).toHaveLength(120);
    expect(listed!.statement.endsWith('…')).toBe(true);
  });
});
