import { ROLE_SCOPES } from '@brandradar/contracts';
import { boundingMember, scopesWithin } from './people';

describe('the member bounding a key', () => {
  it('is the one recorded, else a member creator; an operator’s key has none; a key stored before it was recorded asks its creating key', () => {
    expect(boundingMember({ boundBy: 'm1', createdBy: { kind: 'key', id: 'k0', name: 'k0' } })).toEqual({ memberId: 'm1' });
    expect(boundingMember({ boundBy: null, createdBy: { kind: 'key', id: 'k0', name: 'k0' } })).toEqual({ memberId: null });
    expect(boundingMember({ createdBy: { kind: 'member', id: 'm2', name: 'a@b.c' } })).toEqual({ memberId: 'm2' });
    expect(boundingMember({ createdBy: null })).toEqual({ memberId: null });
    expect(boundingMember({})).toEqual({ memberId: null });
    expect(boundingMember({ createdBy: { kind: 'key', id: 'k0', name: 'k0' } })).toEqual({ creatorKey: 'k0' });
  });

  it('limits a key to what the member’s role holds now', () => {
    expect(scopesWithin({ scopes: ['read', 'manage', 'admin'] }, ROLE_SCOPES.owner)).toEqual(['read', 'manage', 'admin']);
    expect(scopesWithin({ scopes: ['read', 'manage', 'admin'] }, ROLE_SCOPES.editor)).toEqual(['read', 'manage']);
    expect(scopesWithin({ scopes: ['admin'] }, ROLE_SCOPES.viewer)).toEqual([]);
    // A key stored before scopes existed held every scope: the role still bounds it.
    expect(scopesWithin({}, ROLE_SCOPES.viewer)).toEqual(['read']);
  });
});
