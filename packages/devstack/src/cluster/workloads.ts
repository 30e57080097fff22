import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { kubeRequest, type ControlPlane } from '../kube';

type Api = Pick<ControlPlane, 'url' | 'ca' | 'token'>;

const Workloads = z.object({
  items: z.array(
    z.object({
      metadata: z.object({ name: z.string(), generation: z.number().optional() }),
      spec: z.object({ replicas: z.number().optional() }),
      status: z.object({ observedGeneration: z.number().optional(), updatedReplicas: z.number().optional(), readyReplicas: z.number().optional() }).optional(),
    }),
  ),
});
const Pods = z.object({
  items: z.array(
    z.object({
      metadata: z.object({ name: z.string() }),
      status: z.object({ containerStatuses: z.array(z.object({ state: z.object({ waiting: z.object({ reason: z.string().optional() }).optional() }).optional() })).optional() }).optional(),
    }),
  ),
});

const selector = (release: string) => `labelSelector=${encodeURIComponent(`app.kubernetes.io/instance=${release}`)}`;

/** The release's Deployments and StatefulSets that are not yet fully rolled out and ready, as `name ready/wanted`. */
async function pendingWorkloads(api: Api, namespace: string, release: string): Promise<string[]> {
  const pending: string[] = [];
  for (const kind of ['deployments', 'statefulsets']) {
    const answer = await kubeRequest(api, 'GET', `/apis/apps/v1/namespaces/${namespace}/${kind}?${selector(release)}`);
    const list = Workloads.safeParse(answer.body);
    if (!list.success) throw new Error(`listing ${kind} answered ${answer.status}: ${String(JSON.stringify(answer.body)).slice(0, 300)}`);
    for (const { metadata, spec, status } of list.data.items) {
      const wanted = spec.replicas ?? 1;
      const rolledOut = (status?.observedGeneration ?? 0) >= (metadata.generation ?? 0) && (status?.updatedReplicas ?? 0) >= wanted;
      if (!rolledOut || (status?.readyReplicas ?? 0) < wanted) pending.push(`${metadata.name} ${status?.readyReplicas ?? 0}/${wanted}`);
    }
  }
  return pending;
}

/** Waits until every Deployment and StatefulSet of the release has all its replicas updated and ready. */
export async function waitForWorkloads(api: Api, namespace: string, release: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await pendingWorkloads(api, namespace, release);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs / 1000} s: ${pending.join(', ')}`);
    await sleep(2_000);
  }
}

/**
 * Deletes the release's pods that wait in CrashLoopBackOff, so that their replacements start now.
 * On a first install with the stores in the release, the services exit until the post-install
 * provisioning Job has made their streams, and by then the kubelet's back-off may hold them for
 * minutes.
 */
export async function restartBackedOffPods(api: Api, namespace: string, release: string): Promise<number> {
  const answer = await kubeRequest(api, 'GET', `/api/v1/namespaces/${namespace}/pods?${selector(release)}`);
  const pods = Pods.safeParse(answer.body);
  if (!pods.success) throw new Error(`listing pods answered ${answer.status}`);
  const backedOff = pods.data.items.filter((p) => p.status?.containerStatuses?.some((c) => c.state?.waiting?.reason === 'CrashLoopBackOff'));
  for (const pod of backedOff) await kubeRequest(api, 'DELETE', `/api/v1/namespaces/${namespace}/pods/${pod.metadata.name}`);
  return backedOff.length;
}
