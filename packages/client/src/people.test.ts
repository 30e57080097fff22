import type { AccountApiKey, Member } from './people';
import { BrandradarApiError } from './errors';
import { clientAnswering } from '../../../test/support/client-answering';

// The members and key methods against a fetch that answers as the gateway does; the live API is in test/integration.
const MEMBER = '5d2e8f10-0000-4000-8000-000000000002';
const member: Member = { id: MEMBER, email: "o'brien+__proto__@monday.com", role: 'viewer', status: 'invited', invitedAt: '2026-11-28T09:00:00.000Z', joinedAt: null };
const key: AccountApiKey = {
  id: '3f9a1c2b7d4e',
  name: 'Wall 📺 $x',
  scopes: ['read'],
  createdAt: '2026-11-28T09:00:00.000Z',
  createdBy: { kind: 'member', id: MEMBER, name: 'owner@monday.com' },
  lastUsedAt: null,
  expiresAt: null,
};

describe('client.people', () => {
  it('invites, lists, changes and removes members by id', async () => {
    const { api, sent } = clientAnswering(
      { status: 201, body: { member } },
      { status: 200, body: { members: [member] } },
      { status: 200, body: { member: { ...member, role: 'editor' } } },
      { status: 204, body: undefined },
    );
    expect(await api.people.inviteMember(member.email, 'viewer')).toEqual(member);
    expect(await api.people.listMembers()).toEqual([member]);
    expect((await api.people.changeRole(MEMBER, 'editor')).role).toBe('editor');
    await api.people.removeMember(MEMBER);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST http://gateway.test/api/v1/members',
      'GET http://gateway.test/api/v1/members',
      `PATCH http://gateway.test/api/v1/members/${MEMBER}`,
      `DELETE http://gateway.test/api/v1/members/${MEMBER}`,
    ]);
    expect([sent[0]!.body, sent[2]!.body]).toEqual([{ email: member.email, role: 'viewer' }, { role: 'editor' }]);
  });

  it('creates a key once (no repeat on 503: it could make two), answering its secret; lists, reads the current one and revokes', async () => {
    const busy = clientAnswering({ status: 503, body: { error: { code: 'unavailable', message: 'Try again.' } } });
    await expect(busy.api.people.createApiKey({ name: key.name, scopes: ['read'] })).rejects.toBeInstanceOf(BrandradarApiError);
    expect(busy.sent).toHaveLength(1);

    const { api, sent } = clientAnswering(
      { status: 201, body: { key, apiKey: 'brk_3f9a1c2b7d4e_secret' } },
      { status: 200, body: { apiKeys: [key] } },
      { status: 200, body: { key: { id: key.id, name: key.name, scopes: ['read'] } } },
      { status: 204, body: undefined },
    );
    expect(await api.people.createApiKey({ name: key.name, scopes: ['read'], expiresAt: '2027-03-31T23:59:59.999Z' })).toEqual({ key, apiKey: 'brk_3f9a1c2b7d4e_secret' });
    expect(await api.people.listApiKeys()).toEqual([key]);
    expect(await api.people.currentApiKey()).toEqual({ id: key.id, name: key.name, scopes: ['read'] });
    await api.people.revokeApiKey(key.id);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST http://gateway.test/api/v1/api-keys',
      'GET http://gateway.test/api/v1/api-keys',
      'GET http://gateway.test/api/v1/api-keys/current',
      `DELETE http://gateway.test/api/v1/api-keys/${key.id}`,
    ]);
    expect(sent[0]!.body).toEqual({ name: key.name, scopes: ['read'], expiresAt: '2027-03-31T23:59:59.999Z' });
  });
});
