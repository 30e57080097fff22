import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT, ensureHelm } from '@brandradar/devstack';

const run = promisify(execFile);

export const CHART_DIR = path.join(REPO_ROOT, 'helm', 'brandradar');
const CI_DIR = path.join(REPO_ROOT, 'helm', 'ci');
export const ENVIRONMENTS_DIR = path.join(REPO_ROOT, 'helm', 'environments');
export const SERVICES = ['gateway', 'billing', 'tracker', 'scheduler', 'runner', 'workflow', 'notifier'] as const;

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
}

export interface Helm {
  bin: string;
  /** The chart's directory. */
  chart: string;
  /** Any helm command (e.g. install against a cluster named by KUBECONFIG in `env`). */
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }>;
  lint(args?: string[]): Promise<{ ok: boolean; output: string }>;
  template(args?: string[]): Promise<K8sObject[]>;
  /** Renders and returns the error output; throws if rendering succeeded. */
  templateError(args?: string[]): Promise<string>;
  cleanup(): void;
}

/**
 * helm (built once from its Go module), with its cache, config and data in a temporary folder.
 * The chart has no dependencies, so it renders offline as it is, every object included.
 */
export async function prepareHelm(): Promise<Helm> {
  const bin = await ensureHelm();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brandradar-helm-'));
  const chart = CHART_DIR;
  const env = { ...process.env, HELM_CACHE_HOME: path.join(tmp, 'cache'), HELM_CONFIG_HOME: path.join(tmp, 'config'), HELM_DATA_HOME: path.join(tmp, 'data') };
  const helm = (args: string[], extra: NodeJS.ProcessEnv = {}) => run(bin, args, { env: { ...env, ...extra }, maxBuffer: 64 << 20 });
  return {
    bin,
    chart,
    run: helm,
    async lint(args = []) {
      try {
        const { stdout, stderr } = await helm(['lint', '--strict', chart, ...args]);
        return { ok: true, output: stdout + stderr };
      } catch (e) {
        const err = e as { stdout?: string; stderr?: string };
        return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
      }
    },
    async template(args = []) {
      const { stdout } = await helm(['template', 'rel', chart, '--namespace', 'brandradar', ...args]);
      return parseAllDocuments(stdout)
        .map((d) => d.toJS() as K8sObject | null)
        .filter((o): o is K8sObject => o !== null && typeof o === 'object');
    },
    async templateError(args = []) {
      try {
        await helm(['template', 'rel', chart, ...args]);
      } catch (e) {
        return String((e as { stderr?: string }).stderr ?? e);
      }
      throw new Error(`helm template ${args.join(' ')} rendered, but it should have failed`);
    },
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/** The values files CI renders: helm/ci/*.yaml, with the ones named fail-* expected to fail. */
export function ciValuesFiles(): { file: string; name: string; expectError?: RegExp }[] {
  return fs
    .readdirSync(CI_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const file = path.join(CI_DIR, f);
      // A file that must fail says so in a comment: `# expect-error: <a regular expression>`.
      const match = /^# expect-error: (.+)$/m.exec(fs.readFileSync(file, 'utf8'));
      return { file, name: f, ...(match ? { expectError: new RegExp(match[1]!) } : {}) };
    });
}

export function byKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/** The decoded data of a rendered Secret. */
export function secretData(secret: K8sObject): Record<string, string> {
  return Object.fromEntries(Object.entries(secret.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
}
