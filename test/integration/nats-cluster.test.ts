import { describeFigures, runChaos } from '../support/chaos';

// Issue 29: NATS as production runs it. The chart runs three nats-servers with every stream
// replicated on all three (NATS_STREAM_REPLICAS=3); here the seven services run as processes of
// their own on such a cluster, always three servers whatever LOCAL_NATS_NODES says, while 15 manual
// runs over 3 accounts are requested over the public API.
//
// Once two runs were accepted, one server is killed with SIGKILL: the leader of the RUN_COMMANDS
// stream. Every manual run passes through that stream (the runner publishes its run.execute there
// and takes it back through its durable consumer), so its leader's crash makes the stream, and the
// consumers it led, elect a new leader while commands are written and delivered; the services
// connected to that server (each picks one of the list at random; the figures name them) must
// reconnect to another. While it is down the runner is killed and restarted too, so a service also
// starts (connects, checks its streams, binds its consumer) during the elections. The server stays
// down until 12 runs were accepted (an account has three under way at most, so at least three
// ended meanwhile), then restarts on its ports and data.
//
// Nothing may be lost: every accepted run ends and is in its tracker's report, is billed once for
// its succeeded answers (balance + billed = credits, spent = billed, no hold left open) and has
// exactly one run-finished e-mail; and the restarted server catches up, every stream and durable
// consumer on all three servers again. Typically 40-55 s; the deadlines leave room for a loaded
// machine, and the test's own timeout lies well beyond their sum (80 s), so a failure lists the
// violations rather than timing out.
it('on a three-server NATS cluster, every run ends, is billed once and e-mailed once while the server leading RUN_COMMANDS is SIGKILLed and later restarted', async () => {
  const { figures, violations, logFile } = await runChaos({
    accounts: 3,
    runsPerAccount: 5,
    natsNodes: 3,
    steps: ['nats-node-down', 'runner', 'nats-node-up'],
    stepsAfter: [2, 6, 12],
    requestTimeoutMs: 40_000,
    settleTimeoutMs: 20_000,
  });
  process.stdout.write(`${describeFigures(figures, logFile)}\n`);
  expect(violations).toEqual([]);
  expect(figures.natsNodes).toBe(3);
  expect(figures.kills).toEqual({ 'nats-node': 1, runner: 1 });
  // The runner, restarted while the cluster elects its leaders, waits for JetStream rather than exiting.
  expect(figures.crashRestarts).toEqual({});
  // Runs were accepted, and ended, while the server was down.
  expect(figures.natsNodeOutages).toHaveLength(1);
  expect(figures.natsNodeOutages[0]!.acceptedWhileDown).toBeGreaterThan(0);
  expect(figures.natsNodeOutages[0]!.endedWhileDown).toBeGreaterThan(0);
  expect(figures.runsAccepted).toBe(15);
}, 130_000);
