import { isExpectedDuplicateKey, readableServiceLine, terminalLine } from './terminal-log';

const quiet = { verbose: false, colour: false };
const pinoLine = (fields: Record<string, unknown>) => JSON.stringify({ level: 'info', time: '2026-12-05T23:51:22.581Z', service: 'runner', pid: 42, msg: 'run finished', ...fields });

describe('terminalLine', () => {
  it('reads a service JSON line as time, level, message and a few fields', () => {
    expect(terminalLine('service', pinoLine({ runId: 'r1', status: 'COMPLETED', answers: 12, traceId: 't' }), quiet)).toBe('23:51:22 INFO  run finished runId=r1 status=COMPLETED answers=12');
  });

  it('names the error of a failure, and colours warnings and errors on a terminal', () => {
    const line = pinoLine({ level: 'error', msg: 'provider call failed', surface: 'chatgpt', err: { type: 'Error', message: 'socket hang up', stack: 'Error: …' } });
    expect(terminalLine('service', line, quiet)).toBe('23:51:22 ERROR provider call failed surface=chatgpt error=socket hang up');
    expect(readableServiceLine(line, true)).toBe('23:51:22 \x1b[31mERROR\x1b[0m \x1b[31mprovider call failed surface=chatgpt error=socket hang up\x1b[0m');
    expect(readableServiceLine(pinoLine({ level: 'warn', msg: 'slow' }), true)).toBe('23:51:22 \x1b[33mWARN \x1b[0m slow');
  });

  it('keeps a line that is not pino JSON as it is, and shortens long values', () => {
    expect(terminalLine('service', 'Error: cannot find module', quiet)).toBe('Error: cannot find module');
    expect(terminalLine('service', '[1,2]', quiet)).toBe('[1,2]');
    expect(terminalLine('service', pinoLine({ url: 'x'.repeat(100) }), quiet)).toBe(`23:51:22 INFO  run finished url=${'x'.repeat(59)}…`);
  });

  it('hides the store’s duplicate-key errors, and no other error', () => {
    const postgres = ['2026-12-05 23:51:22.581 UTC [18937] 23505 ERROR:  duplicate key value violates unique constraint "ledger_idx"', '2026-12-05 23:51:22.581 UTC [18937] 23505 STATEMENT:  INSERT INTO "x"."ledger" (_jsonb) VALUES ($1)'];
    const ferretdb = 'time=2026-12-05T23:51:22.581Z level=ERROR msg=Query name=postgresql err="ERROR: duplicate key value violates unique constraint \\"ledger_idx\\" (SQLSTATE 23505)"';
    for (const line of [...postgres, ferretdb]) expect(terminalLine('store', line, quiet)).toBeNull();
    const deadlock = '2026-12-05 23:51:22.581 UTC [18937] 40P01 ERROR:  deadlock detected';
    expect(terminalLine('store', deadlock, quiet)).toBe(deadlock);
    expect(isExpectedDuplicateKey('2026-12-05 23:51:22.581 UTC [18937] 00000 LOG:  checkpoint complete: wrote 23505 buffers')).toBe(false);
  });

  it('shows of the store and NATS only what reports a problem', () => {
    expect(terminalLine('store', '2026-12-05 23:53:35.623 UTC [21155] 00000 LOG:  database system is ready to accept connections', quiet)).toBeNull();
    expect(terminalLine('nats', '[21129] 2026/12/05 23:53:33.842382 [INF] Server is ready', quiet)).toBeNull();
    const warning = '[21129] 2026/12/05 23:53:33.824546 [WRN] Plaintext passwords detected, use nkeys or bcrypt';
    expect(terminalLine('nats', warning, quiet)).toBe(warning);
  });

  it('shows every line as printed when verbose', () => {
    const line = pinoLine({});
    expect(terminalLine('service', line, { verbose: true, colour: true })).toBe(line);
    expect(terminalLine('store', '2026-12-05 [1] 23505 ERROR:  duplicate key', { verbose: true, colour: false })).toBe('2026-12-05 [1] 23505 ERROR:  duplicate key');
  });
});
