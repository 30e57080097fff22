import type { WorkflowStep } from '@brandradar/contracts';

/** Why each primitive is part of the brief: the `why` of its entry in `results`, and its name in the summary. */
export const STEP_TEXT: Record<WorkflowStep, { label: string; why: string }> = {
  answers: {
    label: 'AI answers',
    why: 'What the selected AI surfaces answer when asked the topic today: the baseline the article must beat, and whether they name the brand.',
  },
  citations: {
    label: 'cited sources',
    why: 'The pages those AI answers cite, grouped by site: the sources to learn from and outdo, and whether the brand’s own site is among them.',
  },
  keyword_demand: {
    label: 'keyword demand',
    why: 'How often the topic and longer searches containing it are searched in the country, to pick the primary keyword and the subheadings.',
  },
  questions: {
    label: 'questions',
    why: 'The questions searchers ask (Google’s People Also Ask and related searches), for the article’s sections and its FAQ.',
  },
  video_trends: {
    label: 'video trends',
    why: 'The recent YouTube videos on the topic gaining views fastest, with the title patterns, angles and formats behind them.',
  },
};
