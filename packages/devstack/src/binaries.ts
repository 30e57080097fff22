import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CACHE_DIR, REPO_ROOT } from './paths';

const run = promisify(execFile);

/** Pinned versions of the local infrastructure. */
export const NATS_SERVER_VERSION = 'v2.12.15';
export const FERRETDB_VERSION = 'v1.24.2';
/** helm v4 (a go-installed v3 would believe the cluster is Kubernetes 1.20). */
export const HELM_VERSION = 'v4.3.1';
/**
 * skaffold, built from deploy/local/skaffold (whose go.mod requires this release); skaffold.yaml is
 * written against its newest config schema, skaffold/v4beta14.
 */
export const SKAFFOLD_VERSION = 'v2.19.0';
/**
 * The Gateway API release whose standard-channel CRDs the chart's HTTPRoute is checked against:
 * the newest our Go toolchain downloads (v1.7.0's go.mod asks for Go 1.27).
 */
export const GATEWAY_API_VERSION = 'v1.6.3';
/** The CNCF Distribution registry: where skaffold's local-cluster profile pushes the images it builds. */
export const IMAGE_REGISTRY_VERSION = 'v3.1.2';
/** Traefik: a Gateway API implementation for a local cluster (deploy/local/traefik). */
export const TRAEFIK_VERSION = 'v3.6.12';
/**
 * kube-apiserver and kube-controller-manager for the chart's API-server test (test/helm/apiserver.test.ts).
 * 1.34: the newest minor whose API server still runs on Debian's etcd-server 3.4.
 */
export const KUBERNETES_VERSION = 'v1.34.4';
/** CoreDNS for the local cluster (src/cluster), from a wrapper module with only the plugins it uses. */
export const COREDNS_VERSION = 'v1.14.7';
/**
 * kube-router's network policy controller for the local cluster (deploy/local/kube-router, whose
 * go.mod requires this release): the newest the Go proxy here serves. Its published advisories
 * concern the BGP router and the service proxy, which the local cluster does not run (docs/development.md).
 */
export const KUBE_ROUTER_VERSION = 'v2.1.0';

const FERRETDB_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'ferretdb');
const KUBERNETES_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'kube-apiserver');
const COREDNS_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'coredns');
const PAUSE_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'pause');
const SKAFFOLD_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'skaffold');
const TRAEFIK_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'traefik');
const KUBE_ROUTER_MODULE_DIR = path.join(REPO_ROOT, 'deploy', 'local', 'kube-router');

/**
 * Tools to run, not to debug: no DWARF from the compiler (about a tenth of the compile's CPU) nor a
 * symbol table from the linker (`-s`, which implies `-w`), so a cold build on 2 cores is shorter.
 * Panics still print file and line (those come from the pc-line table, which stays).
 */
const GO_BUILD_FLAGS = '-trimpath -gcflags=all=-dwarf=false -ldflags=-s';

function goEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOMODCACHE: path.join(CACHE_DIR, 'gomod'),
    GOCACHE: path.join(CACHE_DIR, 'gocache'),
    GOFLAGS: GO_BUILD_FLAGS,
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
  };
}

