import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { CROSS_FIELD_RULES, TIME_RULES, UNISSUED_CURSOR } from '../support/semantic-rules';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startStack, type TestStack } from '../support/stack';

/**
 * Schemathesis (`--checks all`: its examples, coverage, fuzzing and stateful phases) against the
 * whole system, from the public OpenAPI document with a funded account's key. It may find only
 * requests the document calls valid that break a rule no JSON Schema can state (ST202 answered
 * 400 `validation_error` naming only those rules, test/support/semantic-rules.ts); anything else
 * is a contract slip. `npm run fuzz:api` installs the tool and runs this; SCHEMATHESIS names it.
 */
const SCHEMATHESIS = process.env.SCHEMATHESIS ?? 'schemathesis';
const SEED = process.env.SCHEMATHESIS_SEED ?? '43';
const SEMANTIC_RULES = new Set([...CROSS_FIELD_RULES, ...TIME_RULES, UNISSUED_CURSOR]);
/** Schemathesis' code for "Schema-valid request rejected" (its positive_data_acceptance check). */
const VALID_REQUEST_REJECTED = 'ST202';

let stack: TestStack;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, workflowService, notifierService, gatewayService], {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

/**
 * Runs the tool beside the in-process services (asynchronously: they answer its requests meanwhile),
 * in `cwd`: it keeps a cache of earlier failures there (`.schemathesis/`), which a fresh folder
 * leaves out of the clone and out of the next run.
 */
function run(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCHEMATHESIS, args, { stdio: 'inherit', cwd });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

interface Finding {
  operation: string;
  /** The Schemathesis codes of the checks that failed, e.g. ST202. */
  checks: string[];
  /** The rule messages of each 400 `validation_error` answer in it; null for any other answer. */
  rules: Array<string[] | null>;
}

const XML_ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const unescapeXml = (text: string) => text.replace(/&(?:quot|apos|lt|gt|amp);/g, (entity) => XML_ENTITIES[entity]!);

/** A 400 `validation_error` in the contract's shape: the answer that names the rules a request broke. */
const ValidationAnswer = z.object({ error: z.object({ code: z.literal('validation_error'), issues: z.array(z.object({ message: z.string() })).min(1) }) });

function rulesOf(body: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const answer = ValidationAnswer.safeParse(parsed);
  return answer.success ? answer.data.error.issues.map((issue) => issue.message) : null;
}

/** The failures of a JUnit report: each test case (an operation) with the checks it failed and the answers it quotes. */
function findings(junit: string): Finding[] {
  return junit.split('<testcase name="').slice(1).flatMap((testcase) => {
    const operation = unescapeXml(testcase.slice(0, testcase.indexOf('"')));
    const failure = testcase.split('<failure')[1];
    if (failure === undefined) return [];
    const text = unescapeXml(failure);
    const checks = [...new Set(text.split('\n').filter((line) => line.startsWith('- ST')).map((line) => line.slice(2, line.indexOf(' ', 2))))];
    // The answers are quoted between backticks; the reproducing curl commands use single quotes.
    const bodies = text.split('`').filter((_part, n) => n % 2 === 1);
    return [{ operation, checks, rules: bodies.map(rulesOf) }];
  });
}

const semantic = (finding: Finding) =>
  finding.checks.every((check) => check === VALID_REQUEST_REJECTED) && finding.rules.length > 0 && finding.rules.every((rules) => rules !== null && rules.every((rule) => SEMANTIC_RULES.has(rule)));

it('finds nothing in the gateway but requests that break the rules a schema cannot state', async () => {
  const { apiKey } = await stack.account(1_000_000_000);
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'brandradar-schemathesis-'));
  const junit = path.join(reports, 'junit.xml');
  const started = Date.now();
  const exitCode = await run([
    'run',
    `${stack.gatewayUrl}/api/v1/openapi.json`,
    '--checks', 'all',
    '--header', `Authorization: Bearer ${apiKey}`,
    '--seed', SEED,
    '--report', 'junit',
    '--report-junit-path', junit,
    '--output-truncate', 'false',
    '--no-color',
  ], reports);
  const found = findings(fs.readFileSync(junit, 'utf8'));
  console.log(
    `schemathesis exited ${exitCode} after ${Math.round((Date.now() - started) / 1000)} s; findings:\n` +
      (found.map((f) => `  ${f.operation}: ${f.checks.join(', ')} ${JSON.stringify(f.rules)}${semantic(f) ? '' : '  <- not a semantic rejection'}`).join('\n') || '  none'),
  );
  expect(found.filter((f) => !semantic(f))).toEqual([]);
  fs.rmSync(reports, { recursive: true, force: true });
});
