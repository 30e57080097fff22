import type { Scope } from '@brandradar/contracts';
import { boundingMember, memberScopes, scopesOf, scopesWithin, type ApiKeyRecord } from './domain/people';
import type { ApiKeyStore } from './store/api-keys';
import type { PeopleStore } from './store/people';

/** How far a key stored before `boundBy` was kept is followed through the keys that created it. */
const MAX_CREATOR_HOPS = 16;

type KeyStores = { apiKeys: Pick<ApiKeyStore, 'find'>; people: Pick<PeopleStore, 'member'> };

/** The member whose role bounds `key` (null: none, an operator's key); undefined when its chain of creators is broken. */
export async function memberBounding(s: KeyStores, key: ApiKeyRecord): Promise<string | null | undefined> {
  let current = key;
  for (let hop = 0; hop <= MAX_CREATOR_HOPS; hop++) {
    const bound = boundingMember(current);
    if ('memberId' in bound) return bound.memberId;
    const creator = await s.apiKeys.find(bound.creatorKey);
    if (!creator || creator.accountId !== key.accountId) return undefined;
    current = creator;
  }
  return undefined;
}

/**
 * What a key may do now (api-contract §15: never more than its creator's role allows): its scopes
 * within the current role of the member bounding it; null once that member is gone, and the key is refused.
 */
export async function keyPowers(s: KeyStores, key: ApiKeyRecord): Promise<Scope[] | null> {
  const memberId = await memberBounding(s, key);
  if (memberId === undefined) return null;
  if (memberId === null) return scopesOf(key);
  const member = await s.people.member(key.accountId, memberId);
  return member ? scopesWithin(key, memberScopes(member)) : null;
}
