// Chinese for the plot author's hint in the composer (story/plot-hint.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PLOT_HINT: Messages = {
  Hint: '提示',
  'Hint:': '提示：',
  'Hide the hint': '隐藏提示',
  'An idea for where the story could go next, from what you have seen; it is not sent':
    '根据你所见到的内容，给出故事接下来可以走向哪里的一个想法；它不会被发送',
};
