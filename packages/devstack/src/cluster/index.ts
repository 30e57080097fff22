/** The local single-node cluster (docs/development.md, "The local cluster"): what test/cluster uses of it. */
export { clusterDown, clusterLeftovers } from './down';
export { iptablesRules } from './host';
export { importImage, loadReleaseImage, newestRelease } from './images';
export { guardChains } from './config';
export { layout, NETWORK, PORTS } from './layout';
export { clusterApi, clusterUp } from './node';
export { helmUpgrade, installRelease, releaseAccess, RELEASE, tagServiceImages } from './release';
