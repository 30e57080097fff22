export { nextOccurrence, occurrencesAfter } from './occurrences';
export { projectRunsDryAt, type ProjectedTracker, type RunsDryInput } from './runs-dry';
