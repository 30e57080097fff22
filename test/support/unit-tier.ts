/**
 * The unit project's setup (jest.config.js): its files run with no store, no NATS, no browser and
 * no built binary. A file that reaches for one fails at once and says where it belongs, rather than
 * building a binary, installing a package or waiting on a server that is not there.
 */
export const NOT_A_UNIT_TEST =
  'the unit jest project starts no server, browser or binary: list this test file under INTEGRATION (or DEPLOY) in jest.config.js';

// What the integration and deploy projects' global setup hands their files (test/support/global-setup.ts).
for (const name of ['TEST_MONGO_URL', 'TEST_DATA_DIR', 'TEST_POSTGRES']) {
  Object.defineProperty(process.env, name, {
    // Not enumerable, so that `{ ...process.env }` for a child process still copies the rest.
    enumerable: false,
    configurable: true,
    get() {
      throw new Error(`${name} is not set: ${NOT_A_UNIT_TEST}`);
    },
  });
}

/** A devstack module with each `ensure…`/`start…` function (a binary, a package, a server) refusing. */
function refusingStarters(actual: Record<string, unknown>): Record<string, unknown> {
  const refused: Record<string, unknown> = { __esModule: true, ...actual };
  for (const name of Object.keys(actual)) {
    if (typeof actual[name] === 'function' && /^(ensure|start)[A-Z]/.test(name)) {
      refused[name] = () => {
        throw new Error(`${name}(): ${NOT_A_UNIT_TEST}`);
      };
    }
  }
  return refused;
}

// Every server the tests start comes from these: nats-server, FerretDB, PostgreSQL, Chromium, helm,
// the kube-apiserver and etcd, Skaffold's schema. startSmtpCatcher (in-process) is in none of them.
jest.mock('../../packages/devstack/src/binaries', () => refusingStarters(jest.requireActual('../../packages/devstack/src/binaries')));
jest.mock('../../packages/devstack/src/apt', () => refusingStarters(jest.requireActual('../../packages/devstack/src/apt')));
jest.mock('../../packages/devstack/src/postgres', () => refusingStarters(jest.requireActual('../../packages/devstack/src/postgres')));
jest.mock('../../packages/devstack/src/kube', () => refusingStarters(jest.requireActual('../../packages/devstack/src/kube')));
