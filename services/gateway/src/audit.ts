import { createHash } from 'node:crypto';
import type { Logger } from '@brandradar/platform';
import type { FinishedRequest } from './http/app';

/**
 * Names a credential in logs without revealing it: the first 12 hex digits of its SHA-256. Enough
 * to tell tokens apart (e.g. before and after a rotation), far too little to use.
 */
export function credentialFingerprint(token: string): string {
  return `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

type Fields = Record<string, unknown>;
export const fields = (v: unknown): Fields => (v !== null && typeof v === 'object' ? (v as Fields) : {});
export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const count = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** Drops the fields that are not there, so a line lists only what the action had. */
const present = (o: Fields): Fields => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * One admin request's audit line: who (the credential's fingerprint when it was accepted, and the
 * client's address), what (the action, its target account or key, amounts, the credit's reference,
 * the rate card version published) and the outcome; `time` on the log line says when. Built from
 * named fields only, never from a whole body or response, so no secret (a new API key, the token,
 * a guessed token) can reach it.
 */
export function adminAuditEntry(r: FinishedRequest, credential: string): Fields {
  const [params, body, result] = [fields(r.params), fields(r.body), fields(r.result)];
  return {
    requestId: r.requestId,
    who: { credential: r.authenticated ? credential : null, address: r.address },
    what: present({
      action: r.route?.operationId ?? null,
      method: r.method,
      path: r.path,
      accountId: text(params.id) ?? text(fields(result.account).id),
      keyId: text(params.keyId) ?? text(result.keyId),
      amountMicro: count(body.amountMicro),
      creditsMicro: count(body.creditsMicro),
      spendLimitMicroPerMonth: count(body.spendLimitMicroPerMonth),
      reference: text(body.reference),
      ratesVersion: count(fields(result.rates).version),
    }),
    outcome: present({ status: r.status, code: r.errorCode }),
  };
}

/** Writes every admin request as one info line `admin action` with `audit: "admin"`. */
export function adminAuditor(logger: Logger, adminToken: string): (r: FinishedRequest) => void {
  const credential = credentialFingerprint(adminToken);
  return (r) => logger.info({ audit: 'admin', ...adminAuditEntry(r, credential) }, 'admin action');
}
