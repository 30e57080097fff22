export { nextOccurrence, occurrencesAfter } from './occurrences';
export { projectRunsDryAt, type ProjectedTracker } from './runs-dry';
