import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './paths';

const run = promisify(execFile);

/**
 * `bash` arguments that run buildah on the image scripts' storage: the flags come from
 * deploy/images/buildah.sh (`bh_flags`: the cache's storage and the driver chosen for it), so that
 * code here and the scripts never disagree on where the images are.
 */
export const buildahArgs = (...args: string[]) => ['-c', `. '${path.join(REPO_ROOT, 'deploy', 'images', 'buildah.sh')}' && bh_flags && exec buildah "\${BH_FLAGS[@]}" "$@"`, 'buildah', ...args];

/** buildah on the image scripts' storage. */
export const buildah = (...args: string[]) => run('bash', buildahArgs(...args), { maxBuffer: 16 << 20 });
