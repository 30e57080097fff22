/**
 * The version of the detection and metric rules (api-contract §11). Every run and every answer's
 * metrics record the version they were computed with, and a delta compares runs of one version
 * only: a change of the rules is not a change of the brand. Change it whenever a rule's output
 * changes; `version.test.ts` fails when the outputs on the evaluation set change and it does not,
 * and prints the fingerprint to record under the new version in `version-fingerprints.json`.
 */
export const ANALYSIS_VERSION = '2026-12-05.1';

/** What runs and answers analysed before versions were recorded report: their rules are unknown. */
export const LEGACY_ANALYSIS_VERSION = 'unversioned';
