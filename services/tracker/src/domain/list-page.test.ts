import { pageWithin } from './list-page';

const row = (id: number, bytes: number) => ({ id, text: 'x'.repeat(bytes) });
const size = (r: object) => Buffer.byteLength(JSON.stringify(r));

describe('pageWithin', () => {
  it('takes up to `limit` rows and says whether more follow (the caller asks for one extra)', () => {
    const rows = [1, 2, 3].map((id) => row(id, 10));
    expect(pageWithin(rows, 2, 1_000)).toEqual({ page: rows.slice(0, 2), more: true });
    expect(pageWithin(rows, 3, 1_000)).toEqual({ page: rows, more: false });
  });

  it('ends a page early when the next row would pass the byte budget, and says more follow', () => {
    const rows = [1, 2, 3].map((id) => row(id, 100));
    const budget = size(rows[0]!) * 2;
    expect(pageWithin(rows, 3, budget)).toEqual({ page: rows.slice(0, 2), more: true });
  });

  it('always takes the first row, however large, so a list never stalls', () => {
    const rows = [row(1, 5_000), row(2, 10)];
    expect(pageWithin(rows, 2, 100)).toEqual({ page: rows.slice(0, 1), more: true });
  });

  it('counts bytes, not characters: emoji take four', () => {
    const rows = [1, 2].map((id) => ({ id, text: '😀'.repeat(100) }));
    expect(pageWithin(rows, 2, size(rows[0]!) + 300)).toEqual({ page: rows.slice(0, 1), more: true });
  });
});