async function buildOnce(target: string, build: (tmp: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  await build(tmp);
  fs.renameSync(tmp, target); // atomic: a concurrent build never sees half a binary
  return target;
}

/** `go install <pkg>@<version>` into the cache as bin/<name>-<version>, once per version. */
function goInstallOnce(name: string, pkg: string, version: string): Promise<string> {
  const target = path.join(CACHE_DIR, 'bin', `${name}-${version}`);
  return buildOnce(target, async (tmp) => {
    const gobin = `${tmp}.d`;
    await run('go', ['install', `${pkg}@${version}`], { env: { ...goEnv(), GOBIN: gobin }, maxBuffer: 16 << 20 });
    fs.renameSync(path.join(gobin, path.basename(pkg.replace(/\/v\d+$/, ''))), tmp);
    fs.rmSync(gobin, { recursive: true, force: true });
  });
}

/** nats-server, built from its Go module once per version. */
export function ensureNatsServer(): Promise<string> {
  return goInstallOnce('nats-server', 'github.com/nats-io/nats-server/v2', NATS_SERVER_VERSION);
}

/** The image registry (`registry serve <config>`), built from its Go module once per version. */
export function ensureImageRegistry(): Promise<string> {
  return goInstallOnce('registry', 'github.com/distribution/distribution/v3/cmd/registry', IMAGE_REGISTRY_VERSION);
}

/** helm, built from its Go module once per version (for the chart's lint/render tests and deploys). */
export function ensureHelm(): Promise<string> {
  return goInstallOnce('helm', 'helm.sh/helm/v4/cmd/helm', HELM_VERSION);
}

/** A Go module's folder in the module cache, downloaded (once) from the Go proxy. */
async function goModuleDir(module: string, version: string): Promise<string> {
  const { stdout } = await run('go', ['mod', 'download', '-json', `${module}@${version}`], { env: goEnv(), maxBuffer: 16 << 20 });
  const { Dir } = JSON.parse(stdout) as { Dir: string };
  return Dir;
}

/**
 * skaffold's published JSON schema for a config apiVersion (e.g. `skaffold/v4beta14`), read from
 * skaffold's Go module (`docs-v2/content/en/schemas/`): a download, no build, so `npm test` checks
 * skaffold.yaml without compiling skaffold (ensureSkaffold).
 */
export async function ensureSkaffoldSchema(apiVersion: string): Promise<string> {
  const name = apiVersion.replace(/^skaffold\//, '');
  if (!/^v[0-9a-z]+$/.test(name)) throw new Error(`not a skaffold apiVersion: ${apiVersion}`);
  const schema = path.join(await goModuleDir('github.com/GoogleContainerTools/skaffold/v2', SKAFFOLD_VERSION), 'docs-v2', 'content', 'en', 'schemas', `${name}.json`);
  if (!fs.existsSync(schema)) throw new Error(`skaffold ${SKAFFOLD_VERSION} publishes no schema for ${apiVersion}`);
  return schema;
}

/**
 * The Gateway API's standard-channel manifests (config/crd/standard/*.yaml of its Go module: the
 * CustomResourceDefinitions and the ValidatingAdmissionPolicy that guards their upgrades), what
 * its release's standard-install.yaml applies.
 */
export async function ensureGatewayApiManifests(): Promise<string[]> {
  const dir = path.join(await goModuleDir('sigs.k8s.io/gateway-api', GATEWAY_API_VERSION), 'config', 'crd', 'standard');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * A command of one of our wrapper modules under deploy/local, built once into bin/<name>-<version>-<hash>,
 * the hash covering the module's go.mod, go.sum and every Go file (so editing the wrapper rebuilds it).
 */
function wrapperBuildOnce(name: string, version: string, moduleDir: string, pkg: string, ldflags?: string): Promise<string> {
  const hash = createHash('sha256');
  const files = fs.readdirSync(moduleDir, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)(go\.mod|go\.sum|[^/]+\.go)$/.test(f));
  for (const f of files.sort()) hash.update(fs.readFileSync(path.join(moduleDir, f)));
  const target = path.join(CACHE_DIR, 'bin', `${name}-${version}-${hash.digest('hex').slice(0, 12)}`);
  return buildOnce(target, async (tmp) => {
    // -ldflags given here replaces GOFLAGS' own, so it keeps -s itself (kubernetesLdflags).
    await run('go', ['build', ...(ldflags === undefined ? [] : ['-ldflags', ldflags]), '-o', tmp, pkg], { cwd: moduleDir, env: goEnv(), maxBuffer: 16 << 20 });
  });
}

/** FerretDB, built from our small wrapper module; keyed by its version and the wrapper's source. */
export function ensureFerretDb(): Promise<string> {
  return wrapperBuildOnce('ferretdb', FERRETDB_VERSION, FERRETDB_MODULE_DIR, '.');
}

/** The version Kubernetes' own release builds stamp into the binary (`kubectl version` shows it). */
function kubernetesLdflags(): string {
  const [major, minor] = KUBERNETES_VERSION.slice(1).split('.');
  const v = 'k8s.io/component-base/version';
  return `-s -w -X ${v}.gitVersion=${KUBERNETES_VERSION} -X ${v}.gitMajor=${major} -X ${v}.gitMinor=${minor}`;
}

/**
 * kube-apiserver from our wrapper module (deploy/local/kube-apiserver: k8s.io/kubernetes with each
 * staging module replaced by its published release). About 3 minutes of compiling on 2 idle cores.
 */
export function ensureKubeApiServer(): Promise<string> {
  return wrapperBuildOnce('kube-apiserver', KUBERNETES_VERSION, KUBERNETES_MODULE_DIR, '.', kubernetesLdflags());
}

/** kube-controller-manager from the same module; most of it is compiled already once the API server is. */
export function ensureKubeControllerManager(): Promise<string> {
  return wrapperBuildOnce('kube-controller-manager', KUBERNETES_VERSION, KUBERNETES_MODULE_DIR, './controller-manager', kubernetesLdflags());
}

/** kube-scheduler, kubelet and kube-proxy from the same module, for the local cluster (src/cluster). */
export function ensureKubeScheduler(): Promise<string> {
  return wrapperBuildOnce('kube-scheduler', KUBERNETES_VERSION, KUBERNETES_MODULE_DIR, './scheduler', kubernetesLdflags());
}

/** kubelet, built without cgo like the others (it needs none on Linux). */
export function ensureKubelet(): Promise<string> {
  return wrapperBuildOnce('kubelet', KUBERNETES_VERSION, KUBERNETES_MODULE_DIR, './kubelet', kubernetesLdflags());
}

export function ensureKubeProxy(): Promise<string> {
  return wrapperBuildOnce('kube-proxy', KUBERNETES_VERSION, KUBERNETES_MODULE_DIR, './proxy', kubernetesLdflags());
}

/** CoreDNS with the plugins of the local cluster's Corefile (deploy/local/coredns). */
export function ensureCoreDns(): Promise<string> {
  return wrapperBuildOnce('coredns', COREDNS_VERSION, COREDNS_MODULE_DIR, '.');
}

/** kube-router's network policy controller alone (deploy/local/kube-router), for the local cluster (src/cluster). */
export function ensureKubeRouter(): Promise<string> {
  return wrapperBuildOnce('kube-router', KUBE_ROUTER_VERSION, KUBE_ROUTER_MODULE_DIR, '.');
}

/** The local cluster's sandbox program (deploy/local/pause), a static binary for a `FROM scratch` image. */
export function ensurePause(): Promise<string> {
  return wrapperBuildOnce('pause', 'v1', PAUSE_MODULE_DIR, '.');
}

/**
 * skaffold from our wrapper module (deploy/local/skaffold: `go install` refuses skaffold's module
 * for the exclude and replace directives of its go.mod, which the wrapper repeats), with the version
 * its release builds stamp in (`skaffold version`). Several minutes of compiling on 2 idle cores, so
 * only the live-cluster suite and `skaffold` users build it, never `npm test`'s prebuild.
 */
export function ensureSkaffold(): Promise<string> {
  const required = /^\s*(?:require\s+)?github\.com\/GoogleContainerTools\/skaffold\/v2 (v\S+)/m.exec(fs.readFileSync(path.join(SKAFFOLD_MODULE_DIR, 'go.mod'), 'utf8'))?.[1];
  if (required !== SKAFFOLD_VERSION) throw new Error(`deploy/local/skaffold/go.mod requires skaffold ${required ?? '(none)'}, not ${SKAFFOLD_VERSION}`);
  const ldflags = `-s -w -X github.com/GoogleContainerTools/skaffold/v2/pkg/skaffold/version.version=${SKAFFOLD_VERSION}`;
  return wrapperBuildOnce('skaffold', SKAFFOLD_VERSION, SKAFFOLD_MODULE_DIR, 'github.com/GoogleContainerTools/skaffold/v2/cmd/skaffold', ldflags);
}

/**
 * Traefik from our wrapper module, a Gateway API implementation that needs no image pull (it runs
 * beside the cluster with a kubeconfig, or in an image built around it): `--providers.kubernetesgateway`
 * with an entry point on each Gateway listener's port. About 9 CPU-minutes cold, like skaffold: not `npm test`'s.
 */
export function ensureTraefik(): Promise<string> {
  return wrapperBuildOnce('traefik', TRAEFIK_VERSION, TRAEFIK_MODULE_DIR, 'github.com/traefik/traefik/v3/cmd/traefik', `-s -w -X github.com/traefik/traefik/v3/pkg/version.Version=${TRAEFIK_VERSION}`);
}
