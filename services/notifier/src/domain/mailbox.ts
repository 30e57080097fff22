const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** A sender as configured: `reports@example.com` or `Name <reports@example.com>`; null when it is neither. */
export function parseMailbox(value: string): { name: string | null; address: string } | null {
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const name = named ? named[1]!.replace(/^"(.*)"$/, '$1').trim() || null : null;
  const address = named ? named[2]!.trim() : trimmed;
  return ADDRESS.test(address) ? { name, address } : null;
}

/**
 * The Message-ID of one e-mail: the same for every attempt, so a receiving
 * system that de-duplicates by Message-ID shows a re-sent e-mail once.
 */
export function messageIdFor(mailKey: string, senderAddress: string): string {
  const domain = senderAddress.slice(senderAddress.lastIndexOf('@') + 1);
  return `<${mailKey.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}
