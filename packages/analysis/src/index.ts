export { detectBrands, type TrackedBrand, type BrandDetection, type Span } from './detect';
export { normalizeUrl, registrableDomain, samePage } from './urls';
export { splitSentences, scoreSentence, brandSentimentScore, classifySentiment, type Sentence, type SentimentLabel } from './sentiment';
export { wilsonInterval, fisherExactPValue, twoProportionPValue, clusteredTwoProportionPValue, studentTPValue, designEffect, quantile, type ClusteredCount } from './stats';
export { computeMetrics, metricsOfFindings, withAliases, type AnalysedAnswer, type AnalysisInput, type AnswerFinding, type Primitive } from './metrics';
export { computeDelta } from './delta';
export * from './schemas';
export { ANALYSIS_VERSION, LEGACY_ANALYSIS_VERSION } from './version';
export { simulateCalibration, simulateRunPair, seededRandom, type CalibrationDesign, type CalibrationOptions, type CalibrationResult, type FlaggedShare } from './calibration';
