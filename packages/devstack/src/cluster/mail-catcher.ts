import { startSmtpCatcher } from '../smtp-catcher';

/**
 * The local cluster's SMTP relay, run detached by `npm run cluster -- up`: it listens on the node's
 * bridge address (reachable from pods, not from outside the machine) and keeps every e-mail the
 * notifier sends as an `.eml` file in the state folder's `mail/`.
 *
 *   node mail-catcher.js <address> <port> <folder>
 */
const [host, port, dir] = process.argv.slice(2);
if (!host || !port || !dir) throw new Error('usage: mail-catcher.js <address> <port> <folder>');
void startSmtpCatcher({ host, port: Number(port), dir });
