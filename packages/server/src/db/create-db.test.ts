import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './create-db.js';

describe('SQLite statement cache', () => {
  let sqlite: SqliteDatabase.Database;
  beforeAll(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
  });
  afterAll(() => sqlite.close());

  it('hands out one compiled statement per SQL text', () => {
    const cached = withStatementCache(sqlite);
    const a = cached.prepare('select n from t where n = ?');
    expect(cached.prepare('select n from t where n = ?')).toBe(a);
    expect(cached.prepare('select n from t where n > ?')).not.toBe(a);
    expect(a.all([2])).toEqual([{ n: 2 }]);
  });

  it('never shares a statement still busy iterating', () => {
    const cached = withStatementCache(sqlite);
    const text = 'select n from t order by n';
    const first = cached.prepare(text);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const second = cached.prepare(text);
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare(text)).toBe(first);
  });

  it('keeps at most `size` statements, the least recently used going first', () => {
    const cached = withStatementCache(sqlite, { size: 2 });
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(one);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(one);
    expect(cached.prepare('select 2')).not.toBe(two);
  });

  it('tells onWrite before each statement that may write, never for a read', () => {
    let writes = 0;
    const cached = withStatementCache(sqlite, { onWrite: () => (writes += 1) });
    cached.prepare('select n from t').all([]);
    cached.prepare('select n from t where n = ?').all([1]);
    cached.prepare('begin').run([]);
    cached.prepare('commit').run([]);
    expect(writes).toBe(0);
    cached.prepare('insert into t values (?)').run([4]);
    expect(writes).toBe(1);
    // A write that answers rows is still a write.
    expect(cached.prepare('insert into t values (?) returning n').all([5])).toEqual([{ n: 5 }]);
    expect(writes).toBe(2);
    cached.prepare('delete from t where n > ?').run([3]);
    expect(writes).toBe(3);
    expect(cached.prepare('select count(*) as c from t').all([])).toEqual([{ c: 3 }]);
    expect(writes).toBe(3);
  });
});
