import { messageIdFor, parseMailbox } from './mailbox';

describe('sender address', () => {
  it('takes a bare address or a named one', () => {
    expect(parseMailbox('reports@brandradar.example')).toEqual({ name: null, address: 'reports@brandradar.example' });
    expect(parseMailbox('Brandradar <reports@brandradar.example>')).toEqual({ name: 'Brandradar', address: 'reports@brandradar.example' });
    expect(parseMailbox('"Brandradar Reports" <reports@brandradar.example>')).toEqual({ name: 'Brandradar Reports', address: 'reports@brandradar.example' });
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', 'reports', 'Brandradar <reports>', 'a@b', 'two words@example.com']) expect(parseMailbox(bad)).toBeNull();
  });
});

it("gives each e-mail one Message-ID in the sender's domain, the same on every attempt", () => {
  const key = '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f:tracker_paused';
  expect(messageIdFor(key, 'reports@brandradar.example')).toBe('<0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f.tracker.paused@brandradar.example>');
  expect(messageIdFor(key, 'reports@brandradar.example')).toBe(messageIdFor(key, 'reports@brandradar.example'));
});
