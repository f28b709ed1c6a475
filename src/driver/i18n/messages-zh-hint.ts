// Chinese for the plot author's hint (turns/plot-hint.ts).
import type { Messages } from './translate.ts';

export const HINT_ZH: Messages = {
  'The hint was empty: write one or two sentences.': '提示是空的：请写一两句话。',
};
