// Chinese for what "Evaluate this model" tells the person from the worker.
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_EVAL_MESSAGES_ZH: Messages = {
  'An evaluation is already running. Stop it, or wait for it to finish.':
    '已有一次评估正在进行。请先停止它，或等它完成。',
  'Choose a model for this backend before evaluating it.': '请先为这个后端选择一个模型，再进行评估。',
  'Choose at least one language of scenes.': '请至少选择一种场景语言。',
};
